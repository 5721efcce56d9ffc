import CPocketSphinx

/// Aligns a known sentence with the audio of a whole utterance: a search of a grammar that
/// says that sentence alone.
final class SentenceAligner {
    private let decoder: PocketSphinxDecoder
    /// Two search names used in turn: PocketSphinx frees a search its name is given to again,
    /// so the one in use is never the one replaced.
    private var searchNames = ["align_a", "align_b"]

    init(decoder: PocketSphinxDecoder) {
        self.decoder = decoder
    }

    /// The path score of `words` aligned with `samples` (16 kHz mono) and the words of the
    /// path, silences included; nil when they cannot be aligned.
    func align(_ words: [String], samples: [Int16]) throws -> (score: Int32, segments: [WordSegment])? {
        searchNames.reverse()
        let name = searchNames[0]
        let grammar = "#JSGF V1.0;\ngrammar align;\npublic <sentence> = \(words.joined(separator: " "));\n"
        try decoder.check("ps_set_jsgf_string (alignment)") { ps_set_jsgf_string($0, name, grammar) }
        try decoder.check("ps_set_search (alignment)") { ps_set_search($0, name) }
        try decoder.decodeWholeUtterance(samples, purpose: "alignment")
        return decoder.callLogging { decoder -> (score: Int32, segments: [WordSegment])? in
            var score: Int32 = 0
            guard let hypothesis = ps_get_hyp(decoder, &score), hypothesis.pointee != 0 else { return nil }
            return (score, WordSegment.all(of: decoder))
        }.value
    }
}
