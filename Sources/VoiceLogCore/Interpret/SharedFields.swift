/// Fields a kind takes from the sentence when it says none (`share meal` in the grammar): the
/// carbs of "bg 9.2 before dinner, 60g carbs" or "humalog 6 units with lunch, carbs 70" are the
/// dinner's or the lunch's.
struct SharedFields {
    /// For each kind, its shared fields with the values each may take: the values of the lists
    /// its patterns capture the field from.
    private let shared: [[(field: String, values: Set<String>)]]

    init(grammar: Grammar) {
        shared = grammar.kinds.map { kind in
            kind.shared.map { field in
                let lists = (kind.introductions + kind.parts).flatMap { $0.lists(capturing: field) }
                let values = lists.flatMap { grammar.lists[$0]?.phrases.map(\.value) ?? [] }
                return (field, Set(values))
            }
        }
    }

    /// `entry`, of kind number `kindIndex`, with each shared field it lacks taken from the last
    /// entry before it that names one of the field's values, as that field or as the last word
    /// of its tag ("before dinner").
    func fill(_ entry: inout Entry, kindIndex: Int, after earlier: [Entry]) {
        for (field, values) in shared[kindIndex] where entry[field] == nil {
            let said = earlier.reversed().lazy.compactMap { other -> String? in
                for name in [field, "tag"] {
                    guard case .text(let value)? = other[name] else { continue }
                    if let last = value.split(separator: " ").last.map(String.init), values.contains(last) { return last }
                }
                return nil
            }.first
            if let said { entry[field] = .text(said) }
        }
    }
}

extension Pattern {
    /// The lists whose phrases the pattern captures into `field`.
    func lists(capturing field: String) -> [String] {
        switch self {
        case .capture(field, .list(let name)): [name]
        case .sequence(let items), .choice(let items): items.flatMap { $0.lists(capturing: field) }
        case .optional(let inner): inner.lists(capturing: field)
        case .word, .capture, .assign, .rule: []
        }
    }
}
