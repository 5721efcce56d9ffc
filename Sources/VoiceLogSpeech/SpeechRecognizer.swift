import CPocketSphinx
import Foundation
import VoiceLogJSGF

/// Recognizes spoken sentences of one JSGF grammar with PocketSphinx.
///
/// Owns its decoders: create one per grammar and reuse it for many utterances. Not
/// thread-safe; use each recognizer from one task or thread at a time.
///
/// ```swift
/// let recognizer = try SpeechRecognizer(grammar: jsgf, pronunciations: extraDictionary)
/// let transcript = try recognizer.recognize(contentsOf: wavURL)
/// ```
public final class SpeechRecognizer {
    /// The words of the grammar, each with its pronunciations.
    public let dictionary: PronunciationDictionary
    let decoder: UtteranceDecoder

    /// Loads the grammar and its words' pronunciations.
    ///
    /// - Parameters:
    ///   - grammar: JSGF text with one public rule (or name one in `options.topRule`).
    ///   - pronunciations: a CMUdict-format file for words the model's dictionary lacks,
    ///     e.g. `paracetamol P AE R AH S IY T AH M AA L`; its entries win over the model's.
    ///   - model: acoustic model and full dictionary; Debian's US English by default.
    /// - Throws: `SpeechError.invalidGrammar` when PocketSphinx cannot parse the grammar or
    ///   logs an error while loading it (undefined rule, failed import, left recursion), or
    ///   when no sentence can reach the grammar's end (`<VOID>`);
    ///   `SpeechError.missingPronunciations`, `.modelNotFound`, `.decoderSetupFailed`.
    public init(
        grammar: String,
        pronunciations: URL? = nil,
        model: SpeechModel = .debianEnglish,
        options: RecognizerOptions = RecognizerOptions()
    ) throws {
        try model.checkExists()
        let vocabulary = JSGFVocabulary(grammar)
        if options.topRule == nil, vocabulary.publicRules.count != 1 {
            let reason = vocabulary.publicRules.isEmpty
                ? "it has no public rule; mark the rule to recognize with `public`"
                : "it has \(vocabulary.publicRules.count) public rules "
                    + "(\(vocabulary.publicRules.map { "<\($0)>" }.joined(separator: ", "))) and PocketSphinx "
                    + "would silently search only the first; make one public rule list the others, "
                    + "or name one in RecognizerOptions.topRule"
            throw SpeechError.invalidGrammar(reason: reason, log: [])
        }
        dictionary = try PronunciationDictionary(words: vocabulary.words, base: model.dictionary, extra: pronunciations)

        var searchArguments = options.searchArguments
        var qualifiedTopRule: String?
        if let topRule = options.topRule {
            // PocketSphinx looks rules up by their full name, `grammar.rule`.
            qualifiedTopRule = topRule.contains(".") ? topRule : "\(vocabulary.grammarName ?? "").\(topRule)"
            searchArguments.append(("-toprule", qualifiedTopRule!))
        }
        // The decoders read the words' pronunciations from a file when they load, the grammar's
        // perhaps long after this initializer.
        let dictionaryText = dictionary.text
        let loadGrammar = { [searchArguments] () throws -> GrammarDecoders in
            try Self.withDictionaryFile(dictionaryText) { file in
                try Self.grammarDecoders(grammar, searchArguments: searchArguments, dictionary: file, model: model, options: options)
            }
        }
        var freeText: FreeTextDecoder?
        if let languageModel = model.languageModel, vocabulary.words.contains(where: FreeTextLoop.isLoopWord) {
            freeText = FreeTextDecoder(model: model, languageModel: languageModel, options: options)
        }
        if let languageModel = options.languageModel {
            // The n-gram pass first; the grammar's search only for a reading that is no sentence
            // of the grammar, checked against a graph built from the rules without it.
            let firstPass = try Self.withDictionaryFile(dictionaryText) { file in
                try PocketSphinxDecoder(arguments: model.decoderArguments(dictionary: file)
                    + languageModel.searchArguments(topGaussians: options.topGaussians) + options.extraArguments,
                    log: options.log)
            }
            let rules: JSGFRules
            do { rules = try JSGFRules(grammar) } catch {
                throw SpeechError.invalidGrammar(reason: "\(error)", log: [])
            }
            let top = qualifiedTopRule.map { String($0.split(separator: ".").last ?? "") } ?? rules.publicRules.first ?? ""
            let graph = try Self.check(GrammarGraph(rules: rules, top: top))
            decoder = UtteranceDecoder(grammar: nil, loadGrammar: loadGrammar, firstPass: firstPass, freeText: freeText,
                                       graph: graph, options: options)
        } else {
            let decoders = try loadGrammar()
            let fsg = try decoders.grammar.call({ ps_get_fsg($0, "grammar") }, failed: { $0 == nil }) {
                SpeechError.invalidGrammar(reason: "PocketSphinx built no search graph from it", log: $0)
            }
            let graph = try Self.check(GrammarGraph(fsg!))
            decoder = UtteranceDecoder(grammar: decoders, loadGrammar: loadGrammar, firstPass: nil, freeText: freeText,
                                       graph: graph, options: options)
        }
    }

    /// Runs `body` with `text` in a temporary file, removed after.
    private static func withDictionaryFile<T>(_ text: String, _ body: (URL) throws -> T) throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-\(UUID().uuidString).dict")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try body(file)
    }

    /// Loads the grammar search, and the phone loop and aligner when the options ask for them.
    private static func grammarDecoders(_ grammar: String, searchArguments: [(String, String)], dictionary: URL,
                                        model: SpeechModel, options: RecognizerOptions) throws -> GrammarDecoders {
        let arguments = model.decoderArguments(dictionary: dictionary) + searchArguments + options.extraArguments
        let grammarDecoder = try PocketSphinxDecoder(arguments: arguments, log: options.log)
        try load(grammar, into: grammarDecoder)
        var phoneLoop: PocketSphinxDecoder?
        if let confidence = options.confidence {
            let phoneArguments = model.decoderArguments(dictionary: dictionary) + [
                ("-beam", "\(confidence.beam)"),
                ("-pbeam", "\(confidence.beam)"),
                ("-topn", "\(options.topGaussians)"),
            ]
            let decoder = try PocketSphinxDecoder(arguments: phoneArguments + options.extraArguments, log: options.log)
            _ = try decoder.call(strict: false, { ps_set_allphone($0, "phones", nil) }, failed: { $0 < 0 }) {
                SpeechError.decoderSetupFailed(reason: "cannot set up the phone loop", log: $0)
            }
            _ = try decoder.call({ ps_set_search($0, "phones") }, failed: { $0 < 0 }) {
                SpeechError.decoderSetupFailed(reason: "cannot select the phone loop", log: $0)
            }
            phoneLoop = decoder
        }
        var rescorer: ConfusionRescorer?
        if !options.confusableWords.isEmpty {
            let aligner = try PocketSphinxDecoder(arguments: arguments, log: options.log)
            rescorer = ConfusionRescorer(decoder: aligner, confusableWords: options.confusableWords)
        }
        return GrammarDecoders(grammar: grammarDecoder, phoneLoop: phoneLoop, rescorer: rescorer)
    }

    /// Recognizes one whole utterance of 16 kHz mono samples.
    public func recognize(_ samples: [Int16]) throws -> Transcript {
        if decoder.isStarted { _ = try decoder.finish() }
        try decoder.start()
        try samples.withUnsafeBufferPointer { _ = try decoder.process($0, wholeUtterance: true) }
        return try decoder.finish()
    }

    /// Whether the grammar has a path for this sentence: lower-case words separated by spaces.
    public func canSay(_ sentence: String) -> Bool {
        decoder.graph.accepts(sentence.split(separator: " ").map(String.init))
    }

    /// Recognizes one whole utterance from a WAV file of any common format and rate.
    public func recognize(contentsOf url: URL) throws -> Transcript {
        try recognize(WAVReader.read(contentsOf: url).speechSamples())
    }

    /// Loads JSGF text as the decoder's search and checks the silent failures of
    /// PocketSphinx 0.8+5prealpha: errors that are only logged.
    private static func load(_ grammar: String, into decoder: PocketSphinxDecoder) throws {
        _ = try decoder.call(strict: true, { ps_set_jsgf_string($0, "grammar", grammar) }, failed: { $0 < 0 }) {
            SpeechError.invalidGrammar(reason: "PocketSphinx reported errors while loading it", log: $0)
        }
        _ = try decoder.call(strict: true, { ps_set_search($0, "grammar") }, failed: { $0 < 0 }) {
            SpeechError.invalidGrammar(reason: "PocketSphinx cannot search it", log: $0)
        }
    }

    /// The graph, if every sentence can finish and silence is no sentence: PocketSphinx
    /// compiles grammars with no way to their end without a word of complaint.
    private static func check(_ graph: GrammarGraph) throws -> GrammarGraph {
        if let words = graph.deadEnd() {
            let place = words.isEmpty ? "at its start" : "after \"\(words.joined(separator: " "))\""
            throw SpeechError.invalidGrammar(
                reason: "a sentence can never finish \(place) (a <VOID>, or a rule that never ends); "
                    + "remove <VOID> or give the rule an alternative that ends",
                log: [])
        }
        if graph.accepts([]) {
            throw SpeechError.invalidGrammar(
                reason: "it accepts silence as a sentence (every part optional, or <NULL> alone); "
                    + "make at least one word required",
                log: [])
        }
        return graph
    }
}
