/// Words a pattern cannot match without: for each anchor, one of its words (or a number) must
/// be among the tokens from where the pattern starts. Worked out once per grammar, they rule
/// patterns out of the tokens where they cannot match, before any pattern is matched
/// ("for breakfast" cannot match in "glucose 6.2", so "{food:text} for {meal:meal}" is never
/// tried there).
struct PatternAnchors: Sendable {
    /// One word of `words`, or a number when `number` is set, must be at or after the start.
    struct Anchor: Hashable, Sendable {
        var words: Set<Int32>
        var number = false
    }

    /// The anchors of each pattern: `anchorIDs[ranges[pattern]]`.
    private let ranges: [Range<Int>]
    private let anchorIDs: [Int]
    private let anchorCount: Int
    /// The anchors each word satisfies: `[word id]`.
    private let anchorsOfWord: [[Int]]
    /// The anchors a number satisfies.
    private let numberAnchors: [Int]

    init(_ patterns: [Pattern], matcher: PatternMatcher) {
        var ranges: [Range<Int>] = []
        var anchorIDs: [Int] = []
        var numbered: [Anchor: Int] = [:]
        var anchorsOfWord = [[Int]](repeating: [], count: matcher.words.count)
        var numberAnchors: [Int] = []
        for pattern in patterns {
            let start = anchorIDs.count
            for anchor in Set(matcher.anchors(of: pattern)) {
                if let id = numbered[anchor] {
                    anchorIDs.append(id)
                    continue
                }
                let id = numbered.count
                numbered[anchor] = id
                anchorIDs.append(id)
                for word in anchor.words where word >= 0 { anchorsOfWord[Int(word)].append(id) }
                if anchor.number { numberAnchors.append(id) }
            }
            ranges.append(start..<anchorIDs.count)
        }
        self.ranges = ranges
        self.anchorIDs = anchorIDs
        anchorCount = numbered.count
        self.anchorsOfWord = anchorsOfWord
        self.numberAnchors = numberAnchors
    }

    /// For each anchor, the last token of the utterance that meets it (-1: none).
    func lastPositions(_ context: MatchContext, startsNumber: (Int) -> Bool) -> [Int32] {
        var last = [Int32](repeating: -1, count: anchorCount)
        for index in 0..<context.count {
            let word = context.ids[index]
            if word >= 0 { for anchor in anchorsOfWord[Int(word)] { last[anchor] = Int32(index) } }
            if startsNumber(index) { for anchor in numberAnchors { last[anchor] = Int32(index) } }
        }
        return last
    }

    /// Whether every anchor of the pattern is met at or after `index`, by `lastPositions`.
    func allAhead(of pattern: Int, at index: Int, _ lastPositions: [Int32]) -> Bool {
        let index = Int32(index)
        for anchor in anchorIDs[ranges[pattern]] where lastPositions[anchor] < index { return false }
        return true
    }
}

extension PatternMatcher {
    /// The anchors of a pattern: each a set of words one of which every match holds.
    func anchors(of pattern: Pattern) -> [PatternAnchors.Anchor] {
        switch pattern {
        case .word(let word):
            return [.init(words: [words.id(of: word)])]
        case .sequence(let items):
            return items.flatMap(anchors(of:))
        case .choice(let options):
            // each option's narrowest anchor; nothing when an option has none
            var union = PatternAnchors.Anchor(words: [])
            for option in options {
                guard let narrowest = anchors(of: option).min(by: { Self.breadth($0) < Self.breadth($1) }) else { return [] }
                union.words.formUnion(narrowest.words)
                union.number = union.number || narrowest.number
            }
            return [union]
        case .optional, .assign, .rule:
            return []
        case .capture(_, let source):
            return anchors(of: source).map { [$0] } ?? []
        }
    }

    /// What a slot cannot be read without.
    private func anchors(of source: SlotSource) -> PatternAnchors.Anchor? {
        switch source {
        case .list(let name): firstWordsOfList(name).map { .init(words: $0) }
        // a quantity or a duration ends in a unit of its group ("120 ml", "all day")
        case .quantity(let group, _): firstWordsOfUnits(group).map { .init(words: $0) }
        case .duration: firstWordsOfUnits("time").map { .init(words: $0) }
        case .number, .span: .init(words: [], number: true)
        case .unit(let group): firstWordsOfUnits(group).map { .init(words: $0) }
        case .minute, .text, .textHolding, .unknownWord, .rest, .strength, .notBefore, .beforeCounted, .clauseEnd, .sameClause, .lineStart, .said: nil
        }
    }

    /// How many ways an anchor is met: the narrowest is the best test.
    private static func breadth(_ anchor: PatternAnchors.Anchor) -> Int {
        anchor.words.count + (anchor.number ? 1000 : 0)
    }
}
