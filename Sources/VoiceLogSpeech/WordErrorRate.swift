/// Word error rate: (substitutions + deletions + insertions) / reference words.
public struct WordErrorRate: Sendable {
    public private(set) var errors = 0
    public private(set) var referenceWords = 0

    public init() {}

    public var rate: Double { referenceWords == 0 ? 0 : Double(errors) / Double(referenceWords) }

    /// Adds one utterance: its reference words and what was heard, separated by spaces.
    public mutating func add(reference: String, hypothesis: String) {
        let ref = reference.split(separator: " ")
        let hyp = hypothesis.split(separator: " ")
        var previous = Array(0...hyp.count)
        for (i, r) in ref.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: hyp.count)
            for (j, h) in hyp.enumerated() {
                current[j + 1] = min(previous[j] + (r == h ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
            }
            previous = current
        }
        errors += previous[hyp.count]
        referenceWords += ref.count
    }

    /// Adds the utterances counted in `other`.
    public mutating func add(_ other: WordErrorRate) {
        errors += other.errors
        referenceWords += other.referenceWords
    }
}
