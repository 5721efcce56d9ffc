import CPocketSphinx

/// Runs one utterance through the grammar decoder and, in step with it, the phone-loop
/// decoder, then reads the hypothesis, the n-best list and the confidence.
final class UtteranceDecoder {
    private let grammar: PocketSphinxDecoder
    private let phoneLoop: PocketSphinxDecoder?
    let graph: GrammarGraph
    private let options: RecognizerOptions
    private(set) var isStarted = false

    init(grammar: PocketSphinxDecoder, phoneLoop: PocketSphinxDecoder?, graph: GrammarGraph, options: RecognizerOptions) {
        self.grammar = grammar
        self.phoneLoop = phoneLoop
        self.graph = graph
        self.options = options
    }

    func start() throws {
        try grammar.check("ps_start_utt") { ps_start_utt($0) }
        try phoneLoop?.check("ps_start_utt (phone loop)") { ps_start_utt($0) }
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
        return grammar.callLogging { ps_get_in_speech($0) }.value != 0
    }

    /// Ends the utterance and reads what was recognized.
    func finish() throws -> Transcript {
        isStarted = false
        try grammar.check("ps_end_utt") { ps_end_utt($0) }
        try phoneLoop?.check("ps_end_utt (phone loop)") { ps_end_utt($0) }

        var score: Int32 = 0
        let text = grammar.callLogging { decoder -> String? in
            ps_get_hyp(decoder, &score).map { String(cString: $0) }
        }.value ?? ""
        guard !text.isEmpty else { return Transcript(text: "", confidence: phoneLoop == nil ? nil : 0) }

        let best = text.split(separator: " ").map(String.init)
        return Transcript(text: best.joined(separator: " "), alternatives: alternatives(excluding: best), confidence: confidence(grammarScore: score))
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
    private func confidence(grammarScore: Int32) -> Double? {
        guard let phoneLoop, let settings = options.confidence else { return nil }
        var phoneScore: Int32 = 0
        let phones = phoneLoop.callLogging { ps_get_hyp($0, &phoneScore) }.value
        let speechFrames = grammar.callLogging { decoder -> Int in
            var frames = 0
            var segment = ps_seg_iter(decoder)
            while let current = segment {
                var first: Int32 = 0, last: Int32 = 0
                ps_seg_frames(current, &first, &last)
                if let word = ps_seg_word(current), !"<[".contains(Character(UnicodeScalar(UInt8(bitPattern: word.pointee)))) {
                    frames += Int(last - first + 1)
                }
                segment = ps_seg_next(current)
            }
            return frames
        }.value
        guard phones != nil, speechFrames > 0 else { return 0 }
        let margin = Double(grammarScore - phoneScore) / Double(speechFrames)
        return settings.confidence(margin: margin)
    }
}
