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
    /// - Throws: `SpeechError.invalidGrammar` when the grammar cannot be read (a syntax error,
    ///   an undefined or imported rule, a rule that refers to itself), when PocketSphinx logs
    ///   an error while loading it, when no sentence can reach the grammar's end (`<VOID>`) or
    ///   when silence is a sentence;
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

        let graph = try options.searchGraph.map { try GrammarGraph(contentsOf: $0) }
            ?? GrammarGraph.checked(jsgf: grammar, topRule: options.topRule).minimized()
        // The decoders read the words' pronunciations from a file when they load, the grammar's
        // perhaps long after this initializer.
        let dictionaryText = dictionary.text
        let loadGrammar = { () throws -> GrammarDecoders in
            try Self.withDictionaryFile(dictionaryText) { file in
                try Self.grammarDecoders(graph, dictionary: file, model: model, options: options)
            }
        }
        var freeText: FreeTextDecoder?
        if let languageModel = model.languageModel, vocabulary.words.contains(where: FreeTextLoop.isLoopWord) {
            freeText = FreeTextDecoder(model: model, languageModel: languageModel, options: options)
        }
        if let languageModel = options.languageModel {
            // The n-gram pass first; the grammar's search only for a reading that is no sentence
            // of the grammar.
            let firstPass = try Self.withDictionaryFile(dictionaryText) { file in
                try PocketSphinxDecoder(arguments: model.decoderArguments(dictionary: file)
                    + languageModel.searchArguments(topGaussians: options.topGaussians) + options.extraArguments,
                    log: options.log)
            }
            decoder = UtteranceDecoder(grammar: nil, loadGrammar: loadGrammar, firstPass: firstPass, freeText: freeText,
                                       graph: graph, options: options)
        } else {
            decoder = UtteranceDecoder(grammar: try loadGrammar(), loadGrammar: loadGrammar, firstPass: nil, freeText: freeText,
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
    private static func grammarDecoders(_ graph: GrammarGraph, dictionary: URL, model: SpeechModel,
                                        options: RecognizerOptions) throws -> GrammarDecoders {
        let arguments = model.decoderArguments(dictionary: dictionary) + options.searchArguments + options.extraArguments
        let grammarDecoder = try PocketSphinxDecoder(arguments: arguments, log: options.log)
        try load(graph, into: grammarDecoder, languageWeight: options.languageWeight)
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
        var variants: ConfusableVariants?
        if !options.confusableWords.isEmpty {
            let aligner = try PocketSphinxDecoder(arguments: arguments, log: options.log)
            variants = ConfusableVariants(decoder: aligner, confusableWords: options.confusableWords)
        }
        return GrammarDecoders(grammar: grammarDecoder, phoneLoop: phoneLoop, variants: variants)
    }

    /// Recognizes one whole utterance of 16 kHz mono samples; without `alternatives` (a
    /// satellite that shows only the text) the transcript lists none and comes sooner.
    public func recognize(_ samples: [Int16], alternatives: Bool = true) throws -> Transcript {
        try decoder.start()
        try samples.withUnsafeBufferPointer { _ = try decoder.process($0, wholeUtterance: true) }
        return try endUtterance(alternatives: alternatives)
    }

    /// Starts an utterance whose audio comes in pieces (``continueUtterance(_:)``), decoded as it
    /// arrives, so that ``endUtterance(alternatives:)`` has little left to do: after an n-gram
    /// pass the grammar is searched alongside it. Any utterance under way is dropped.
    public func beginUtterance() throws {
        try decoder.start(grammarAlongside: true)
    }

    /// Decodes the next 16 kHz mono samples of the utterance begun.
    public func continueUtterance(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { _ = try decoder.process($0) }
    }

    /// Drops the utterance begun, part way (its audio stopped coming), leaving the decoder as
    /// it was before it.
    public func dropUtterance() throws {
        try decoder.drop()
    }

    /// Ends the utterance begun and reads what was said.
    public func endUtterance(alternatives: Bool = true) throws -> Transcript {
        try decoder.finish(alternatives: alternatives)
    }

    /// Whether the grammar has a path for this sentence: lower-case words separated by spaces.
    public func canSay(_ sentence: String) -> Bool {
        decoder.graph.accepts(sentence.split(separator: " ").map(String.init))
    }

    /// Recognizes one whole utterance from a WAV file of any common format and rate.
    public func recognize(contentsOf url: URL) throws -> Transcript {
        try recognize(WAVReader.read(contentsOf: url).speechSamples())
    }

    /// Loads the graph as the decoder's search.
    private static func load(_ graph: GrammarGraph, into decoder: PocketSphinxDecoder, languageWeight: Double) throws {
        _ = try decoder.call(strict: true, { decoder in
            let fsg = graph.fsgModel(name: "grammar", logMath: ps_get_logmath(decoder), languageWeight: Float(languageWeight))
            defer { fsg_model_free(fsg) }
            return ps_set_fsg(decoder, "grammar", fsg)
        }, failed: { $0 < 0 }) {
            SpeechError.invalidGrammar(reason: "PocketSphinx reported errors while loading it", log: $0)
        }
        _ = try decoder.call(strict: true, { ps_set_search($0, "grammar") }, failed: { $0 < 0 }) {
            SpeechError.invalidGrammar(reason: "PocketSphinx cannot search it", log: $0)
        }
    }
}
