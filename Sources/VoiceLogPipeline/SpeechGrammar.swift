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
    /// Number words the acoustic model confuses, in groups: the digits, the tens, and each
    /// teen with its ten ("fifteen", "fifty"); the grammar search offers readings one of them
    /// apart as alternatives.
    public let confusableWords: [[String]]
    /// The teens and their tens of `confusableWords`: a faint final "n" tells them apart, so
    /// in noise a reading holding one is doubted (`RecognizerOptions.doubtfulInNoise`).
    public let teensAndTens: Set<String>
    /// The acoustic model, dictionaries and speaker adaptation the recognizer decodes with.
    public let model: SpeechModel

    /// Compiles `grammar` to JSGF, keeping only words that the model's dictionary or the
    /// repository's pronunciations can say. With `freeWords`, a food the lists lack may be
    /// said after its introduction too, read by the general language model: on flite's voices
    /// it read 1 of 32 such foods right and cost readings in loud noise, so it
    /// is off by default (docs/speech.md, "Foods said").
    public init(grammar: Grammar, model: SpeechModel = .debianEnglish, freeWords: Bool = false) throws {
        self.model = model
        self.pronunciations = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-pronunciations-\(getpid()).dict")
        try Data((BundledGrammar.pronunciations + FreeTextLoop.pronunciations()).utf8).write(to: self.pronunciations)
        // The words the grammar has (the number words are spelled by the compiler, not asked
        // about), then only theirs looked up: making strings of all 135,000 lines of CMUdict took
        // most of a 0.4 s start-up.
        let words = WordCollector()
        _ = JSGFCompiler(grammar: grammar, pronunciation: words.note).compile()
        let confusable = Self.confusableNumbers(grammar.numberWords)
        let pronunciations: [String: String]
        do {
            pronunciations = try PronunciationDictionary.firstPronunciations(
                of: words.seen.union(confusable.joined()), base: model.dictionary, extra: self.pronunciations)
        } catch {
            throw PipelineError("\(error) Install Debian's pocketsphinx-en-us.")
        }
        let freeText = model.languageModel == nil ? nil : FreeTextLoop.jsgf()
        jsgf = JSGFCompiler(grammar: grammar, pronunciation: { pronunciations[$0] }, freeText: freeText,
                            freeWords: freeWords ? freeText : nil).compile()
        confusableWords = confusable.map { $0.filter { pronunciations[$0] != nil } }
            .filter { $0.count > 1 }
        let teens = Set(grammar.numberWords.teens.keys)
        teensAndTens = Set(confusableWords.filter { $0.contains(where: teens.contains) }.joined())
    }

    /// The digits one to nine, the tens, and each teen from thirteen with its ten.
    static func confusableNumbers(_ words: NumberWords) -> [[String]] {
        // One spelling a value, the one the speech grammar spells numbers with.
        func spelled(_ values: [String: Int], _ range: ClosedRange<Int>) -> [Int: String] {
            var spellings: [Int: String] = [:]
            for (word, value) in values.sorted(by: { $0.key < $1.key }) where range.contains(value) {
                spellings[value] = words.preferred[value] ?? spellings[value] ?? word
            }
            return spellings
        }
        let digits = spelled(words.digits, 1...9).values
        let tens = spelled(words.tens, 20...90)
        let teens = spelled(words.teens, 13...19)
        var groups = [digits.sorted(), tens.values.sorted()]
        for (value, teen) in teens.sorted(by: { $0.key < $1.key }) {
            if let ten = tens[(value - 10) * 10] { groups.append([teen, ten]) }
        }
        return groups
    }

    /// A recognizer for the grammar, with the settings measured best for it; `search` says
    /// whether an n-gram pass built from the grammar comes first.
    public func recognizer(options: RecognizerOptions = RecognizerOptions(), search: SpeechSearch = .ngram) throws -> SpeechRecognizer {
        try SpeechRecognizer(grammar: jsgf, pronunciations: pronunciations, model: model,
                             options: recognizerOptions(options, search: search))
    }

    /// `options` tuned for the grammar and the search, with the merged search graph and the
    /// n-gram model (built into the cache first if need be) and the confusable words.
    public func recognizerOptions(_ options: RecognizerOptions, search: SpeechSearch) throws -> RecognizerOptions {
        var tuned = Self.tuned(options)
        tuned.confusableWords = confusableWords
        tuned.doubtfulInNoise = teensAndTens
        tuned.searchGraph = try SpeechCache.searchGraph(for: jsgf)
        if search == .ngram {
            tuned.languageModel = LanguageModelSearch(model: try SpeechCache.languageModel(for: jsgf))
        }
        return tuned
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
}

/// Whether speech is searched with the grammar alone or with an n-gram model built from it first.
public enum SpeechSearch: String, CaseIterable, Sendable {
    case ngram, grammar
}

/// Notes each word the compiler asks about, answering as though every word had a
/// pronunciation of its own.
private final class WordCollector {
    private(set) var seen: Set<String> = []

    func note(_ word: String) -> String? {
        seen.insert(word)
        return word
    }
}
