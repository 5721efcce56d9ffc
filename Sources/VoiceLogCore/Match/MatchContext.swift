/// The tokens of one utterance, with the readings of its numbers and the matches of each
/// grammar pattern worked out once.
final class MatchContext {
    let tokens: [String]
    /// The tokens' ids in the grammar's `WordIDs`.
    let ids: [Int32]
    /// The tokens' classes.
    let classes: [WordClass]
    /// Whether each token holds a digit ("6.2", "120ml").
    let hasDigit: [Bool]
    private let numberReader: NumberReader
    private var numberCache: [[NumberReading]?]
    /// Where the matches of pattern `p` at token `i` (started with no captures) are kept in
    /// `patternCache`: key `p * count + i`, absent until they are worked out.
    private var matchSlots = SlotTable()
    private var patternCache: [[EntryMatcher.PatternMatch]] = []

    /// - Parameter classes: the classes of each word of `words`, by id.
    init(tokens: [String], words: WordIDs, classes: [WordClass], numberReader: NumberReader) {
        self.tokens = tokens
        let ids = tokens.map(words.id)
        self.ids = ids
        self.classes = ids.map { $0 >= 0 ? classes[Int($0)] : [] }
        hasDigit = tokens.map(\.holdsNumber)
        self.numberReader = numberReader
        numberCache = Array(repeating: nil, count: tokens.count)
    }

    var count: Int { tokens.count }
    /// Where the utterance's words end, glue after the last of them aside ("this morning as usual").
    var endBeforeGlue: Int {
        var end = count
        while end > 0, classes[end - 1].contains(.glue) { end -= 1 }
        return end
    }
    /// Whether the utterance is read again, its kinds' `reread part` lines tried first, because
    /// the first reading was infeasible.
    var rereading = false
    /// The tokens a comma or semicolon stands before: free text does not run across them.
    var commaBefore: Set<Int> = []

    /// Whether a comma stands before the token, or before the glue words that lead up to it:
    /// free text there opens a clause of its own.
    func followsComma(_ index: Int) -> Bool {
        var position = index
        while !commaBefore.contains(position) {
            guard position > 0, classes[position - 1].contains(.glue) else { return false }
            position -= 1
        }
        return true
    }

    /// The tokens a number does not run up to: a filler such as "about" was dropped before them.
    var numberBreaks: Set<Int> = []
    /// The tokens that start a sentence of their own (after a full stop, "!", "?", ";" or "|").
    var stopBefore: Set<Int> = []

    /// Whether the token holds a number: one read there, or a digit written in it ("2L").
    func holdsNumber(at index: Int) -> Bool { hasDigit[index] || !numbers(at: index).isEmpty }

    func numbers(at index: Int) -> [NumberReading] {
        guard index < tokens.count else { return [] }
        if let cached = numberCache[index] { return cached }
        let end = numberBreaks.lazy.filter { $0 > index }.min()
        let readings = numberReader.readings(end.map { Array(tokens[..<$0]) } ?? tokens, at: index)
        numberCache[index] = readings
        return readings
    }

    /// The last token that meets each anchor of the grammar's patterns: `[anchor]`.
    private var anchorPositionsCache: [Int32]?

    /// The last token that meets each anchor, computed by `compute` once.
    func anchorPositions(_ compute: () -> [Int32]) -> [Int32] {
        if let cached = anchorPositionsCache { return cached }
        let positions = compute()
        anchorPositionsCache = positions
        return positions
    }

    /// Which grammar patterns may start at each token: `[index]`.
    private var startableCache: [PatternSet?] = []

    /// Which patterns may start at `index`, computed by `compute` once.
    func startablePatterns(at index: Int, _ compute: () -> PatternSet) -> PatternSet {
        if startableCache.isEmpty { startableCache = Array(repeating: nil, count: tokens.count) }
        if let cached = startableCache[index] { return cached }
        let startable = compute()
        startableCache[index] = startable
        return startable
    }

    /// The matches of pattern number `pattern` at `index`, computed by `compute` once.
    func patternMatches(_ pattern: Int, at index: Int,
                        _ compute: () -> [EntryMatcher.PatternMatch]) -> [EntryMatcher.PatternMatch] {
        let key = pattern * tokens.count + index
        if let slot = matchSlots[key] { return patternCache[Int(slot)] }
        let matches = compute()
        matchSlots[key] = Int32(patternCache.count)
        patternCache.append(matches)
        return matches
    }

    /// Whether the number written in digits at `index` goes on past `end`: into a clock time
    /// ("2" of "2:10") or a longer number ("2" of "2 and a half").
    func opensLongerNumber(at index: Int, than end: Int) -> Bool {
        hasDigit[index] && (tokens[safe: end] == ":" || numbers(at: index).contains { $0.end > end })
    }
}
