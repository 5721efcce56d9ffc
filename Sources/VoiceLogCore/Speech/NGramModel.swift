import Foundation

/// A back-off n-gram language model (up to trigrams) counted from sentences, written in the
/// ARPA text format that PocketSphinx reads.
///
/// Seen n-grams keep their count less an absolute discount (Ney, Essen and Kneser's
/// D = n1 / (n1 + 2 n2), from the counts of counts of each order); what the discount frees
/// goes to the next order down through back-off weights. Every word of `vocabulary` gets a
/// unigram, seen or not, so that any word the grammar has can still be heard.
public struct NGramModel {
    /// Words by id; 0 is `<s>`, 1 is `</s>`.
    private var words: [String] = ["<s>", "</s>"]
    private var ids: [String: Int] = ["<s>": 0, "</s>": 1]
    /// Counts of each order, keyed by packed word ids (21 bits a word).
    private var counts: [[UInt64: Int]] = [[:], [:], [:]]
    private static let bits: UInt64 = 21

    public init(vocabulary: some Sequence<String> = []) {
        for word in vocabulary { _ = id(of: word) }
    }

    /// Counts one sentence's n-grams, between `<s>` and `</s>`.
    public mutating func add(_ sentence: [String]) {
        let tokens = [0] + sentence.map { id(of: $0) } + [1]
        for end in 1..<tokens.count {
            for order in 1...3 where end - order + 1 >= 0 {
                let gram = tokens[(end - order + 1)...end]
                if order == 1 || gram.first! != 1 { counts[order - 1][Self.pack(gram), default: 0] += 1 }
            }
        }
    }

    private mutating func id(of word: String) -> Int {
        if let id = ids[word] { return id }
        precondition(words.count < 1 << Self.bits, "too many words for an n-gram key")
        ids[word] = words.count
        words.append(word)
        return words.count - 1
    }

    private static func pack(_ gram: some Collection<Int>) -> UInt64 {
        gram.reduce(0) { ($0 << bits) | UInt64($1 + 1) }
    }

    private static func unpack(_ key: UInt64, order: Int) -> [Int] {
        (0..<order).reversed().map { Int((key >> (UInt64($0) * bits)) & ((1 << bits) - 1)) - 1 }
    }

    /// The model as ARPA text. A fixed `discount` (a count, 0 to 1) replaces the estimated
    /// one: a small discount leaves little to unseen n-grams, keeping the search near the
    /// grammar's own sentences.
    public func arpa(discount: Double? = nil) -> String {
        let model = Estimate(words: words, counts: counts, discount: discount)
        var text = "\\data\\\n"
        for order in 1...3 { text += "ngram \(order)=\(model.entries[order - 1].count)\n" }
        for order in 1...3 {
            text += "\n\\\(order)-grams:\n"
            for entry in model.entries[order - 1] {
                let gram = entry.gram.map { words[$0] }.joined(separator: " ")
                text += Self.format(entry.logProbability) + " " + gram
                if let backOff = entry.logBackOff { text += " " + Self.format(backOff) }
                text += "\n"
            }
        }
        return text + "\n\\end\\\n"
    }

    private static func format(_ value: Double) -> String { String(format: "%.4f", value) }

    /// The probabilities and back-off weights of every n-gram, ready to write.
    private struct Estimate {
        struct Entry {
            let gram: [Int]
            let logProbability: Double
            var logBackOff: Double?
        }

        /// Entries of each order, sorted by word ids.
        var entries: [[Entry]] = [[], [], []]
        private var probability: [[UInt64: Double]] = [[:], [:], [:]]
        private var backOff: [[UInt64: Double]] = [[:], [:], [:]]

        init(words: [String], counts: [[UInt64: Int]], discount: Double?) {
            // Unigrams: counts with a half added to every word, so unseen words stay possible.
            let unigrams = counts[0]
            let total = Double(unigrams.values.reduce(0, +)) + 0.5 * Double(words.count - 1)
            for id in 0..<words.count where id != 0 {
                probability[0][NGramModel.pack([id])] = (Double(unigrams[NGramModel.pack([id])] ?? 0) + 0.5) / total
            }
            for order in 2...3 { estimate(order: order, counts: counts, fixedDiscount: discount) }
            for order in 1...3 {
                entries[order - 1] = probability[order - 1].keys.sorted().map { key in
                    let gram = NGramModel.unpack(key, order: order)
                    return Entry(gram: gram, logProbability: log10(probability[order - 1][key]!),
                                 logBackOff: order < 3 ? backOff[order - 1][key].map(log10) : nil)
                }
                if order == 1 {
                    // `<s>` starts sentences and is never predicted.
                    entries[0].insert(Entry(gram: [0], logProbability: -99, logBackOff: backOff[0][NGramModel.pack([0])].map(log10)), at: 0)
                }
            }
        }

        private mutating func estimate(order: Int, counts: [[UInt64: Int]], fixedDiscount: Double?) {
            let grams = counts[order - 1]
            let ones = Double(grams.values.filter { $0 == 1 }.count)
            let twos = Double(grams.values.filter { $0 == 2 }.count)
            let discount = fixedDiscount ?? (ones + twos > 0 ? max(0.1, min(0.9, ones / (ones + 2 * twos))) : 0.5)
            var historyTotal: [UInt64: Double] = [:]
            var followers: [UInt64: Double] = [:]
            for (key, count) in grams {
                let history = key >> NGramModel.bits
                historyTotal[history, default: 0] += Double(count)
                followers[history, default: 0] += 1
            }
            var lowerMassSeen: [UInt64: Double] = [:]
            for (key, count) in grams {
                let history = key >> NGramModel.bits
                probability[order - 1][key] = (Double(count) - discount) / historyTotal[history]!
                lowerMassSeen[history, default: 0] += lowerProbability(key, order: order)
            }
            for (history, total) in historyTotal {
                let freed = discount * followers[history]! / total
                let remaining = max(1 - lowerMassSeen[history]!, 1e-9)
                backOff[order - 2][history] = freed / remaining
            }
        }

        /// The probability of the last word of `key` given all but the first word of its history.
        private func lowerProbability(_ key: UInt64, order: Int) -> Double {
            let mask: UInt64 = (1 << (NGramModel.bits * UInt64(order - 1))) - 1
            return probability(key & mask, order: order - 1)
        }

        /// The backed-off probability of an n-gram of `order` words.
        private func probability(_ key: UInt64, order: Int) -> Double {
            if let seen = probability[order - 1][key] { return seen }
            guard order > 1 else { return 0 }
            let history = key >> NGramModel.bits
            let weight = backOff[order - 2][history] ?? 1
            return weight * lowerProbability(key, order: order)
        }
    }
}
