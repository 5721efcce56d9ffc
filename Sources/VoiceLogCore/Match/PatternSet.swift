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

    /// Calls `body` with each pattern of the set in `range`, in ascending order.
    func forEach(in range: Range<Int>, _ body: (Int) -> Void) {
        guard !range.isEmpty else { return }
        for wordIndex in (range.lowerBound >> 6)...((range.upperBound - 1) >> 6) {
            var word = bits[wordIndex]
            while word != 0 {
                let pattern = wordIndex << 6 + word.trailingZeroBitCount
                word &= word - 1
                if range.contains(pattern) { body(pattern) }
            }
        }
    }
}
