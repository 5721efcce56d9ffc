import CPocketSphinx

/// One word of a decoder's best path, with its frames (10 ms each) and scores.
struct WordSegment {
    /// The word, without a pronunciation variant's `(2)`.
    var word: String
    /// The word as the dictionary names the pronunciation heard: `am(2)` for its second.
    var pronounced: String
    var firstFrame: Int
    var lastFrame: Int
    /// The language (or grammar) score of the word.
    var languageScore: Int32
    /// The word's posterior probability in the lattice (log, in the decoder's log base), once
    /// `ps_get_prob` has computed the posteriors; 0 before.
    var logPosterior: Int32 = 0

    var isFiller: Bool { Self.isFiller(word) }

    /// Whether a word is silence, noise or a sentence mark: `<sil>`, `[NOISE]`, `<s>`.
    static func isFiller(_ word: String) -> Bool {
        word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+")
    }

    /// The segments of the decoder's best path for the last utterance, without the empty
    /// transitions of a grammar.
    static func all(of decoder: OpaquePointer) -> [WordSegment] {
        var segments: [WordSegment] = []
        var iterator = ps_seg_iter(decoder)
        while let current = iterator {
            var first: Int32 = 0, last: Int32 = 0, acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            ps_seg_frames(current, &first, &last)
            let posterior = ps_seg_prob(current, &acoustic, &language, &backoff)
            // a grammar's empty transitions are "(NULL)"
            if let word = ps_seg_word(current), word.pointee != 0, word.pointee != CChar(UInt8(ascii: "(")) {
                let name = String(cString: word)
                let base = name.hasSuffix(")") ? String(name.prefix { $0 != "(" }) : name
                segments.append(WordSegment(word: base, pronounced: name, firstFrame: Int(first), lastFrame: Int(last),
                                            languageScore: language, logPosterior: posterior))
            }
            iterator = ps_seg_next(current)
        }
        return segments
    }
}
