import Foundation

/// Writes speech samples as a plain RIFF/WAVE file: 16-bit PCM, mono, as `WAVReader` and
/// SphinxTrain's tools read it.
public enum WAVWriter {
    /// The bytes of a whole WAV file holding `samples` at `sampleRate` (16 kHz by default).
    public static func data(_ samples: [Int16], sampleRate: Int = 16_000) -> Data {
        let dataSize = UInt32(samples.count * 2)
        var bytes = Data()
        bytes.reserveCapacity(44 + samples.count * 2)
        func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        append("RIFF"); append(36 + dataSize); append("WAVE")
        append("fmt "); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))  // PCM, one channel
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        append("data"); append(dataSize)
        for sample in samples { append(sample) }
        return bytes
    }
}
