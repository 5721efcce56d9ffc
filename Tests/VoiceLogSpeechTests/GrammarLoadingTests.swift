import Foundation
import Testing
import VoiceLogSpeech

/// Grammars that PocketSphinx 0.8+5prealpha would load "successfully" and then never match
/// must fail loudly, naming what is wrong.
@Suite struct GrammarLoadingTests {
    static func load(_ body: String) throws -> SpeechRecognizer {
        var options = RecognizerOptions()
        options.confidence = nil
        return try SpeechRecognizer(grammar: "#JSGF V1.0;\ngrammar test;\n" + body, options: options)
    }

    /// Loads `body` and returns the error's description, or nil if it loaded.
    static func failure(_ body: String) -> String? {
        do {
            _ = try load(body)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        ("public <s> = mild headache <when>;", "it refers to <when>, which it does not define"),
        ("import <other.when>;\npublic <s> = mild headache <other.when>;", "<other.when> of another grammar, and imports are not supported"),
        ("public <s> = <s> mild | mild;", "<s> refers to itself"),
        ("public <s> = mild headache (;", "expected `)`, found `the end`"),
        ("public <s> = mild headache <VOID>;", "a sentence can never finish after \"mild headache\""),
        ("public <s> = [mild] [headache];", "it accepts silence as a sentence"),
        ("<s> = mild headache;", "it has no public rule"),
        ("public <s> = mild headache;\npublic <t> = severe nausea;", "2 public rules (<s>, <t>)"),
    ])
    func brokenGrammarsAreRejected(grammar: String, expected: String) throws {
        let message = try #require(Self.failure(grammar), "loaded: \(grammar)")
        #expect(message.contains(expected), "\(message)")
        #expect(message.hasPrefix("the speech grammar cannot be used"))
    }

    @Test func aWordWithoutPronunciationIsNamed() throws {
        #expect(throws: SpeechError.missingPronunciations(words: ["paracetamol", "blorp"])) {
            _ = try Self.load("public <s> = took paracetamol | blorp;")
        }
        let message = Self.failure("public <s> = blorp;") ?? ""
        #expect(message.contains("no pronunciation for blorp; add a line"))
    }

    @Test func theCallersPronunciationsWinOverTheModelsDictionary() throws {
        let extra = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-test-\(UUID()).dict")
        try "# my words\nparacetamol P AE R AH S IY T AH M AA L\nmild M AY L D\n".write(to: extra, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: extra) }
        let dictionary = try PronunciationDictionary(
            words: ["mild", "paracetamol", "tablets"], base: SpeechModel.debianEnglish.dictionary, extra: extra)
        #expect(dictionary.text == "mild M AY L D\nparacetamol P AE R AH S IY T AH M AA L\ntablets T AE B L AH T S\n")
    }

    @Test func aSecondPublicRuleCanBeChosenByName() throws {
        var options = RecognizerOptions()
        options.topRule = "medicine"
        let grammar = "#JSGF V1.0;\ngrammar test;\npublic <symptom> = mild headache this morning;\n"
            + "public <medicine> = took two tablets of paracetamol;\n"
        let recognizer = try SpeechRecognizer(grammar: grammar, pronunciations: Fixtures.pronunciations, options: options)
        let transcript = try recognizer.recognize(contentsOf: Fixtures.folder.appendingPathComponent("utt6-v1.wav"))
        #expect(transcript.text == "took two tablets of paracetamol")
    }

    @Test func aMissingModelSaysHowToInstallIt() {
        let model = SpeechModel(acousticModel: URL(fileURLWithPath: "/nonexistent/en-us"), dictionary: SpeechModel.debianEnglish.dictionary)
        #expect(throws: SpeechError.modelNotFound(path: "/nonexistent/en-us")) {
            _ = try SpeechRecognizer(grammar: Fixtures.grammar, pronunciations: Fixtures.pronunciations, model: model)
        }
    }
}
