/// One way an entry of a kind covers a run of tokens.
struct EntryMatch {
    var kindIndex: Int
    var start: Int
    var end: Int
    var captures: Captures

    /// Words the grammar names count 2, free text 1, skipped glue 0.
    var score: Int { 2 * (end - start) - captures.penalty }
}

extension EntryMatch {
    /// Separates the values of an assignment: an entry for each.
    static let eachValue: Character = "|"

    /// One match for each value of an assignment that names several (`{side=left|right}`:
    /// "pumped 30ml each side" is a session on each side), or this one alone.
    var separated: [EntryMatch] {
        for (index, captured) in captures.values.enumerated() {
            guard case .literal(let values) = captured.value, values.contains(Self.eachValue) else { continue }
            return values.split(separator: Self.eachValue).map { value in
                var one = self
                one.captures.values[index].value = .literal(String(value))
                return one
            }
        }
        return [self]
    }
}
