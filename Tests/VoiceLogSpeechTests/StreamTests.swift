import Foundation
import Testing
import VoiceLogSpeech

/// Continuous audio is split at silences into one transcript per utterance.
@Suite struct StreamTests {
    static var streamSamples: [Int16] {
        get throws { try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("stream3.wav")).speechSamples() }
    }
    static var expected: [String] {
        Fixtures.entries("stream")[0].transcript.components(separatedBy: " | ")
    }

    @Test func threeUtterancesWithSilenceBetweenGiveThreeTranscripts() throws {
        let stream = try Fixtures.recognizer().makeStream()
        var transcripts: [Transcript] = []
        let samples = try Self.streamSamples
        for start in stride(from: 0, to: samples.count, by: 3_200) {  // 0.2 s chunks, as a microphone delivers
            transcripts += try stream.feed(Array(samples[start..<min(start + 3_200, samples.count)]))
        }
        if let last = try stream.finish() { transcripts.append(last) }
        print("stream: \(transcripts)")
        #expect(transcripts.map(\.text) == Self.expected)
        #expect(transcripts.allSatisfy { $0.isAccepted() })
        // Each carries its own stretch of the stream: the first from the stream's start, and
        // together no more than the stream.
        #expect(transcripts.allSatisfy { $0.audio.count > 16_000 })
        #expect(transcripts.map(\.audio.count).reduce(0, +) <= samples.count)
        #expect(transcripts.first?.audio == Array(samples.prefix(transcripts.first?.audio.count ?? 0)))
    }

    @Test func rawS16LEFromAPipeInOddSizedChunks() throws {
        let samples = try Self.streamSamples
        let bytes = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let pipe = Pipe()
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {  // 999-byte writes split samples across chunks
                let end = min(offset + 999, bytes.count)
                pipe.fileHandleForWriting.write(Data(bytes[offset..<end]))
                offset = end
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        var texts: [String] = []
        try Fixtures.recognizer().transcribeStream(from: pipe.fileHandleForReading) { texts.append($0.text) }
        #expect(texts == Self.expected)
    }

    @Test func speechCutOffAtTheEndIsStillRecognized() throws {
        let samples = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("utt6-v1.wav")).speechSamples()
        let stream = try Fixtures.recognizer().makeStream()
        let cut = Array(samples.dropLast(2_000))  // no trailing silence
        #expect(try stream.feed(cut).isEmpty)
        #expect(try stream.finish()?.text == "took two tablets of paracetamol")
    }

    /// A long wait before speaking restarts the utterance (keeping its last second), so the
    /// wait holds no more than 30 s of audio, and the speech after it is heard whole.
    @Test func speechAfterAMinuteOfSilenceIsHeard() throws {
        let samples = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("utt6-v1.wav")).speechSamples()
        let stream = try Fixtures.recognizer().makeStream()
        var transcripts: [Transcript] = []
        for _ in 0..<60 { transcripts += try stream.feed([Int16](repeating: 0, count: 16_000)) }
        transcripts += try stream.feed(samples + [Int16](repeating: 0, count: 16_000))
        if let last = try stream.finish() { transcripts.append(last) }
        #expect(transcripts.map(\.text) == ["took two tablets of paracetamol"])
    }

    @Test func noiseAndSilenceGiveNoAcceptedUtterance() throws {
        let noise = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("noise.wav")).speechSamples()
        let stream = try Fixtures.recognizer().makeStream()
        var transcripts = try stream.feed([Int16](repeating: 0, count: 16_000) + noise)
        if let last = try stream.finish() { transcripts.append(last) }
        #expect(transcripts.allSatisfy { !$0.isAccepted() }, "\(transcripts)")
    }
}
