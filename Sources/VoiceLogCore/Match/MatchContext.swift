/// The tokens of one utterance, with the readings of its numbers and the matches of each
/// grammar pattern worked out once.
final class MatchContext {
    let tokens: [String]
    /// The tokens' ids in the grammar's `WordIDs`.
    let ids: [Int32]
    private let numberReader: NumberReader
    private var numberCache: [[NumberReading]?]
    /// Matches of pattern `p` at token `i`, started with no captures: `[p * count + i]`.
    private var patternCache: [[(end: Int, captures: Captures)]?] = []

    init(tokens: [String], words: WordIDs, numberReader: NumberReader) {
        self.tokens = tokens
        ids = tokens.map(words.id)
        self.numberReader = numberReader
        numberCache = Array(repeating: nil, count: tokens.count)
    }

    var count: Int { tokens.count }

    func numbers(at index: Int) -> [NumberReading] {
        guard index < tokens.count else { return [] }
        if let cached = numberCache[index] { return cached }
        let readings = numberReader.readings(tokens, at: index)
        numberCache[index] = readings
        return readings
    }

    /// Which grammar patterns may start at each token: `[index]`.
    private var startableCache: [[Bool]?] = []

    /// Which patterns may start at `index`, computed by `compute` once.
    func startablePatterns(at index: Int, _ compute: () -> [Bool]) -> [Bool] {
        if startableCache.isEmpty { startableCache = Array(repeating: nil, count: tokens.count) }
        if let cached = startableCache[index] { return cached }
        let startable = compute()
        startableCache[index] = startable
        return startable
    }

    /// The matches of pattern number `pattern` at `index`, computed by `compute` once.
    func patternMatches(_ pattern: Int, patternCount: Int, at index: Int,
                        _ compute: () -> [(end: Int, captures: Captures)]) -> [(end: Int, captures: Captures)] {
        if patternCache.isEmpty { patternCache = Array(repeating: nil, count: patternCount * tokens.count) }
        let key = pattern * tokens.count + index
        if let cached = patternCache[key] { return cached }
        let matches = compute()
        patternCache[key] = matches
        return matches
    }
}
