/// Finds the entries of each kind that can start at a token: one introduction, and parts
/// before or after it in any order, each field captured once.
final class EntryMatcher: Sendable {
    let patterns: PatternMatcher
    private let glueWords: Set<String>
    /// Per kind, the words an introduction or part may start with; nil where a number or
    /// free text may start it.
    private let startWords: [Set<String>?]
    /// How many partial matches one start position may explore.
    static let searchBudget = 4000

    init(patterns: PatternMatcher) {
        self.patterns = patterns
        glueWords = patterns.grammar.glueWords
        let grammar = patterns.grammar
        startWords = grammar.kinds.map { kind in
            var words: Set<String> = []
            for pattern in kind.introductions + kind.parts + grammar.commonParts {
                guard let first = patterns.firstWords(of: pattern) else { return nil }
                words.formUnion(first)
            }
            return words
        }
    }

    /// The best match of the kind for each end position, starting at `start`.
    func matches(kindIndex: Int, _ context: MatchContext, at start: Int) -> [EntryMatch] {
        if let words = startWords[kindIndex], !words.contains(context.tokens[start]) { return [] }
        let kind = patterns.grammar.kinds[kindIndex]
        let parts = kind.parts + patterns.grammar.commonParts
        var best: [Int: EntryMatch] = [:]
        var budget = Self.searchBudget

        func extend(_ index: Int, _ introduced: Bool, _ captures: Captures) {
            budget -= 1
            guard budget > 0 else { return }
            if introduced {
                let candidate = EntryMatch(kindIndex: kindIndex, start: start, end: index, captures: captures)
                if best[index].map({ $0.score < candidate.score }) ?? true { best[index] = candidate }
            }
            guard index < context.count else { return }
            if !introduced {
                for introduction in kind.introductions {
                    patterns.match(introduction, context, at: index, captures) { end, updated in
                        if end > index { extend(end, true, updated) }
                    }
                }
            }
            for part in parts {
                patterns.match(part, context, at: index, captures) { end, updated in
                    if end > index { extend(end, introduced, updated) }
                }
            }
            if index > start, glueWords.contains(context.tokens[index]) {
                var skipped = captures
                skipped.penalty += 2
                extend(index + 1, introduced, skipped)
            }
        }

        extend(start, false, Captures())
        return Array(best.values)
    }
}
