import Foundation

/// Reads RIFF/WAVE files: PCM 8, 16, 24 and 32-bit integer and 32 or 64-bit float, plain or
/// `WAVE_FORMAT_EXTENSIBLE`, any channel count and sample rate.
public enum WAVReader {
    /// Reads and decodes the file at `url`.
    public static func read(contentsOf url: URL) throws -> AudioClip {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw WAVError.unreadable(path: url.path)
        }
        return try decode([UInt8](data))
    }

    /// Decodes the bytes of a whole WAV file.
    public static func decode(_ bytes: [UInt8]) throws -> AudioClip {
        guard !bytes.isEmpty else { throw WAVError.emptyFile }
        guard bytes.count >= 12, bytes[0..<4] == Array("RIFF".utf8)[...], bytes[8..<12] == Array("WAVE".utf8)[...] else {
            if bytes.starts(with: "RIFX".utf8) || bytes.starts(with: "RF64".utf8) {
                throw WAVError.unsupportedFormat("big-endian (RIFX) and RF64 files")
            }
            throw WAVError.notWAV
        }
        var format: Format?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes.uint32(at: offset + 4))
            let body = offset + 8
            switch id {
            case "fmt ":
                guard size >= 16, body + size <= bytes.count else {
                    throw WAVError.brokenHeader("the fmt chunk is \(size) bytes, needs 16 and must fit in the file")
                }
                format = try Format(bytes[body..<body + size])
            case "data":
                guard let format else { throw WAVError.brokenHeader("the data chunk comes before any fmt chunk") }
                // Writers that stream to a pipe leave the size at 0 or 0xFFFFFFFF: read to the end.
                let streamed = size == 0xFFFF_FFFF || (size == 0 && bytes.count > body)
                let available = bytes.count - body
                if !streamed, size > available {
                    throw WAVError.truncated(expectedBytes: size, availableBytes: available)
                }
                let end = body + (streamed ? available : size)
                let samples = format.decode(bytes[body..<end])
                guard !samples.isEmpty else { throw WAVError.noAudio }
                return AudioClip(sampleRate: format.sampleRate, channelCount: format.channelCount, samples: samples)
            default:
                break
            }
            offset = body + size + (size & 1)
        }
        throw format == nil
            ? WAVError.brokenHeader("there is no fmt chunk")
            : WAVError.brokenHeader("there is no data chunk")
    }

    /// The sample encoding described by a fmt chunk.
    private struct Format {
        enum Encoding { case integer, float }
        var encoding: Encoding
        var channelCount: Int
        var sampleRate: Int
        var bitsPerSample: Int
        var blockAlign: Int

        init(_ chunk: ArraySlice<UInt8>) throws {
            let start = chunk.startIndex
            var tag = chunk.uint16(at: start)
            channelCount = Int(chunk.uint16(at: start + 2))
            sampleRate = Int(chunk.uint32(at: start + 4))
            blockAlign = Int(chunk.uint16(at: start + 12))
            bitsPerSample = Int(chunk.uint16(at: start + 14))
            if tag == 0xFFFE {  // WAVE_FORMAT_EXTENSIBLE: the real tag opens the sub-format GUID
                guard chunk.count >= 40 else {
                    throw WAVError.brokenHeader("the extensible fmt chunk is \(chunk.count) bytes, needs 40")
                }
                tag = chunk.uint16(at: start + 24)
            }
            switch (tag, bitsPerSample) {
            case (1, 8), (1, 16), (1, 24), (1, 32): encoding = .integer
            case (3, 32), (3, 64): encoding = .float
            case (1, _), (3, _):
                throw WAVError.unsupportedFormat("\(bitsPerSample)-bit \(tag == 1 ? "integer PCM" : "float")")
            case (6, _), (7, _):
                throw WAVError.unsupportedFormat("\(tag == 6 ? "A-law" : "µ-law") compressed audio")
            default:
                throw WAVError.unsupportedFormat("format tag \(tag) (compressed or proprietary audio)")
            }
            guard channelCount > 0 else { throw WAVError.brokenHeader("the file declares 0 channels") }
            guard (1_000...768_000).contains(sampleRate) else {
                throw WAVError.brokenHeader("the sample rate \(sampleRate) Hz is impossible")
            }
            guard blockAlign == channelCount * bitsPerSample / 8 else {
                throw WAVError.brokenHeader("block align \(blockAlign) does not match \(channelCount) channels of \(bitsPerSample) bits")
            }
        }

        /// Interleaved samples in -1…1; a partial frame at the end is dropped.
        func decode(_ data: ArraySlice<UInt8>) -> [Float] {
            let width = bitsPerSample / 8
            let count = data.count / blockAlign * channelCount
            let base = data.startIndex
            return (0..<count).map { index in
                let at = base + index * width
                switch (encoding, width) {
                case (.integer, 1): return (Float(data[at]) - 128) / 128
                case (.integer, 2): return Float(Int16(bitPattern: data.uint16(at: at))) / 32768
                case (.integer, 3):
                    let raw = Int32(data[at]) | Int32(data[at + 1]) << 8 | Int32(data[at + 2]) << 16
                    return Float((raw << 8) >> 8) / 8_388_608
                case (.integer, _): return Float(Int32(bitPattern: data.uint32(at: at))) / 2_147_483_648
                case (.float, 4): return Float(bitPattern: data.uint32(at: at))
                default:
                    let bits = UInt64(data.uint32(at: at)) | UInt64(data.uint32(at: at + 4)) << 32
                    return Float(Double(bitPattern: bits))
                }
            }
        }
    }
}

private extension Collection where Element == UInt8, Index == Int {
    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }
}
