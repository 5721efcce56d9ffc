extension Grammar {
    /// Reads and checks the grammar files; throws the first mistake with its file and line.
    public init(files: [GrammarFile]) throws(GrammarError) {
        self.init()
        for file in files {
            var reader = GrammarFileReader(file: file)
            try reader.read(into: &self)
        }
        try expandListOptions()
        try validate()
    }

    /// Puts a list's phrases in place of its name written as `<name>` in another list, and its
    /// values among a condition's values (`when name = <clotting_factors>`), once every file is read.
    private mutating func expandListOptions() throws(GrammarError) {
        for (name, list) in lists {
            for include in list.includes {
                guard let included = lists[include.name], included.includes.isEmpty else {
                    throw GrammarError(file: "grammar", line: 0, message: "list '\(name)' holds '<\(include.name)>', which is not a list of phrases")
                }
                lists[name]!.phrases += included.phrases.map { phrase in
                    var phrase = phrase
                    phrase.isTyped = phrase.isTyped || include.isTyped
                    return phrase
                }
            }
        }
        let lists = self.lists
        func expand(_ condition: inout Condition?) throws(GrammarError) {
            guard var expanded = condition else { return }
            try expanded.expandLists(lists)
            condition = expanded
        }
        for index in kinds.indices {
            for rule in kinds[index].requirements.indices { try expand(&kinds[index].requirements[rule].condition) }
            for rule in kinds[index].defaults.indices { try expand(&kinds[index].defaults[rule].condition) }
            for rule in kinds[index].inferences.indices { try expand(&kinds[index].inferences[rule].condition) }
            for rule in kinds[index].limits.indices { try expand(&kinds[index].limits[rule].condition) }
            for rule in kinds[index].refusals.indices { try kinds[index].refusals[rule].condition.expandLists(lists) }
        }
    }
}

extension Condition {
    /// Expands `<list>` options into the list's values, in this test and those joined to it.
    mutating func expandLists(_ lists: [String: PhraseList]) throws(GrammarError) {
        func values(_ options: [String]) throws(GrammarError) -> [String] {
            var result: [String] = []
            for option in options {
                guard option.hasPrefix("<"), option.hasSuffix(">") else { result.append(option); continue }
                let name = String(option.dropFirst().dropLast())
                guard let list = lists[name] else {
                    throw GrammarError(file: "grammar", line: 0, message: "a condition names the list '\(name)', which is not defined")
                }
                for phrase in list.phrases where !result.contains(phrase.value) { result.append(phrase.value) }
            }
            return result
        }
        switch test {
        case .oneOf(let options): test = .oneOf(try values(options))
        case .noneOf(let options): test = .noneOf(try values(options))
        default: break
        }
        for index in also.indices { try also[index].expandLists(lists) }
    }
}

/// Reads the statements of one grammar file.
///
/// A statement starts at the left margin (`list`, `units`, `numbers`, `kind`, `common`,
/// `rule`); the indented lines under it are its members. `#` starts a comment.
private struct GrammarFileReader {
    let file: GrammarFile
    var lineNumber = 0

    init(file: GrammarFile) { self.file = file }

    func failure(_ message: String) -> GrammarError {
        GrammarError(file: file.name, line: lineNumber, message: message)
    }

    enum Block {
        case none, list(String), units(String), numbers, kind(Int), common, asides
    }

    mutating func read(into grammar: inout Grammar) throws(GrammarError) {
        var block = Block.none
        for rawLine in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.prefix { $0 != "#" }
            guard !line.trimmed.isEmpty else { continue }
            let indented = line.first?.isWhitespace ?? false
            let (keyword, rest) = Self.splitKeyword(line.trimmed)
            if !indented {
                block = try openBlock(keyword, rest, in: &grammar)
                continue
            }
            switch block {
            case .none: throw failure("an indented line outside any block")
            case .list(let name): try readPhrase(line.trimmed, into: &grammar.lists[name]!)
            case .units(let name): try readUnit(line.trimmed, into: &grammar.unitGroups[name]!)
            case .numbers: try readNumberWord(keyword, rest, into: &grammar.numberWords)
            case .kind(let index): try readKindLine(keyword, rest, into: &grammar.kinds[index])
            case .common:
                switch keyword {
                case "part":
                    grammar.commonParts.insert(try template(rest), at: grammar.spokenCommonPartCount)
                    grammar.spokenCommonPartCount += 1
                case "typed":
                    grammar.commonParts.append(try typedLine(rest).1)
                default:
                    throw failure("only 'part' and 'typed part' lines belong under 'common'")
                }
            case .asides:
                guard keyword == "aside" else { throw failure("only 'aside TEMPLATE' lines belong under 'asides'") }
                grammar.asides.append(try template(rest))
            }
        }
    }

    /// The template of a `typed part TEMPLATE` line (or, in a kind, `typed say TEMPLATE`),
    /// given what follows `typed`, with its keyword.
    func typedLine(_ rest: String, allowing keywords: Set<String> = ["part"]) throws(GrammarError) -> (String, Pattern) {
        let (keyword, template) = Self.splitKeyword(rest)
        guard keywords.contains(keyword) else { throw failure("write \(keywords.sorted().map { "'typed \($0) TEMPLATE'" }.joined(separator: " or "))") }
        return (keyword, try self.template(template))
    }

    static func splitKeyword(_ line: String) -> (String, String) {
        let keyword = line.prefix { !$0.isWhitespace }
        return (String(keyword), line.dropFirst(keyword.count).trimmed)
    }

    func template(_ text: String) throws(GrammarError) -> Pattern {
        do {
            return try TemplateParser.parse(text)
        } catch {
            throw failure(error.message)
        }
    }

    mutating func openBlock(_ keyword: String, _ rest: String, in grammar: inout Grammar) throws(GrammarError) -> Block {
        switch keyword {
        case "list":
            guard !rest.isEmpty, grammar.lists[rest] == nil || Grammar.structuralLists.contains(rest)
            else { throw failure("list '\(rest)' is defined twice or has no name") }
            if grammar.lists[rest] == nil { grammar.lists[rest] = PhraseList(name: rest) }
            return .list(rest)
        case "units":
            let words = rest.split(separator: " ").map(String.init)
            guard let name = words.first, grammar.unitGroups[name] == nil else {
                throw failure("units '\(rest)' is defined twice or has no name")
            }
            var group = UnitGroup(name: name)
            var options = words.dropFirst()
            if options.last == "compound" || options.last == "pairs" {
                group.isCompound = options.last == "compound"
                group.readsPairsOnly = options.last == "pairs"
                options = options.dropLast()
            }
            if options.count == 2, options.first == "base" { group.base = options.last }
            else if !options.isEmpty { throw failure("write 'units NAME [base SYMBOL] [compound | pairs]'") }
            if group.isCompound || group.readsPairsOnly, group.base == nil { throw failure("a compound or pairs units group needs a base") }
            grammar.unitGroups[name] = group
            return .units(name)
        case "numbers":
            return .numbers
        case "common":
            return .common
        case "asides":
            return .asides
        case "kind":
            guard !rest.isEmpty, grammar.kind(named: rest) == nil else {
                throw failure("kind '\(rest)' is defined twice or has no name")
            }
            grammar.kinds.append(EntryKind(name: rest))
            return .kind(grammar.kinds.count - 1)
        case "rule":
            let pieces = rest.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmed }
            guard pieces.count == 2, !pieces[0].isEmpty else { throw failure("write 'rule NAME = TEMPLATE'") }
            guard grammar.rules[pieces[0]] == nil else { throw failure("rule '\(pieces[0])' is defined twice") }
            grammar.rules[pieces[0]] = try template(pieces[1])
            return .none
        default:
            throw failure("unknown statement '\(keyword)'")
        }
    }

    /// `VALUE [{field=value}...] = phrase | phrase`, or `phrase | phrase` (each its own value).
    func readPhrase(_ line: String, into list: inout PhraseList) throws(GrammarError) {
        var value = ""
        var assignments: [(field: String, value: String)] = []
        let (isTyped, line) = Self.withoutTyped(line)
        if line.hasPrefix("<"), line.hasSuffix(">") {
            list.includes.append((String(line.dropFirst().dropLast()), isTyped))
            return
        }
        var phrasesText = line
        if let equals = Self.topLevelEquals(in: line) {
            var head = String(line[..<equals])
            phrasesText = String(line[line.index(after: equals)...])
            while let open = head.firstIndex(of: "{"), let close = head.firstIndex(of: "}"), open < close {
                let body = head[head.index(after: open)..<close].split(separator: "=", maxSplits: 1).map { $0.trimmed }
                guard body.count == 2 else { throw failure("write assignments as {field=value}") }
                assignments.append((body[0], body[1]))
                head.removeSubrange(open...close)
            }
            value = head.trimmed
        }
        let phrases = phrasesText.split(separator: "|").map { $0.trimmed }
        for phrase in phrases {
            let words = Tokenizer.tokens(of: phrase).map(\.text)
            guard !words.isEmpty else { throw failure("an empty phrase in list '\(list.name)'") }
            list.phrases.append(.init(words: words, value: value.isEmpty ? phrase : value, assignments: assignments, isTyped: isTyped))
        }
    }

    /// The `=` that separates a value from its phrases, outside any `{...}`.
    static func topLevelEquals(in line: String) -> String.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "{": depth += 1
            case "}": depth -= 1
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// Whether a list or unit line starts with `typed` (read in text only), and the line without it.
    static func withoutTyped(_ line: String) -> (isTyped: Bool, line: String) {
        line.hasPrefix("typed ") ? (true, String(line.dropFirst("typed ".count))) : (false, line)
    }

    /// `[typed] SYMBOL [FACTOR] = phrase | phrase`.
    func readUnit(_ line: String, into group: inout UnitGroup) throws(GrammarError) {
        let (isTyped, line) = Self.withoutTyped(line)
        let pieces = line.split(separator: "=", maxSplits: 1).map { $0.trimmed }
        let head = pieces[0].split(separator: " ").map(String.init)
        guard pieces.count == 2, let symbol = head.first, head.count <= 2 else {
            throw failure("write 'SYMBOL [FACTOR] = phrase | phrase'")
        }
        var factor: Double?
        if head.count == 2 {
            guard let number = Double(head[1]) else { throw failure("'\(head[1])' is not a number") }
            factor = number
        }
        if group.base != nil, factor == nil { throw failure("unit '\(symbol)' needs its factor to \(group.base!)") }
        let phrases = pieces[1].split(separator: "|").map { Tokenizer.tokens(of: $0.trimmed).map(\.text) }
        guard phrases.allSatisfy({ !$0.isEmpty }) else { throw failure("an empty phrase for unit '\(symbol)'") }
        group.units.append(.init(symbol: symbol, factor: factor, phrases: phrases, isTyped: isTyped))
    }

    /// `digit 0 = zero | oh`, `teen 11 = eleven`, `tens 20 = twenty`, `scale 100 = hundred`,
    /// `fraction 0.5 = half`, `point = point | dot`, `minus = minus`, `one = a | an`,
    /// `clock-zero = oh | o`, `written-scale 1000 = k`, `multiplier 12 = dozen`, `pair 2 = couple`,
    /// `whole = all | whole`, `one-is-pronoun-after = the | wee`, `times = x`, `out-of = 10`,
    /// `out-of-said = out of | outta` (phrases),
    /// `sounds-like-digit 2 = to | too` (before a scale only), `sounds-like-digit-before = units`,
    /// `sounds-like-digit-ends-before = fasting` (after tens).
    /// A value may be a ratio (`fraction 1/3 = third`).
    func readNumberWord(_ keyword: String, _ rest: String, into words: inout NumberWords) throws(GrammarError) {
        let pieces = rest.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmed }
        guard pieces.count == 2 else { throw failure("write '\(keyword) [VALUE] = word | word'") }
        let spoken = pieces[1].split(separator: "|").map { $0.trimmed.lowercased() }
        let ratio = pieces[0].split(separator: "/").compactMap { Double($0) }
        let value = ratio.count == 2 && ratio[1] != 0 ? ratio[0] / ratio[1] : Double(pieces[0])
        func needValue() throws(GrammarError) -> Double {
            guard let value else { throw failure("'\(keyword)' needs a number before '='") }
            return value
        }
        if let value, ["digit", "teen", "tens", "scale"].contains(keyword), let first = spoken.first {
            words.preferred[Int(value)] = words.preferred[Int(value)] ?? first
        }
        for word in spoken {
            switch keyword {
            case "digit": words.digits[word] = Int(try needValue())
            case "teen": words.teens[word] = Int(try needValue())
            case "tens": words.tens[word] = Int(try needValue())
            case "scale": words.scales[word] = Int(try needValue())
            case "fraction": words.fractions[word] = try needValue()
            case "counted-fraction":
                words.fractions[word] = try needValue()
                words.countedFractions.insert(word)
            case "point": words.point.insert(word)
            case "minus": words.minus.insert(word)
            case "one": words.one.insert(word)
            case "clock-zero": words.zeroInClock.insert(word)
            case "written-scale": words.writtenScales[word] = try needValue()
            case "multiplier": words.multipliers[word] = try needValue()
            case "pair": words.pairs[word] = try needValue()
            case "whole": words.whole.insert(word)
            case "one-is-pronoun-after": words.pronounOneAfter.insert(word)
            case "times": words.times.insert(word)
            case "out-of": words.scoreScales.insert(word)
            case "out-of-said": words.outOf.append(word.split(separator: " ").map(String.init))
            case "sounds-like-digit": words.soundsLikeDigit[word] = Int(try needValue())
            case "sounds-like-digit-before": words.soundsLikeDigitBefore.insert(word)
            case "sounds-like-digit-ends-before": words.soundsLikeDigitEndsBefore.insert(word)
            default: throw failure("unknown number word class '\(keyword)'")
            }
        }
    }

    mutating func readKindLine(_ keyword: String, _ rest: String, into kind: inout EntryKind) throws(GrammarError) {
        switch keyword {
        case "label": kind.label = rest
        case "fields": kind.fields = rest.split(separator: " ").map(String.init)
        case "say":
            // Spoken introductions come first, so that `spokenIntroductionCount` counts them.
            kind.introductions.insert(try template(rest), at: kind.spokenIntroductionCount)
            kind.spokenIntroductionCount += 1
        case "part":
            // Spoken parts come first, so that `spokenPartCount` counts them.
            kind.parts.insert(try template(rest), at: kind.spokenPartCount)
            kind.spokenPartCount += 1
        case "typed":
            let (keyword, pattern) = try typedLine(rest, allowing: ["part", "say"])
            if keyword == "say" {
                kind.introductions.append(pattern)
            } else {
                // typed parts go before the rereadings, which come last
                kind.parts.insert(pattern, at: kind.parts.count - kind.rereadPartCount)
            }
        case "reread":
            // read only in text, like a typed part
            let (keyword, template) = Self.splitKeyword(rest)
            guard keyword == "part" else { throw failure("write 'reread part TEMPLATE'") }
            kind.parts.append(try self.template(template))
            kind.rereadPartCount += 1
        case "future": kind.allowsFuture = true
        case "once": kind.isOncePerLine = true
        case "unitless": kind.unitlessAmounts.insert(rest.trimmed)
        case "carry": kind.carried += rest.split(separator: " ").map(String.init)
        case "again": kind.restated += rest.split(separator: " ").map(String.init)
        case "share": kind.shared += rest.split(separator: " ").map(String.init)
        case "join":
            let sides = rest.split(separator: "=").map(\.trimmed)
            let target = sides.first?.split(separator: ".").map(String.init) ?? []
            guard sides.count == 2, target.count == 2, !sides[1].isEmpty else { throw failure("write 'join KIND.FIELD = FIELD'") }
            kind.join = EntryKind.Join(kind: target[0], field: target[1], own: String(sides[1]))
        case "example": kind.examples.append(rest)
        case "require":
            let (body, message) = Self.splitMessage(rest)
            let (fields, condition) = try splitCondition(body)
            let anyOf = fields.split(separator: "|").map { String($0.trimmed) }
            kind.requirements.append(Requirement(field: anyOf[0], condition: condition, message: message,
                                                 alternatives: Array(anyOf.dropFirst())))
        case "default", "infer":
            let (body, _) = Self.splitMessage(rest)
            let (assignment, condition) = try splitCondition(body)
            let pieces = assignment.split(separator: "=", maxSplits: 1).map { $0.trimmed }
            guard pieces.count == 2 else { throw failure("write '\(keyword) FIELD = VALUE [when CONDITION]'") }
            let rule = Assignment(field: pieces[0], value: pieces[1], condition: condition)
            if keyword == "default" { kind.defaults.append(rule) } else { kind.inferences.append(rule) }
        case "limit", "warn":
            let (body, reason) = Self.splitMessage(rest)
            let (head, condition) = try splitCondition(body)
            let pieces = head.split(separator: " ").map(String.init)
            guard pieces.count == 2 else { throw failure("write '\(keyword) FIELD LOW..HIGH [when CONDITION]'") }
            let range = try numberRange(pieces[1])
            kind.limits.append(Limit(path: pieces[0], range: range, condition: condition,
                                     isWarning: keyword == "warn", reason: reason))
        case "refuse":
            let (body, message) = Self.splitMessage(rest)
            let (field, condition) = try splitCondition(body)
            guard let condition, let message, !field.isEmpty else { throw failure("write 'refuse FIELD when CONDITION : message'") }
            kind.refusals.append(Refusal(field: field, condition: condition, message: message))
        case "check":
            let (body, message) = Self.splitMessage(rest)
            let pieces = body.split(separator: " ").map(String.init)
            let right = pieces.count == 3 ? pieces[2].split(separator: "*").map(String.init) : []
            guard pieces.count == 3, let relation = Comparison.Relation(rawValue: pieces[1]), (1...2).contains(right.count),
                  let factor = right.count == 2 ? Double(right[1]) : 1 else {
                throw failure("write 'check FIELD > FIELD [: message]' or 'check FIELD <= FIELD*NUMBER [: message]'")
            }
            kind.comparisons.append(Comparison(left: pieces[0], relation: relation, right: right[0], rightFactor: factor, message: message))
        default:
            throw failure("unknown line '\(keyword)' in kind '\(kind.name)'")
        }
    }

    func numberRange(_ text: String) throws(GrammarError) -> ClosedRange<Double> {
        do {
            return try TemplateParser.range(text)
        } catch {
            throw failure(error.message)
        }
    }

    /// Splits `body : message`.
    static func splitMessage(_ text: String) -> (String, String?) {
        guard let colon = text.firstIndex(of: ":") else { return (text, nil) }
        return (text[..<colon].trimmed, text[text.index(after: colon)...].trimmed)
    }

    /// Splits `head when PATH = a | b` (or `!=`, `<`, `<=`, `>`, `>=`), perhaps after an order
    /// of two fields: `when amount.value before name, name = paracetamol`; tests joined by
    /// " and " must all hold.
    func splitCondition(_ text: String) throws(GrammarError) -> (String, Condition?) {
        guard let range = text.find(" when ") else { return (text.trimmed, nil) }
        let head = text[..<range.lowerBound].trimmed
        var test = text[range.upperBound...].trimmed
        var order: FieldOrder?
        if let comma = test.firstIndex(of: ","), let before = test[..<comma].find(" before ") {
            let clause = test[..<comma]
            order = FieldOrder(earlier: clause[..<before.lowerBound].trimmed, later: clause[before.upperBound...].trimmed)
            test = test[test.index(after: comma)...].trimmed
        }
        let tests = test.components(separatedBy: " and ")
        var (rest, condition) = try splitTest(head, tests[0])
        for more in tests.dropFirst() { condition.also.append(try splitTest(head, more).1) }
        condition.order = order
        return (rest, condition)
    }

    private func splitTest(_ head: String, _ test: String) throws(GrammarError) -> (String, Condition) {
        if let found = test.find(" in ") {
            let path = test[..<found.lowerBound].trimmed
            return (head, Condition(path: path, test: .within(try numberRange(test[found.upperBound...].trimmed))))
        }
        for symbol in ["!=", "<=", ">=", "=", "<", ">"] {
            guard let found = test.find(" \(symbol) ") else { continue }
            let path = test[..<found.lowerBound].trimmed
            let operand = test[found.upperBound...].trimmed
            let options = operand.split(separator: "|").map { $0.trimmed }
            switch symbol {
            case "=": return (head, Condition(path: path, test: .oneOf(options)))
            case "!=": return (head, Condition(path: path, test: .noneOf(options)))
            default:
                guard let bound = Double(operand) else { throw failure("'\(operand)' is not a number") }
                let relation = Comparison.Relation(rawValue: symbol)!
                return (head, Condition(path: path, test: .compare(relation, bound)))
            }
        }
        throw failure("write the condition as 'when FIELD = VALUE' (or !=, <, <=, >, >=, in LOW..HIGH)")
    }
}
