extension Grammar {
    /// Checks that every name a template uses exists, so that a typo fails loudly at load
    /// time instead of silently matching nothing; and inlines `<rule>` references.
    mutating func validate() throws(GrammarError) {
        func failure(_ message: String) -> GrammarError {
            GrammarError(file: "grammar", line: 0, message: message)
        }
        for (name, pattern) in rules {
            rules[name] = try inline(pattern, depth: 0, failure: failure)
        }
        commonParts = try commonParts.map { pattern throws(GrammarError) in try inline(pattern, depth: 0, failure: failure) }
        for field in commonParts.flatMap(\.capturedFields) where !field.hasPrefix("time.") && field != Pattern.discard && field != Pattern.copies {
            throw failure("common parts may only capture time.* fields, copies (or read without keeping, '_'), not '\(field)'")
        }
        asides = try asides.map { pattern throws(GrammarError) in try inline(pattern, depth: 0, failure: failure) }
        for field in asides.flatMap(\.capturedFields) where field != Pattern.discard {
            throw failure("an aside is logged in no field, so it may not capture '\(field)'")
        }
        for case .list(let name) in asides.flatMap(\.sources) where lists[name] == nil {
            throw failure("an aside uses list '\(name)', which no file defines")
        }
        for index in kinds.indices {
            var kind = kinds[index]
            kind.introductions = try kind.introductions.map { p throws(GrammarError) in try inline(p, depth: 0, failure: failure) }
            kind.parts = try kind.parts.map { p throws(GrammarError) in try inline(p, depth: 0, failure: failure) }
            guard !kind.introductions.isEmpty else { throw failure("kind '\(kind.name)' has no 'say' line") }
            let declared = Set(kind.fields)
            let used = (kind.introductions + kind.parts).flatMap(\.capturedFields)
                + kind.requirements.flatMap(\.anyOf) + kind.defaults.map(\.field) + kind.inferences.map(\.field) + kind.carried + kind.restated + kind.shared
            let implicit: Set<String> = ["amount", "amount.value", "amount.unit", "time", Pattern.discard, Pattern.copies]
            for field in used.map({ String(Captures.base(of: $0)) })
            where !declared.contains(field) && !implicit.contains(field) && !field.hasPrefix("time.") {
                throw failure("kind '\(kind.name)' uses field '\(field)' that its 'fields' line does not declare")
            }
            for source in (kind.introductions + kind.parts + commonParts).flatMap(\.sources) {
                switch source {
                case .list(let name) where lists[name] == nil, .textHolding(let name, _) where lists[name] == nil,
                     .notBefore(let name) where lists[name] == nil, .beforeCounted(let name) where lists[name] == nil:
                    throw failure("kind '\(kind.name)' uses list '\(name)', which no file defines")
                case .text(let rule?) where rules[rule] == nil, .said(let rule) where rules[rule] == nil:
                    throw failure("kind '\(kind.name)' says a text with rule '<\(rule)>', which no file defines")
                case .quantity(let group, _) where unitGroups[group] == nil,
                     .unit(let group) where unitGroups[group] == nil:
                    throw failure("kind '\(kind.name)' uses units '\(group)', which no file defines")
                default: break
                }
            }
            kinds[index] = kind
        }
        for kind in kinds {
            guard let join = kind.join else { continue }
            guard kind.fields.contains(join.own) else { throw failure("kind '\(kind.name)' joins with field '\(join.own)', which its 'fields' line does not declare") }
            guard let other = kinds.first(where: { $0.name == join.kind }), other.fields.contains(join.field) else {
                throw failure("kind '\(kind.name)' joins '\(join.kind).\(join.field)', which no kind declares")
            }
        }
        guard !numberWords.digits.isEmpty, !numberWords.tens.isEmpty else {
            throw failure("no 'numbers' section defines the number words")
        }
        guard unitGroups["time"] != nil else { throw failure("no 'units time' group defines units of time") }
    }

    private func inline(_ pattern: Pattern, depth: Int, failure: (String) -> GrammarError) throws(GrammarError) -> Pattern {
        guard depth < 16 else { throw failure("rules refer to each other in a loop") }
        switch pattern {
        case .rule(let name):
            guard let body = rules[name] else { throw failure("rule '<\(name)>' is not defined") }
            return try inline(body, depth: depth + 1, failure: failure)
        case .sequence(let items):
            return .sequence(try items.map { p throws(GrammarError) in try inline(p, depth: depth, failure: failure) })
        case .choice(let items):
            return .choice(try items.map { p throws(GrammarError) in try inline(p, depth: depth, failure: failure) })
        case .optional(let inner):
            return .optional(try inline(inner, depth: depth, failure: failure))
        case .word, .capture, .assign:
            return pattern
        }
    }
}

extension Grammar {
    /// The rules that the `said(RULE)` captures of `patterns` name, whose words they read.
    func saidRules(in patterns: [Pattern]) -> [Pattern] {
        var names: Set<String> = []
        for case .said(let rule) in patterns.flatMap(\.sources) { names.insert(rule) }
        return names.sorted().compactMap { rules[$0] }
    }
}

extension Pattern {
    /// Every field this pattern captures or assigns.
    var capturedFields: [String] {
        switch self {
        case .capture(let field, _), .assign(let field, _): [field]
        case .sequence(let items), .choice(let items): items.flatMap(\.capturedFields)
        case .optional(let inner): inner.capturedFields
        case .word, .rule: []
        }
    }

    /// The sources this pattern reads into `field`.
    func captures(of field: String) -> [SlotSource] {
        switch self {
        case .capture(let name, let source): name == field ? [source] : []
        case .sequence(let items), .choice(let items): items.flatMap { $0.captures(of: field) }
        case .optional(let inner): inner.captures(of: field)
        case .word, .rule, .assign: []
        }
    }

    /// Every slot source this pattern reads.
    var sources: [SlotSource] {
        switch self {
        case .capture(_, let source): [source]
        case .sequence(let items), .choice(let items): items.flatMap(\.sources)
        case .optional(let inner): inner.sources
        case .word, .rule, .assign: []
        }
    }
}
