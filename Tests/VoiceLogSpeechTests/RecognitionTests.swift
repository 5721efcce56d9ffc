import Foundation
import Testing
import VoiceLogSpeech

/// Decodes the real fixtures with the real PocketSphinx and the test grammar.
@Suite struct RecognitionTests {
    /// Fixtures the recognizer gets wrong today, and what it hears instead. espeak-ng's fast
    /// female voice makes "mild" sound like "moderate".
    static let knownSlips = ["utt5-v4.wav": "moderate headache this morning"]

    @Test func decodesTheSpokenFixturesOfTheGrammar() throws {
        let recognizer = try Fixtures.recognizer()
        var wer = WordErrorRate()
        var audioSeconds = 0.0
        var wrong: [String] = []
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for entry in Fixtures.entries("utterance") {
                let clip = try WAVReader.read(contentsOf: entry.url)
                audioSeconds += clip.duration
                let transcript = try recognizer.recognize(clip.speechSamples())
                wer.add(reference: entry.transcript, hypothesis: transcript.text)
                let mark = transcript.text == entry.transcript ? "ok " : "ERR"
                if mark == "ERR" { wrong.append(entry.file) }
                print("\(mark) \(entry.file): \(transcript) alternatives: \(transcript.alternatives)")
                #expect(transcript.text == Self.knownSlips[entry.file] ?? entry.transcript, "\(entry.file)")
                #expect(!transcript.alternatives.contains(transcript.text))
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("WER \(String(format: "%.1f", wer.rate * 100)) % (\(wer.errors)/\(wer.referenceWords) words), "
            + "real-time factor \(String(format: "%.3f", seconds / audioSeconds)) over \(String(format: "%.1f", audioSeconds)) s")
        #expect(wer.rate < 0.05)
        #expect(wrong == Array(Self.knownSlips.keys))
    }

    @Test func resampledAndReencodedCopiesDecodeLikeTheOriginal() throws {
        let recognizer = try Fixtures.recognizer()
        let pairs = [
            ("utt1-v1.wav", "utt1-v1-44k-stereo.wav"),
            ("utt4-v2.wav", "utt4-v2-48k-float.wav"),
            ("utt6-v3.wav", "utt6-v3-22k-24bit.wav"),
        ]
        for (original, copy) in pairs {
            let expected = try recognizer.recognize(contentsOf: Fixtures.folder.appendingPathComponent(original))
            let actual = try recognizer.recognize(contentsOf: Fixtures.folder.appendingPathComponent(copy))
            #expect(actual.text == expected.text, "\(copy)")
            #expect(abs((actual.confidence ?? 0) - (expected.confidence ?? 0)) < 0.1, "\(copy)")
        }
    }

    @Test func noiseAloneIsNotTakenForAnEntry() throws {
        let transcript = try Fixtures.recognizer().recognize(contentsOf: Fixtures.folder.appendingPathComponent("noise.wav"))
        print("noise.wav: \(transcript)")
        #expect(!transcript.isAccepted())
    }

    @Test func silenceGivesAnEmptyTranscript() throws {
        let transcript = try Fixtures.recognizer().recognize([Int16](repeating: 0, count: 16_000))
        #expect(transcript.isEmpty)
        #expect(!transcript.isAccepted())
    }

    @Test func aRecognizerCanBeReusedManyTimes() throws {
        let recognizer = try Fixtures.recognizer()
        let samples = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("utt6-v1.wav")).speechSamples()
        let first = try recognizer.recognize(samples)
        // Scores move a little between runs as the decoder adapts its cepstral mean.
        for _ in 0..<3 {
            let again = try recognizer.recognize(samples)
            #expect(again.text == first.text)
            #expect(again.alternatives == first.alternatives)
            #expect(abs(again.confidence! - first.confidence!) < 0.05)
        }
    }

    /// A recognizer starts with and without the phone loop; how long it takes is measured by
    /// `voicelog-bench speech`, not here, where a loaded machine would fail a timed test.
    @Test func startsWithAndWithoutThePhoneLoop() throws {
        var options = RecognizerOptions()
        let samples = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("utt6-v1.wav")).speechSamples()
        let withConfidence = try Fixtures.recognizer(options).recognize(samples)
        options.confidence = nil
        let grammarOnly = try Fixtures.recognizer(options).recognize(samples)
        #expect(withConfidence.text == grammarOnly.text)
        #expect(withConfidence.confidence != nil)
    }

    @Test func theDecoderLogReachesTheCaller() throws {
        let lines = LockedLines()
        var options = RecognizerOptions()
        options.log = { lines.append($0) }
        _ = try Fixtures.recognizer(options)
        let log = lines.all
        print("start-up logged \(log.count) messages")
        #expect(log.count > 50)
        #expect(log.contains { $0.level == .info && $0.text.contains("mdef") })
    }

    /// Real human speech: Debian's pocketsphinx-testdata "cards" recordings with their own
    /// JSGF grammar and transcripts.
    @Test(.enabled(if: Fixtures.hasTestData, "needs Debian's pocketsphinx-testdata"))
    func decodesHumanRecordingsWithTheirGrammar() throws {
        let folder = Fixtures.testData.appendingPathComponent("cards")
        let grammar = try String(contentsOf: folder.appendingPathComponent("cards.gram"), encoding: .utf8)
        let recognizer = try SpeechRecognizer(grammar: grammar)
        let transcription = try String(contentsOf: folder.appendingPathComponent("cards.transcription"), encoding: .utf8)
        var wer = WordErrorRate()
        for line in transcription.split(separator: "\n") {
            // <s> ten of clubs  </s> (001)
            let words = line.split(separator: " ").filter { !$0.hasPrefix("<") && !$0.hasPrefix("(") }
            let id = line.split(separator: "(").last!.dropLast()
            let transcript = try recognizer.recognize(contentsOf: folder.appendingPathComponent("\(id).wav"))
            wer.add(reference: words.joined(separator: " "), hypothesis: transcript.text)
            print("cards/\(id).wav: \(transcript)")
            #expect(transcript.isAccepted(), "cards/\(id).wav: \(transcript)")
        }
        print("cards WER \(String(format: "%.1f", wer.rate * 100)) % (\(wer.errors)/\(wer.referenceWords) words)")
        #expect(wer.rate < 0.2)
    }
}
