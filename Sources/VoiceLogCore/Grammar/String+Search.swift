extension StringProtocol {
    /// The first place `needle` occurs, or nil.
    func find(_ needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(needle) {
                return start..<index(start, offsetBy: needle.count)
            }
            start = index(after: start)
        }
        return nil
    }

    /// The pieces between occurrences of `separator`.
    func pieces(separatedBy separator: String) -> [SubSequence] {
        var result: [SubSequence] = []
        var rest = self[...]
        while let found = rest.find(separator) {
            result.append(rest[..<found.lowerBound])
            rest = rest[found.upperBound...]
        }
        result.append(rest)
        return result
    }
}
