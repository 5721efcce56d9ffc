import Foundation
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogSpeech

/// The speech side of the grammar: the JSGF compiled from the grammar files (free text at
/// the end of a sentence as a `FreeTextLoop`), the repository's pronunciations for words the
/// model's dictionary lacks, and a recognizer loaded with both.
public struct SpeechGrammar {
    public let jsgf: String
    /// `Grammars/pronunciations.dict` and the free-text loop's words, written where
    /// PocketSphinx can read them.
    public let pronunciations: URL

    /// Compiles `grammar` to JSGF, keeping only words that the model's dictionary or the
    /// repository's pronunciations can say.
    public init(grammar: Grammar, model: SpeechModel = .debianEnglish) throws {
        let extra = BundledGrammar.pronunciations
        var sayable = Self.words(in: extra)
        do {
            for line in try InputSource(path: model.dictionary.path).lines() { sayable.insert(Self.word(of: line)) }
        } catch {
            throw CLIError("\(error) Install Debian's pocketsphinx-en-us.")
        }
        let freeText = model.languageModel == nil ? nil : FreeTextLoop.jsgf()
        jsgf = JSGFCompiler(grammar: grammar, isSpeakable: sayable.contains, freeText: freeText).compile()
        pronunciations = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-pronunciations-\(getpid()).dict")
        try Data((extra + FreeTextLoop.pronunciations()).utf8).write(to: pronunciations)
    }

    /// A recognizer for the grammar, with the settings measured best for it.
    public func recognizer(options: RecognizerOptions = RecognizerOptions()) throws -> SpeechRecognizer {
        try SpeechRecognizer(grammar: jsgf, pronunciations: pronunciations, options: Self.tuned(options))
    }

    /// `options` with the decoder settings measured best for the generated grammar on the
    /// fixtures and on held-out voices (README, "Speech").
    public static func tuned(_ options: RecognizerOptions) -> RecognizerOptions {
        var options = options
        options.wordInsertionPenalty = 0.05
        options.languageWeight = 10
        options.topGaussians = 16
        options.alternativePronunciations = false
        return options
    }

    private static func words(in text: String) -> Set<String> {
        Set(text.split(separator: "\n").map { word(of: String($0)) })
    }

    /// "word(2) W ER D" is the word `word`.
    private static func word(of line: String) -> String {
        String(line.prefix { $0 != " " && $0 != "\t" && $0 != "(" })
    }
}
