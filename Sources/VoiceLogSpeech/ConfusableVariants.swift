import CPocketSphinx

/// Offers, for a reading of the grammar search, the readings one confusable word apart
/// ("fifteen" and "fifty", "six" and "eight") that the grammar allows, best aligned with the
/// audio first: the alternatives `dictate --review` shows.
///
/// It once replaced the search's reading when a variant aligned better, since the search over
/// the grammar with its rules expanded in place did not always keep the best of paths that
/// differ in one number. Over the merged graph (`GrammarGraph.minimized()`) that made readings
/// worse: on the tuning voices 57 of 62 right entries with it, 61 without (espeak-ng fixtures
/// 17 and 18 of 27), so the search's reading stands. Each alignment is a search of a
/// one-sentence grammar, a few hundredths of the audio's length.
final class ConfusableVariants {
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

    /// The variants of `words` with one confusable word replaced that `graph` accepts, best
    /// alignment first; variants that do not align are left out.
    func alternatives(to words: [String], samples: [Int16], graph: GrammarGraph) throws -> [[String]] {
        var variants: [[String]] = []
        for (index, word) in words.enumerated() {
            for other in confusions[word] ?? [] {
                var variant = words
                variant[index] = other
                if graph.accepts(variant) { variants.append(variant) }
            }
        }
        var scored: [(words: [String], score: Int32)] = []
        for candidate in variants {
            if let score = try aligner.align(candidate, samples: samples)?.score { scored.append((candidate, score)) }
        }
        return scored.sorted { $0.score > $1.score }.map(\.words)
    }
}
