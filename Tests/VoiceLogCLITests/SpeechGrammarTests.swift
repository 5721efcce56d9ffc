import Foundation
import Testing
@testable import VoiceLogCLI
import VoiceLogGrammars
import VoiceLogSpeech

/// The speech grammar compiled from `Grammars/` loads in the real PocketSphinx: no undefined
/// rule, no `<VOID>`, no word without a pronunciation (the recognizer refuses each of these
/// loudly), and every word it offers comes from the grammar files.
@Suite struct SpeechGrammarTests {
    @Test func theGeneratedGrammarLoadsWithEveryWordPronounceable() throws {
        let speech = try SpeechGrammar(grammar: BundledGrammar.grammar)
        let start = Date()
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try SpeechRecognizer(grammar: speech.jsgf, pronunciations: speech.pronunciations, options: options)
        print("speech grammar: \(speech.jsgf.utf8.count) bytes, \(recognizer.dictionary.entries.count) words, loaded in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        #expect(recognizer.dictionary.entries.count > 300)
        let words = Set(recognizer.dictionary.entries.map { $0.word })
        for word in ["glucose", "paracetamol", "millilitres", "ninety", "breastfed", "over"] {
            #expect(words.contains(word), "\(word) is not in the speech grammar")
        }
        for written in ["oz", "mg", "tbsp", "tue"] {
            #expect(!words.contains(written), "\(written) is written only, yet the speech grammar offers it")
        }
    }
}
