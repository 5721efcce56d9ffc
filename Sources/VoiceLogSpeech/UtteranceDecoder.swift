import CPocketSphinx

/// Runs one utterance through the grammar decoder and, in step with it, the phone-loop
/// decoder, then reads the hypothesis, the n-best list and the confidence; free text that
/// the grammar marked is read again with the language model.
final class UtteranceDecoder {
    private let grammar: PocketSphinxDecoder
    private let phoneLoop: PocketSphinxDecoder?
    private let freeText: FreeTextDecoder?
    private let rescorer: ConfusionRescorer?
    let graph: GrammarGraph
    private let options: RecognizerOptions
    private(set) var isStarted = false
    /// The utterance's samples so far, for the free-text pass and for `restart`.
    private var samples: [Int16] = []

    /// How many samples the utterance has had.
    var sampleCount: Int { samples.count }

    init(grammar: PocketSphinxDecoder, phoneLoop: PocketSphinxDecoder?, freeText: FreeTextDecoder?,
         rescorer: ConfusionRescorer?, graph: GrammarGraph, options: RecognizerOptions) {
        self.grammar = grammar
        self.phoneLoop = phoneLoop
        self.freeText = freeText
        self.rescorer = rescorer
        self.graph = graph
        self.options = options
    }

    func start() throws {
        try grammar.check("ps_start_utt") { ps_start_utt($0) }
        try phoneLoop?.check("ps_start_utt (phone loop)") { ps_start_utt($0) }
        samples.removeAll(keepingCapacity: true)
        isStarted = true
    }

    /// Feeds 16 kHz mono samples; returns whether the decoder's voice detector hears speech.
    /// `wholeUtterance` says the samples are the entire utterance (better normalisation).
    @discardableResult
    func process(_ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool = false) throws -> Bool {
        guard let base = samples.baseAddress, !samples.isEmpty else { return false }
        let full: Int32 = wholeUtterance ? 1 : 0
        try grammar.check("ps_process_raw") { ps_process_raw($0, base, samples.count, 0, full) }
        try phoneLoop?.check("ps_process_raw (phone loop)") { ps_process_raw($0, base, samples.count, 0, full) }
        self.samples.append(contentsOf: samples)
        return grammar.callLogging { ps_get_in_speech($0) }.value != 0
    }

    /// Drops the utterance so far and starts again from its last `count` samples: a long
    /// wait before speech then holds no more audio than that.
    func restart(keepingLast count: Int) throws {
        let tail = Array(samples.suffix(count))
        try end()
        try start()
        try tail.withUnsafeBufferPointer { _ = try process($0) }
    }

    /// Whether free text may follow what was heard and the language model can read it: the
    /// next utterance then holds it ("note", a pause, "felt dizzy after the bus ride").
    func awaitsFreeText(after transcript: Transcript) -> Bool {
        guard freeText != nil, !transcript.isEmpty else { return false }
        let words = transcript.text.split(separator: " ").map(String.init)
        return graph.continues(after: words, with: FreeTextLoop.isLoopWord)
    }

    /// Ends an utterance that is free text as a whole and reads it with the language model.
    func finishFreeText() throws -> [String] {
        try end()
        return try freeText?.words(in: samples, from: 0) ?? []
    }

    /// Ends the utterance and reads what was recognized.
    func finish() throws -> Transcript {
        try end()

        var score: Int32 = 0
        let text = grammar.callLogging { decoder -> String? in
            ps_get_hyp(decoder, &score).map { String(cString: $0) }
        }.value ?? ""
        guard !text.isEmpty else { return Transcript(text: "", confidence: phoneLoop == nil ? nil : 0, audio: samples) }
        let segments = grammar.callLogging { WordSegment.all(of: $0) }.value

        let best = text.split(separator: " ").map(String.init)
        guard let free = segments.first(where: { FreeTextLoop.isLoopWord($0.word) }) else {
            // Confusable words checked again, when set; the n-best list where the graph is small.
            let ranked = try rescorer?.ranked(best, samples: samples, graph: graph) ?? [best]
            var others = ranked.dropFirst().prefix(ConfusionRescorer.alternativesShown).map { $0.joined(separator: " ") }
            for alternative in alternatives(excluding: ranked[0]) where !others.contains(alternative) { others.append(alternative) }
            return Transcript(text: ranked[0].joined(separator: " "), alternatives: Array(others.prefix(options.nBest)),
                              confidence: confidence(grammarScore: score, segments: segments), audio: samples)
        }
        // Free text: the grammar's words before it, then the language model's reading. The
        // loop's weights are left out of the score, so the confidence is that of the rest.
        let grammarWords = best.prefix { !FreeTextLoop.isLoopWord($0) }
        let freeWords = try freeText?.words(in: samples, from: free.firstFrame) ?? []
        let loopWeights = segments.filter { FreeTextLoop.isLoopWord($0.word) }.reduce(Int32(0)) { $0 + $1.languageScore }
        return Transcript(text: (grammarWords + freeWords).joined(separator: " "),
                          confidence: confidence(grammarScore: score - loopWeights, segments: segments), audio: samples)
    }

    private func end() throws {
        isStarted = false
        try grammar.check("ps_end_utt") { ps_end_utt($0) }
        try phoneLoop?.check("ps_end_utt (phone loop)") { ps_end_utt($0) }
    }

    /// Distinct n-best word sequences that the grammar accepts. PocketSphinx's A* search over
    /// the FSG lattice ignores the grammar, so partial paths such as "glucose six point two
    /// after" come back too; those are dropped.
    private func alternatives(excluding best: [String]) -> [String] {
        guard options.nBest > 0, graph.stateCount <= options.largestGraphForAlternatives else { return [] }
        var seen: Set<[String]> = [best]
        var result: [String] = []
        grammar.callLogging { decoder in
            var nbest = ps_nbest(decoder)
            var count = 0
            while let current = nbest, count < options.nBest {
                count += 1
                var score: Int32 = 0
                if let hyp = ps_nbest_hyp(current, &score) {
                    let words = String(cString: hyp).split(separator: " ").map(String.init)
                    if seen.insert(words).inserted, graph.accepts(words) {
                        result.append(words.joined(separator: " "))
                    }
                }
                nbest = ps_nbest_next(current)
            }
            if let nbest { ps_nbest_free(nbest) }
        }
        return result
    }

    /// Compares the grammar path's score with the phone loop's, per frame of speech.
    private func confidence(grammarScore: Int32, segments: [WordSegment]) -> Double? {
        guard let phoneLoop, let settings = options.confidence else { return nil }
        var phoneScore: Int32 = 0
        let phones = phoneLoop.callLogging { ps_get_hyp($0, &phoneScore) }.value
        let speechFrames = segments.filter { !$0.isFiller }.reduce(0) { $0 + $1.lastFrame - $1.firstFrame + 1 }
        guard phones != nil, speechFrames > 0 else { return 0 }
        let margin = Double(grammarScore - phoneScore) / Double(speechFrames)
        return settings.confidence(margin: margin)
    }
}
