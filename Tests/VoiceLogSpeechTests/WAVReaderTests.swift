import Foundation
import Testing
import VoiceLogSpeech

@Suite struct WAVReaderTests {
    /// A minimal WAV file: RIFF header, fmt chunk (plain or extensible) and data chunk.
    static func wav(tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 16_000, bits: UInt16 = 16,
                    data: [UInt8], declaredDataSize: UInt32? = nil, extensible: Bool = false) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { le16(UInt16(v & 0xFFFF)) + le16(UInt16(v >> 16)) }
        let align = channels * bits / 8
        var fmt = le16(extensible ? 0xFFFE : tag) + le16(channels) + le32(rate) + le32(rate * UInt32(align)) + le16(align) + le16(bits)
        if extensible { fmt += le16(22) + le16(bits) + le32(0) + le16(tag) + [UInt8](repeating: 0, count: 14) }
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(UInt32(fmt.count)) + fmt
            + Array("data".utf8) + le32(declaredDataSize ?? UInt32(data.count)) + data
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    @Test(arguments: [
        (UInt16(1), UInt16(8), [UInt8]([0x80, 0xC0, 0x00]), [Float](arrayLiteral: 0, 0.5, -1)),
        (1, 16, [0x00, 0x00, 0x00, 0x40, 0x00, 0x80], [0, 0.5, -1]),
        (1, 24, [0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x80], [0, 0.5, -1]),
        (1, 32, [0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0x80], [0, 0.5, -1]),
        (3, 32, [0, 0, 0, 0, 0, 0, 0, 0x3F, 0, 0, 0x80, 0xBF], [0, 0.5, -1]),
    ])
    func decodesEachSampleEncoding(tag: UInt16, bits: UInt16, data: [UInt8], expected: [Float]) throws {
        let clip = try WAVReader.decode(Self.wav(tag: tag, bits: bits, data: data))
        #expect(clip.samples == expected)
        let extensible = try WAVReader.decode(Self.wav(tag: tag, bits: bits, data: data, extensible: true))
        #expect(extensible.samples == expected)
    }

    @Test func mixesStereoDownToMono() throws {
        // Left 0.5, right -0.25 (16-bit), two frames.
        let data: [UInt8] = [0x00, 0x40, 0x00, 0xE0, 0x00, 0x40, 0x00, 0xE0]
        let clip = try WAVReader.decode(Self.wav(channels: 2, data: data))
        #expect(clip.channelCount == 2)
        #expect(clip.mixedToMono() == [0.125, 0.125])
    }

    @Test(arguments: [
        ([UInt8](), WAVError.emptyFile),
        (Array("ID3\u{3}hello mp3 bytes".utf8), .notWAV),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI LIST".utf8), .notWAV),
        (Array("RIFF\u{4}\u{0}\u{0}\u{0}WAVEfmt \u{10}\u{0}\u{0}\u{0}\u{1}\u{0}".utf8), .brokenHeader("the fmt chunk is 16 bytes, needs 16 and must fit in the file")),
        (Array("RIFF\u{4}\u{0}\u{0}\u{0}WAVE".utf8), .brokenHeader("there is no fmt chunk")),
    ])
    func rejectsBrokenFiles(bytes: [UInt8], expected: WAVError) {
        #expect(throws: expected) { try WAVReader.decode(bytes) }
    }

    @Test func reportsATruncatedDataChunk() throws {
        let whole = try [UInt8](Data(contentsOf: Fixtures.folder.appendingPathComponent("utt5-v1.wav")))
        let cut = Array(whole.prefix(whole.count / 2))
        #expect(throws: WAVError.truncated(expectedBytes: whole.count - 44, availableBytes: cut.count - 44)) {
            try WAVReader.decode(cut)
        }
        let message = "\(WAVError.truncated(expectedBytes: 10, availableBytes: 4))"
        #expect(message == "the WAV file is truncated: its header announces 10 bytes of audio but only 4 are there; the copy or recording was cut short")
    }

    @Test func reportsUnsupportedEncodingsAndEmptyAudio() {
        #expect(throws: WAVError.unsupportedFormat("µ-law compressed audio")) {
            try WAVReader.decode(Self.wav(tag: 7, bits: 8, data: [0, 0]))
        }
        #expect(throws: WAVError.unsupportedFormat("12-bit integer PCM")) {
            try WAVReader.decode(Self.wav(tag: 1, bits: 12, data: [0, 0]))
        }
        #expect(throws: WAVError.noAudio) { try WAVReader.decode(Self.wav(data: [])) }
    }

    @Test func readsAStreamedFileWithoutADataSize() throws {
        let clip = try WAVReader.decode(Self.wav(data: [0x00, 0x40, 0x00, 0x40], declaredDataSize: 0xFFFF_FFFF))
        #expect(clip.samples == [0.5, 0.5])
    }

    @Test func readsAFileThatDoesNotExist() {
        #expect(throws: WAVError.unreadable(path: "/nonexistent.wav")) {
            try WAVReader.read(contentsOf: URL(fileURLWithPath: "/nonexistent.wav"))
        }
    }

    @Test func sox44kStereoMatchesThe16kOriginal() throws {
        let original = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("utt1-v1.wav"))
        let copy = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("utt1-v1-44k-stereo.wav"))
        #expect(copy.sampleRate == 44_100 && copy.channelCount == 2)
        let a = original.speechSamples(), b = copy.speechSamples()
        #expect(abs(a.count - b.count) <= 1)
        // Same signal after two resamplings: the difference is small next to the speech.
        let n = min(a.count, b.count)
        let signal = (0..<n).reduce(0.0) { $0 + pow(Double(a[$1]), 2) }
        let noise = (0..<n).reduce(0.0) { $0 + pow(Double(a[$1]) - Double(b[$1]), 2) }
        let snr = 10 * log10(signal / noise)
        print("16 kHz → 44.1 kHz stereo (sox) → 16 kHz mono (ours): SNR \(String(format: "%.1f", snr)) dB")
        #expect(snr > 30)
    }

    @Test func theResamplerKeepsSpeechAndRemovesWhatCannotBeRepresented() {
        func tone(_ frequency: Double, rate: Int) -> [Float] {
            (0..<rate).map { Float(sin(2 * .pi * frequency * Double($0) / Double(rate))) }
        }
        func rms(_ x: [Float]) -> Double {
            let middle = x[x.count / 4..<x.count * 3 / 4]
            return sqrt(middle.reduce(0.0) { $0 + Double($1 * $1) } / Double(middle.count))
        }
        let resampler = Resampler(from: 44_100, to: 16_000)
        let kept = resampler.resample(tone(1_000, rate: 44_100))
        let removed = resampler.resample(tone(12_000, rate: 44_100))  // above 8 kHz: would alias to 4 kHz
        #expect(kept.count == 16_000)
        #expect(abs(rms(kept) - 1 / 2.0.squareRoot()) < 0.01)
        #expect(rms(removed) < 0.001)
        #expect(Resampler(from: 16_000, to: 16_000).resample([1, 2, 3]) == [1, 2, 3])
    }

    @Test func writesWhatItReadsBack() throws {
        let samples: [Int16] = [0, 1000, -1000, 12_345, -20_000, 7]
        let written = WAVWriter.data(samples)
        let bytes = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        #expect([UInt8](written) == Self.wav(data: bytes))
        let clip = try WAVReader.decode([UInt8](written))
        #expect(clip.sampleRate == 16_000 && clip.channelCount == 1)
        #expect(clip.speechSamples() == samples)
    }
}
