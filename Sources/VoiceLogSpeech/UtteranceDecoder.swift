import CPocketSphinx

/// Runs one utterance through the grammar decoder (or the n-gram first pass, when there is
/// one) and, in step with it, the phone-loop decoder, then reads the hypothesis, the n-best
/// list and the confidence; free text that the grammar marked is read again with the
/// language model. A first-pass reading that is no sentence of the grammar is searched again
/// with the grammar.
final class UtteranceDecoder {
    /// Loads the grammar's decoders: at once without a first pass, else on first need.
    private let loadGrammar: () throws -> GrammarDecoders
    private var loaded: GrammarDecoders?
    private let firstPass: PocketSphinxDecoder?
    /// The decoder fed as the audio comes: the first pass when there is one.
    private let live: PocketSphinxDecoder
    /// The phone loop fed as the audio comes: only with the grammar search; after an n-gram
    /// pass it runs only for an utterance searched again with the grammar.
    private var livePhoneLoop: PocketSphinxDecoder? { firstPass == nil ? loaded?.phoneLoop : nil }
    /// After an n-gram pass, the grammar's decoders fed alongside it as the audio comes
    /// (`start(grammarAlongside:)`), so that a first-pass reading that is no sentence needs no
    /// second search after the end of speech; nil otherwise.
    private var alongside: GrammarDecoders?
    /// Every decoder fed as the audio comes.
    private var fed: [PocketSphinxDecoder] {
        [live] + [livePhoneLoop, alongside?.grammar, options.confidence == nil ? nil : alongside?.phoneLoop].compactMap { $0 }
    }
    private let freeText: FreeTextDecoder?
    let graph: GrammarGraph
    private let options: RecognizerOptions
    private(set) var isStarted = false
    /// The utterance's samples so far, as decoded (noise suppressed), for the free-text pass
    /// and for `restart`.
    private var samples: [Int16] = []
    /// Takes steady noise out of the audio before any decoder hears it; nil leaves it as is.
    private let noiseSuppressor: NoiseSuppressor?
    /// Whether this utterance's audio is noisy (`NoiseFloor`); nil until enough of it has been
    /// heard to tell.
    private var noisy: Bool?
    /// Whether this utterance's audio goes through the suppressor, settled with `noisy`.
    private var suppressing = false
    /// The utterance's first samples, held until `noisy` is settled.
    private var unjudged: [Int16] = []

    /// The cepstral means of the decoders fed when the utterance started (`fed`, in order),
    /// put back if it is dropped.
    private var meansBefore: [[Float]] = []
    /// How many samples the utterance has had.
    var sampleCount: Int { samples.count }

    /// - Parameters:
    ///   - grammar: the grammar's decoders if loaded; without a first pass they must be.
    ///   - loadGrammar: loads them, on the first utterance that the first pass cannot read.
    init(grammar: GrammarDecoders?, loadGrammar: @escaping () throws -> GrammarDecoders, firstPass: PocketSphinxDecoder?,
         freeText: FreeTextDecoder?, graph: GrammarGraph, options: RecognizerOptions) {
        guard let live = firstPass ?? grammar?.grammar else { preconditionFailure("a first pass or a loaded grammar search") }
        self.live = live
        loaded = grammar
        self.loadGrammar = loadGrammar
        self.firstPass = firstPass
        self.freeText = freeText
        self.graph = graph
        self.options = options
        noiseSuppressor = options.noiseSuppression == .never ? nil : NoiseSuppressor(level: .moderate)
    }

    /// The grammar's decoders, loaded now if they were not.
    private func grammarDecoders() throws -> GrammarDecoders {
        if let loaded { return loaded }
        let decoders = try loadGrammar()
        loaded = decoders
        return decoders
    }

    /// Starts an utterance, dropping one under way unread; with `grammarAlongside`, after an
    /// n-gram pass, the grammar is searched as the audio comes too (twice the work, and no wait
    /// after the end of speech).
    func start(grammarAlongside: Bool = false) throws {
        try drop()
        alongside = grammarAlongside && firstPass != nil ? try grammarDecoders() : nil
        meansBefore = fed.map(\.cepstralMean)
        for decoder in fed { try decoder.check("ps_start_utt") { ps_start_utt($0) } }
        samples.removeAll(keepingCapacity: true)
        // the suppressor starts afresh once the utterance's noise is judged (`judgeNoise`)
        noisy = nil
        suppressing = false
        unjudged.removeAll()
        isStarted = true
    }

    /// Feeds 16 kHz mono samples; returns whether the decoder's voice detector hears speech.
    /// `wholeUtterance` says the samples are the entire utterance (better normalisation). The
    /// first second is held until its noise is judged, and reported then.
    @discardableResult
    func process(_ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool = false) throws -> Bool {
        guard noisy == nil else { return try pass(samples, wholeUtterance: wholeUtterance) }
        unjudged.append(contentsOf: samples)
        guard wholeUtterance || unjudged.count >= NoiseFloor.decisionSamples else { return false }
        return try judgeNoise(wholeUtterance: wholeUtterance)
    }

    /// Settles whether the utterance is noisy and so suppressed from the samples held so far,
    /// and feeds them; returns whether speech was heard in any of them.
    private func judgeNoise(wholeUtterance: Bool) throws -> Bool {
        let isNoisy = NoiseFloor(unjudged).isNoisy
        noisy = isNoisy
        suppressing = noiseSuppressor != nil && (isNoisy || options.noiseSuppression == .always)
        if suppressing { noiseSuppressor?.reset() }
        let held = unjudged
        unjudged.removeAll()
        var heardSpeech = false
        try held.withUnsafeBufferPointer { buffer in
            // in blocks, so that speech over before the last of them is still reported
            var start = 0
            while start < buffer.count {
                let end = wholeUtterance ? buffer.count : min(buffer.count, start + Self.judgedBlock)
                heardSpeech = try pass(UnsafeBufferPointer(rebasing: buffer[start..<end]), wholeUtterance: wholeUtterance) || heardSpeech
                start = end
            }
        }
        return heardSpeech
    }

    /// Samples of the held audio fed at a time once the noise is judged.
    private static let judgedBlock = 1_024

    /// Feeds samples through the suppressor when the utterance is suppressed.
    private func pass(_ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool) throws -> Bool {
        guard suppressing, let noiseSuppressor else { return try feed(samples, wholeUtterance: wholeUtterance) }
        var cleaned = noiseSuppressor.process(samples)
        if wholeUtterance { cleaned += noiseSuppressor.flush() }
        return try cleaned.withUnsafeBufferPointer { try feed($0, wholeUtterance: wholeUtterance) }
    }

    /// Feeds samples, noise already suppressed, to the live decoders.
    private func feed(_ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool) throws -> Bool {
        guard let base = samples.baseAddress, !samples.isEmpty else { return false }
        let full: Int32 = wholeUtterance ? 1 : 0
        for decoder in fed { try decoder.check("ps_process_raw") { ps_process_raw($0, base, samples.count, 0, full) } }
        self.samples.append(contentsOf: samples)
        return live.callLogging { ps_get_in_speech($0) }.value != 0
    }

    /// Drops the utterance so far and starts again from its last `count` samples: a long
    /// wait before speech then holds no more audio than that.
    func restart(keepingLast count: Int) throws {
        let tail = Array(samples.suffix(count))
        try end()
        try start(grammarAlongside: alongside != nil)
        // the tail was suppressed when it came: fed as it is, not suppressed twice
        try tail.withUnsafeBufferPointer { _ = try feed($0, wholeUtterance: false) }
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
        return try freeText?.words(in: samples).map(\.word) ?? []
    }

    /// Ends the utterance and reads what was recognized; without `alternatives`, the readings
    /// one confusable word apart are not aligned (most of the time after the end of speech).
    func finish(alternatives wanted: Bool = true) throws -> Transcript {
        try end()

        var searched = live
        var (text, score) = hypothesis(of: searched)
        if firstPass != nil, !graph.accepts(text.split(separator: " ").map(String.init)) {
            let decoders = try grammarDecoders()
            if alongside == nil {
                try decoders.grammar.decodeWholeUtterance(samples, purpose: "grammar search after the n-gram pass")
                if options.confidence != nil { try decoders.phoneLoop?.decodeWholeUtterance(samples, purpose: "phone loop") }
            }
            searched = decoders.grammar
            (text, score) = hypothesis(of: searched)
        }
        let grammar = searched === firstPass ? nil : loaded
        guard !text.isEmpty else { return Transcript(text: "", confidence: options.confidence == nil ? nil : 0, audio: samples) }
        // The n-gram lattice's word posteriors, computed before the segments are read.
        let logMath = grammar != nil ? nil : searched.callLogging { decoder in (_ = ps_get_prob(decoder), ps_get_logmath(decoder)).1 }.value
        let segments = searched.callLogging { WordSegment.all(of: $0) }.value

        let best = text.split(separator: " ").map(String.init)
        guard segments.contains(where: { FreeTextLoop.isLoopWord($0.word) }) else {
            // The grammar search's readings one confusable word apart (the n-gram pass's come
            // from its lattice); then the n-best list where the lattice is small.
            var others: [String] = []
            if wanted {
                others = try grammar?.variants?.alternatives(to: best, samples: samples, graph: graph)
                    .prefix(ConfusableVariants.alternativesShown).map { $0.joined(separator: " ") } ?? []
                for alternative in alternatives(from: searched, isGrammar: grammar != nil, excluding: best) where !others.contains(alternative) { others.append(alternative) }
            }
            let sure = logMath.map { Self.lowestPosterior(segments, logMath: $0) }
                ?? confidence(grammarScore: score, segments: segments, phoneLoop: grammar?.phoneLoop)
            return Transcript(text: text, alternatives: Array(others.prefix(options.nBest)),
                              confidence: options.confidence == nil ? nil : doubted(sure, words: best), audio: samples)
        }
        // Free text: the grammar's words, each stretch of the loop's read by the language
        // model. The loop's weights are left out of the score, so the confidence is that of
        // the rest.
        let spoken = segments.filter { !$0.isFiller }
        let read = try Self.replacingLoops(in: spoken, with: freeText?.words(in: samples) ?? [])
        let grammarWords = spoken.map(\.word).filter { !FreeTextLoop.isLoopWord($0) }
        let loopWeights = segments.filter { FreeTextLoop.isLoopWord($0.word) }.reduce(Int32(0)) { $0 + $1.languageScore }
        return Transcript(text: read.joined(separator: " "),
                          confidence: doubted(confidence(grammarScore: score - loopWeights, segments: segments, phoneLoop: grammar?.phoneLoop),
                                              words: grammarWords),
                          audio: samples)
    }

    /// The grammar's words with each run of the loop's words replaced by the language model's
    /// words heard over it: those whose middle frame lies in the run, or after its start when it
    /// ends the utterance (the two searches place a word's edges a few frames apart).
    static func replacingLoops(in spoken: [WordSegment], with heard: [WordSegment]) -> [String] {
        var words: [String] = []
        var index = spoken.startIndex
        while index < spoken.endIndex {
            guard FreeTextLoop.isLoopWord(spoken[index].word) else {
                words.append(spoken[index].word)
                index += 1
                continue
            }
            let end = spoken[index...].firstIndex { !FreeTextLoop.isLoopWord($0.word) } ?? spoken.endIndex
            let first = spoken[index].firstFrame, last = end == spoken.endIndex ? Int.max : spoken[end - 1].lastFrame
            words += heard.filter { (first...last).contains(($0.firstFrame + $0.lastFrame) / 2) }.map(\.word)
            index = end
        }
        return words
    }

    /// A confidence halved when the utterance is noisy and a word heard is one that noise makes
    /// doubtful (`RecognizerOptions.doubtfulInNoise`).
    private func doubted(_ confidence: Double?, words: [String]) -> Double? {
        guard let confidence, noisy == true, words.contains(where: options.doubtfulInNoise.contains) else { return confidence }
        return confidence / 2
    }

    /// The best hypothesis of a decoder's last utterance and its score.
    private func hypothesis(of decoder: PocketSphinxDecoder) -> (text: String, score: Int32) {
        var score: Int32 = 0
        let text = decoder.callLogging { ps_get_hyp($0, &score).map { String(cString: $0) } }.value ?? ""
        return (text, score)
    }

    /// Ends the utterance without reading it, and puts back the cepstral means it updated: a
    /// moment of audio dropped part way otherwise leaves a mean that misleads the next
    /// utterance ("glucose one hundred" for "glucose six point two after dinner").
    func drop() throws {
        guard isStarted else { return }
        let decoders = fed
        try end()
        for (decoder, mean) in zip(decoders, meansBefore) { decoder.cepstralMean = mean }
    }

    private func end() throws {
        if !unjudged.isEmpty { _ = try judgeNoise(wholeUtterance: false) }
        if suppressing, let rest = noiseSuppressor?.flush() { try rest.withUnsafeBufferPointer { _ = try feed($0, wholeUtterance: false) } }
        isStarted = false
        for decoder in fed { try decoder.check("ps_end_utt") { ps_end_utt($0) } }
    }

    /// Distinct n-best word sequences that the grammar accepts. PocketSphinx's A* search over
    /// the FSG lattice ignores the grammar, so partial paths such as "glucose six point two
    /// after" come back too; those are dropped. The n-gram pass's lattice is small; the
    /// grammar's only when its graph is.
    private func alternatives(from searched: PocketSphinxDecoder, isGrammar: Bool, excluding best: [String]) -> [String] {
        let small = !isGrammar || graph.stateCount <= options.largestGraphForAlternatives
        guard options.nBest > 0, small else { return [] }
        var seen: Set<[String]> = [best]
        var result: [String] = []
        // The n-gram lattice's n-best list repeats a reading with other silences and fillers,
        // so more of it is read.
        let readings = isGrammar ? options.nBest : options.nBest * 5
        searched.callLogging { decoder in
            var nbest = ps_nbest(decoder)
            var count = 0
            while let current = nbest, count < readings, result.count < options.nBest {
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

    /// The n-gram pass's confidence: the lowest posterior probability of a word heard. On the
    /// tuning clips, of 63 readings kept from the n-gram pass, 48 of the 58 right ones and
    /// none of the 5 wrong ones reached 0.5; the phone loop's confidence let 3 wrong ones pass.
    private static func lowestPosterior(_ segments: [WordSegment], logMath: OpaquePointer) -> Double {
        // the lattice's log arithmetic rounds: a sure word's posterior may come out as 1.0001
        min(1, segments.filter { !$0.isFiller }.map { logmath_exp(logMath, $0.logPosterior) }.min() ?? 0)
    }

    /// Compares the grammar path's score with the phone loop's, per frame of speech.
    private func confidence(grammarScore: Int32, segments: [WordSegment], phoneLoop: PocketSphinxDecoder?) -> Double? {
        guard let phoneLoop, let settings = options.confidence else { return nil }
        var phoneScore: Int32 = 0
        let phones = phoneLoop.callLogging { ps_get_hyp($0, &phoneScore) }.value
        let speechFrames = segments.filter { !$0.isFiller }.reduce(0) { $0 + $1.lastFrame - $1.firstFrame + 1 }
        guard phones != nil, speechFrames > 0 else { return 0 }
        let margin = Double(grammarScore - phoneScore) / Double(speechFrames)
        return settings.confidence(margin: margin)
    }
}
