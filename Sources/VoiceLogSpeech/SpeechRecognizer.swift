import CPocketSphinx
import Foundation

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

        let dictionaryFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("voicelog-\(UUID().uuidString).dict")
        try Data(dictionary.text.utf8).write(to: dictionaryFile)
        defer { try? FileManager.default.removeItem(at: dictionaryFile) }

        var arguments = model.decoderArguments(dictionary: dictionaryFile) + options.searchArguments
        if let topRule = options.topRule {
            // PocketSphinx looks rules up by their full name, `grammar.rule`.
            let qualified = topRule.contains(".") ? topRule : "\(vocabulary.grammarName ?? "").\(topRule)"
            arguments.append(("-toprule", qualified))
        }
        let grammarDecoder = try PocketSphinxDecoder(arguments: arguments + options.extraArguments, log: options.log)
        let graph = try Self.load(grammar, into: grammarDecoder)
        var firstPass: PocketSphinxDecoder?
        if let languageModel = options.languageModel {
            let ngramArguments = model.decoderArguments(dictionary: dictionaryFile)
                + languageModel.searchArguments(topGaussians: options.topGaussians)
            firstPass = try PocketSphinxDecoder(arguments: ngramArguments + options.extraArguments, log: options.log)
        }

        var phoneLoop: PocketSphinxDecoder?
        if let confidence = options.confidence {
            let phoneArguments = model.decoderArguments(dictionary: dictionaryFile) + [
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
        var freeText: FreeTextDecoder?
        if let languageModel = model.languageModel, vocabulary.words.contains(where: FreeTextLoop.isLoopWord) {
            freeText = FreeTextDecoder(model: model, languageModel: languageModel, options: options)
        }
        var rescorer: ConfusionRescorer?
        if !options.confusableWords.isEmpty {
            let aligner = try PocketSphinxDecoder(arguments: arguments + options.extraArguments, log: options.log)
            rescorer = ConfusionRescorer(decoder: aligner, confusableWords: options.confusableWords)
        }
        decoder = UtteranceDecoder(grammar: grammarDecoder, firstPass: firstPass, phoneLoop: phoneLoop, freeText: freeText,
                                   rescorer: rescorer, graph: graph, options: options)
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
    /// PocketSphinx 0.8+5prealpha: errors that are only logged, and grammars with no way
    /// to their end.
    private static func load(_ grammar: String, into decoder: PocketSphinxDecoder) throws -> GrammarGraph {
        _ = try decoder.call(strict: true, { ps_set_jsgf_string($0, "grammar", grammar) }, failed: { $0 < 0 }) {
            SpeechError.invalidGrammar(reason: "PocketSphinx reported errors while loading it", log: $0)
        }
        _ = try decoder.call(strict: true, { ps_set_search($0, "grammar") }, failed: { $0 < 0 }) {
            SpeechError.invalidGrammar(reason: "PocketSphinx cannot search it", log: $0)
        }
        let fsg = try decoder.call({ ps_get_fsg($0, "grammar") }, failed: { $0 == nil }) {
            SpeechError.invalidGrammar(reason: "PocketSphinx built no search graph from it", log: $0)
        }
        let graph = GrammarGraph(fsg!)
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
