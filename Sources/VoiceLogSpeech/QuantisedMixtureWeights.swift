import Foundation

/// The mixture weights of a PocketSphinx `sendump` file: for each feature stream, Gaussian
/// and senone, one byte holding the weight's negative logarithm (base 1.0001) shifted right
/// by `shift` bits.
struct QuantisedMixtureWeights {
    let streams: Int
    let gaussians: Int
    let senones: Int
    let shift: Int
    /// Bytes in `sendump` order: stream, then Gaussian, then senone.
    let bytes: [UInt8]

    /// Reads a `sendump` file (headers of length-prefixed strings, then the sizes and bytes).
    init(contentsOf url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        var offset = 0
        func fail(_ reason: String) -> SpeechError {
            .adaptationFailed(reason: "cannot read the mixture weights in \(url.path): \(reason)")
        }
        // The file's byte order is told by the first string's length, which is small: its
        // last byte in little-endian order is zero.
        guard data.count >= 4 else { throw fail("the file is too short") }
        let littleEndian = data[3] == 0
        func integer() throws -> Int {
            guard offset + 4 <= data.count else { throw fail("the file ends early") }
            let four = data[offset..<offset + 4]
            offset += 4
            let value = four.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return Int(Int32(bitPattern: littleEndian ? value : value.byteSwapped))
        }
        // A title, then "name value" lines, all length-prefixed, up to an empty one.
        var header: [String: Int] = [:]
        while true {
            let length = try integer()
            if length == 0 { break }
            guard length > 0, offset + length <= data.count else { throw fail("a header line runs past the end") }
            let line = String(decoding: data[offset..<offset + length - 1], as: UTF8.self)
            offset += length
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { header[String(parts[0])] = value }
        }
        guard header["cluster_count", default: 0] == 0 else { throw fail("clustered weights are not supported") }
        gaussians = try integer()
        senones = try integer()
        shift = header["mixw_shift"] ?? 10
        guard gaussians > 0, senones > 0 else { throw fail("it gives no Gaussians or senones") }
        let remaining = data.count - offset
        streams = header["feature_count"] ?? remaining / (gaussians * senones)
        guard streams > 0, remaining >= streams * gaussians * senones else { throw fail("the weights are cut short") }
        bytes = Array(data[offset..<offset + streams * gaussians * senones])
    }

    /// The weights as SphinxTrain's binary `mixture_weights` file: senone by stream by
    /// Gaussian, each senone's weights of a stream summing to one.
    func sphinxTrainFile() -> Data {
        var weights = [Float](repeating: 0, count: senones * streams * gaussians)
        for stream in 0..<streams {
            for gaussian in 0..<gaussians {
                let row = (stream * gaussians + gaussian) * senones
                for senone in 0..<senones {
                    let negativeLog = Double(Int(bytes[row + senone]) << shift)
                    weights[(senone * streams + stream) * gaussians + gaussian] = Float(pow(1.0001, -negativeLog))
                }
            }
        }
        for start in stride(from: 0, to: weights.count, by: gaussians) {
            let total = weights[start..<start + gaussians].reduce(0, +)
            if total > 0 { for index in start..<start + gaussians { weights[index] /= total } }
        }
        var file = Data("s3\nversion 1.0\nendhdr\n".utf8)
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) } }
        append(0x1122_3344) // byte-order mark
        for size in [senones, streams, gaussians, weights.count] { append(UInt32(size)) }
        for weight in weights { append(weight.bitPattern) }
        return file
    }
}
