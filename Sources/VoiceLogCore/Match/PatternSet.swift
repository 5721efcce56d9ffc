/// A set of pattern numbers, a bit each: which patterns may start at a token.
struct PatternSet {
    private var bits: [UInt64]

    /// An empty set of patterns numbered below `count`.
    init(count: Int) {
        bits = Array(repeating: 0, count: (count + 63) / 64)
    }

    subscript(pattern: Int) -> Bool {
        bits[pattern >> 6] & (1 << UInt64(pattern & 63)) != 0
    }

    mutating func insert(_ pattern: Int) {
        bits[pattern >> 6] |= 1 << UInt64(pattern & 63)
    }
}
