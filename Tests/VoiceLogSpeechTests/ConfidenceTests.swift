import Foundation
import Testing
import VoiceLogSpeech

/// The phone-loop confidence separates speech the grammar covers from speech it does not.
@Suite struct ConfidenceTests {
    @Test func inGrammarSpeechIsAcceptedAndOtherSpeechIsNot() throws {
        let recognizer = try Fixtures.recognizer()
        var inGrammar: [Double] = []
        for entry in Fixtures.entries("utterance") {
            let transcript = try recognizer.recognize(contentsOf: entry.url)
            inGrammar.append(transcript.confidence ?? -1)
            #expect(transcript.isAccepted(), "\(entry.file): \(transcript)")
        }
        var outOfGrammar: [Double] = []
        for entry in Fixtures.entries("out-of-grammar") {
            let transcript = try recognizer.recognize(contentsOf: entry.url)
            outOfGrammar.append(transcript.confidence ?? -1)
            print("\(entry.file) \"\(entry.transcript)\" heard as: \(transcript)")
            #expect(!transcript.isAccepted(), "\(entry.file): \(transcript)")
        }
        print("confidence in grammar: min \(inGrammar.min()!), out of grammar: max \(outOfGrammar.max()!)")
    }

    @Test(.enabled(if: Fixtures.hasTestData, "needs Debian's pocketsphinx-testdata"))
    func humanSpeechOutsideTheGrammarIsRejected() throws {
        let recognizer = try Fixtures.recognizer()
        let files = ["cards/001.wav", "cards/002.wav", "cards/003.wav", "cards/004.wav", "cards/005.wav"]
            + [870, 880, 890, 920, 930].map { "librivox/sense_and_sensibility_01_austen_64kb-0\($0).wav" }
        for file in files {
            let transcript = try recognizer.recognize(contentsOf: Fixtures.testData.appendingPathComponent(file))
            print("\(file) heard as: \(transcript)")
            #expect(!transcript.isAccepted(), "\(file): \(transcript)")
        }
    }

    /// In noise a teen and its ten are hard to tell apart: a reading holding a word noise
    /// makes doubtful has its confidence halved there, and only there.
    @Test func noiseHalvesTheConfidenceInADoubtfulWord() throws {
        let clean = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("utt2-v1.wav")).speechSamples()
        let noise = try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("noise.wav")).speechSamples()
        let noisy = clean.indices.map { clean[$0] &+ noise[$0 % noise.count] }
        var trusting = RecognizerOptions()
        trusting.noiseSuppression = .never
        var doubting = trusting
        doubting.doubtfulInNoise = ["eighty", "eighteen"]
        for (samples, isNoisy) in [(clean, false), (noisy, true)] {
            let trusted = try Fixtures.recognizer(trusting).recognize(samples)
            let doubted = try Fixtures.recognizer(doubting).recognize(samples)
            #expect(trusted.text == "blood pressure one twenty over eighty")
            #expect(doubted.text == trusted.text)
            let confidence = try #require(trusted.confidence)
            #expect(doubted.confidence == (isNoisy ? confidence / 2 : confidence), "\(isNoisy ? "noisy" : "clean"): \(trusted) / \(doubted)")
        }
    }

    @Test func withoutThePhoneLoopThereIsNoConfidence() throws {
        var options = RecognizerOptions()
        options.confidence = nil
        let transcript = try Fixtures.recognizer(options).recognize(contentsOf: Fixtures.folder.appendingPathComponent("utt2-v1.wav"))
        #expect(transcript.text == "blood pressure one twenty over eighty")
        #expect(transcript.confidence == nil)
    }

    @Test func theLogisticCurveIsCentredOnTheMidpoint() {
        let curve = PhoneLoopConfidence(midpoint: -24, scale: 3)
        #expect(curve.confidence(margin: -24) == 0.5)
        #expect(curve.confidence(margin: 0) > 0.99)
        #expect(curve.confidence(margin: -45) < 0.01)
    }
}
