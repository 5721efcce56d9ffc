import Foundation
import Testing
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogPipeline
import VoiceLogSpeech
@testable import VoiceLogCLI

/// Free text dictated after a note's introduction ("note felt dizzy after the bus ride"):
/// the generated grammar hears the introduction and marks the rest as free speech, which the
/// general language model then reads. Prints how many gave a note and the word error rate of
/// the free words.
@Suite struct FreeTextDictationTests {
    typealias Accuracy = GeneratedGrammarAccuracyTests
    static let librivox = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data/librivox")
    static let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12)
    static var canMixInAHumanVoice: Bool {
        Accuracy.hasSpeechSynthesis && FileManager.default.fileExists(atPath: librivox.path)
    }

    static func recognizer() throws -> SpeechRecognizer {
        var options = RecognizerOptions()
        options.confidence = nil
        return try SpeechGrammar(grammar: BundledGrammar.grammar).recognizer(options: options, search: .grammar)
    }

    @Test func freeSpeechIsAPathOnlyAtTheEndOfANote() throws {
        let recognizer = try Self.recognizer()
        #expect(recognizer.canSay("note free_f free_eh free_l free_t"))
        #expect(recognizer.canSay("memo free_ah"))
        #expect(recognizer.canSay("note"))
        #expect(!recognizer.canSay("glucose free_ah"))
        #expect(!recognizer.canSay("note free_ah glucose"))
    }

    @Test(.enabled(if: Accuracy.hasSpeechSynthesis, "needs espeak-ng and sox (apt-get install espeak-ng sox)"))
    func notesInSyntheticVoices() throws {
        var clips: [(samples: [Int16], text: String)] = []
        for (index, sentence) in try Accuracy.sentences(in: "notes.txt").enumerated() {
            for (voice, speed) in [Accuracy.heldOutVoices[index % 4], Accuracy.heldOutVoices[(index + 1) % 4]] {
                clips.append((try Self.spoken(sentence, voice: voice, speed: speed), sentence))
            }
        }
        let notes = try Self.measure(clips, label: "synthetic voices")
        #expect(clips.count == 12)
        #expect(notes >= 10)
    }

    /// A human voice, where the language model does far better than on synthetic speech: the
    /// recordings of `pocketsphinx-testdata` after a synthetic "note".
    @Test(.enabled(if: canMixInAHumanVoice, "needs espeak-ng, sox and pocketsphinx-testdata"))
    func notesInAHumanVoice() throws {
        let note = try Self.spoken("note")
        let pause = [Int16](repeating: 0, count: 3_200)

        // "<s> he was not an ill disposed young man </s> (sense_and_sensibility_01_austen_64kb-0880)"
        let transcription = try String(contentsOf: Self.librivox.appendingPathComponent("transcription"), encoding: .utf8)
        var clips: [(samples: [Int16], text: String)] = []
        for line in transcription.split(separator: "\n") {
            guard let open = line.lastIndex(of: "(") else { continue }
            let name = line[line.index(after: open)...].dropLast()
            let words = line[..<open].split(separator: " ").filter { $0 != "<s>" && $0 != "</s>" }
            let speech = try WAVReader.read(contentsOf: Self.librivox.appendingPathComponent("\(name).wav")).speechSamples()
            clips.append((note + pause + speech, "note " + words.joined(separator: " ")))
        }
        let notes = try Self.measure(clips, label: "human voice")
        #expect(clips.count == 5)
        #expect(notes >= 3)
    }

    /// In a stream, "note" and a pause: the next utterance is the note's free text. With no
    /// speech within 5 s the note is given alone, and what follows is read as usual.
    @Test(.enabled(if: canMixInAHumanVoice, "needs espeak-ng, sox and pocketsphinx-testdata"))
    func aPauseAfterNoteMakesTheNextUtteranceItsText() throws {
        func samples(_ file: URL) throws -> [Int16] { try WAVReader.read(contentsOf: file).speechSamples() }
        let note = try Self.spoken("note")
        let human = try samples(Self.librivox.appendingPathComponent("sense_and_sensibility_01_austen_64kb-0930.wav"))
        let glucose = try samples(Accuracy.folder.appendingPathComponent("utt1-v1.wav"))
        let headache = try samples(Accuracy.folder.appendingPathComponent("utt5-v1.wav"))
        let second = [Int16](repeating: 0, count: 16_000)
        let audio = [note, second, human, second, glucose, second, note, Array(repeating: 0, count: 7 * 16_000), headache, second]

        let stream = try Self.recognizer().makeStream()
        var heard = try audio.flatMap { try stream.feed($0) }.map(\.text)
        if let last = try stream.finish() { heard.append(last.text) }
        print("note stream: \(heard)")
        try #require(heard.count == 4)
        let text = heard[0].split(separator: " ")
        #expect(text.first == "note" && text.count >= 4, "\(heard[0])")  // "he might even have been made amiable himself"
        #expect(Array(heard[1...]) == ["glucose six point two after dinner", "note", "mild headache this morning"])
    }

    /// A sentence spoken by espeak-ng, as 16 kHz samples.
    static func spoken(_ sentence: String, voice: String = "en-us", speed: Int = 160) throws -> [Int16] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-spoken-\(UUID().uuidString).wav")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: file.deletingPathExtension().appendingPathExtension("raw.wav"))
        }
        try Accuracy.speak(sentence, voice: voice, speed: speed, to: file)
        return try WAVReader.read(contentsOf: file).speechSamples()
    }

    /// Decodes each clip, prints what was heard, and returns how many gave a note entry; the
    /// free words' error rate is printed, not checked, since it is the language model's.
    static func measure(_ clips: [(samples: [Int16], text: String)], label: String) throws -> Int {
        let recognizer = try recognizer()
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        var freeWords = WordErrorRate()
        var notes = 0
        for clip in clips {
            let heard = try recognizer.recognize(clip.samples).text
            let expected = try #require(parser.parse(clip.text, now: now).entries.first)
            let entry = parser.parse(heard, now: now).entries.first
            if entry?.kind == "note", let text = entry?["text"]?.text, !text.isEmpty {
                notes += 1
                freeWords.add(reference: expected["text"]?.text ?? "", hypothesis: text)
            }
            print("\(label): \(entry?.kind == "note" ? "note" : "ERR ") \"\(heard)\" for \"\(clip.text)\"")
        }
        print("\(label): \(notes) of \(clips.count) notes; their free words' WER \(String(format: "%.1f", freeWords.rate * 100)) %")
        return notes
    }
}
