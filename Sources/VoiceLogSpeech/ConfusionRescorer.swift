import CPocketSphinx

/// Checks the words of a hypothesis that the acoustic model confuses ("fifteen" and "fifty",
/// "six" and "eight") by aligning each variant the grammar allows on its own with the audio.
///
/// The search over a large grammar keeps one history a grammar state and frame and guesses the
/// context of each word's last phone, so among paths that differ in one number word it does
/// not always keep the best. Measured on held-out voices with the whole VoiceLog grammar:
/// "glucose five point eight", aligned alone, scored better than the "five point six" the
/// search gave, and so did the spoken "one eighteen over seventy six" against "one eighty"; a
/// grammar of the variants together repeated the search's choice. Each alignment is a search
/// of a one-sentence grammar, a few hundredths of the audio's length.
final class ConfusionRescorer {
    /// How many of the next-best variants become the transcript's alternatives.
    static let alternativesShown = 3
    private let aligner: SentenceAligner
    /// Each confusable word with the others of its group.
    private let confusions: [String: [String]]

    init(decoder: PocketSphinxDecoder, confusableWords: [[String]]) {
        aligner = SentenceAligner(decoder: decoder)
        var confusions: [String: [String]] = [:]
        for group in confusableWords {
            for word in group { confusions[word, default: []] += group.filter { $0 != word } }
        }
        self.confusions = confusions
    }

    /// `words` and the variants with one confusable word replaced that `graph` accepts, best
    /// alignment first. Variants that do not align are left out; `words` is kept, last if it
    /// does not align either.
    func ranked(_ words: [String], samples: [Int16], graph: GrammarGraph) throws -> [[String]] {
        var variants: [[String]] = []
        for (index, word) in words.enumerated() {
            for other in confusions[word] ?? [] {
                var variant = words
                variant[index] = other
                if graph.accepts(variant) { variants.append(variant) }
            }
        }
        guard !variants.isEmpty else { return [words] }
        var scored: [(words: [String], score: Int32)] = []
        for candidate in [words] + variants {
            if let score = try aligner.align(candidate, samples: samples)?.score { scored.append((candidate, score)) }
        }
        let ranked = scored.sorted { $0.score > $1.score }.map(\.words)
        return ranked.contains(words) ? ranked : ranked + [words]
    }
}
