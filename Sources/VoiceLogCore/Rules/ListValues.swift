extension Grammar {
    /// The fields of a kind that only ever take a list's values ("side": left, right, both),
    /// with those values in grammar order. A field that some template reads as a number or
    /// as free words is left out: any value of it may be right.
    func listValues(of kind: EntryKind) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var open: Set<String> = []
        func add(_ field: String, _ value: String) {
            if !(values[field]?.contains(value) ?? false) { values[field, default: []].append(value) }
        }
        func walk(_ pattern: Pattern) {
            switch pattern {
            case .capture(let field, .list(let name)):
                for phrase in lists[name]?.phrases ?? [] {
                    add(field, phrase.value)
                    for (other, value) in phrase.assignments { add(other, value) }
                }
            case .capture(let field, _): open.insert(field)
            case .assign(let field, let value): add(field, value)
            case .sequence(let items), .choice(let items): items.forEach(walk)
            case .optional(let inner): walk(inner)
            case .word, .rule: break
            }
        }
        (kind.introductions + kind.parts).forEach(walk)
        for assignment in kind.defaults + kind.inferences { add(assignment.field, assignment.value) }
        return values.filter { !open.contains($0.key) && kind.fields.contains($0.key) }
    }
}
