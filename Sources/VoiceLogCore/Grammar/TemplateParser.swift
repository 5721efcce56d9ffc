/// Reads one template, such as `(glucose | blood sugar) [is] {value:number}`, into a `Pattern`.
///
/// Syntax: words; `( a | b )` alternatives; `[ a ]` optional; `<name>` a rule; `{field:source}`
/// a capture; `{field=value}` an assignment. See `Grammars/README.md`.
struct TemplateParser {
    struct Failure: Error {
        var message: String
    }

    private let text: [Character]
    private var position = 0

    static func parse(_ template: String) throws(Failure) -> Pattern {
        var parser = TemplateParser(text: Array(template))
        let pattern = try parser.alternatives()
        parser.skipSpace()
        guard parser.position == parser.text.count else {
            throw Failure(message: "unexpected '\(parser.text[parser.position])' in template")
        }
        return pattern
    }

    private init(text: [Character]) { self.text = text }

    private mutating func skipSpace() {
        while position < text.count, text[position].isWhitespace { position += 1 }
    }

    private func peek() -> Character? { position < text.count ? text[position] : nil }

    private mutating func alternatives() throws(Failure) -> Pattern {
        var options = [try sequence()]
        while peek() == "|" {
            position += 1
            options.append(try sequence())
        }
        return options.count == 1 ? options[0] : .choice(options)
    }

    private mutating func sequence() throws(Failure) -> Pattern {
        var items: [Pattern] = []
        while true {
            skipSpace()
            guard let character = peek(), !"|)]".contains(character) else { break }
            items.append(contentsOf: try atom())
        }
        guard !items.isEmpty else { throw Failure(message: "empty alternative in template") }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func atom() throws(Failure) -> [Pattern] {
        switch peek() {
        case "(":
            position += 1
            let inner = try alternatives()
            try expect(")")
            return [inner]
        case "[":
            position += 1
            let inner = try alternatives()
            try expect("]")
            return [.optional(inner)]
        case "<":
            position += 1
            let name = take { $0 != ">" }
            try expect(">")
            return [.rule(name.trimmed)]
        case "{":
            position += 1
            let body = take { $0 != "}" }
            try expect("}")
            return [try slot(body)]
        default:
            let word = take { !$0.isWhitespace && !"()[]{}<>|".contains($0) }
            let tokens = Tokenizer.tokens(of: word)
            guard !tokens.isEmpty else { throw Failure(message: "'\(word)' is no word the tokenizer keeps") }
            return tokens.map { .word($0.text) }
        }
    }

    private mutating func expect(_ character: Character) throws(Failure) {
        skipSpace()
        guard peek() == character else { throw Failure(message: "expected '\(character)' in template") }
        position += 1
    }

    private mutating func take(while accept: (Character) -> Bool) -> String {
        let start = position
        while position < text.count, accept(text[position]) { position += 1 }
        return String(text[start..<position])
    }

    /// `field:source` or `field=value`.
    private func slot(_ body: String) throws(Failure) -> Pattern {
        if let equals = body.firstIndex(of: "="), !body[..<equals].contains(":") {
            return .assign(field: body[..<equals].trimmed, value: body[body.index(after: equals)...].trimmed)
        }
        guard let colon = body.firstIndex(of: ":") else {
            throw Failure(message: "'{\(body)}' needs ':' (a capture) or '=' (an assignment)")
        }
        let field = body[..<colon].trimmed
        let source = try Self.source(body[body.index(after: colon)...].trimmed)
        return .capture(field: field, source: source)
    }

    /// `number`, `integer(0..59)`, `number ~1..33,1`, `minute`, `text`, `text ~rule`,
    /// `text(list)`, `rest`, `duration(min)`, `quantity(group)`, `unit(group)`, or a list name;
    /// `~LOW..HIGH` after a number, quantity or duration shapes what the speech grammar offers,
    /// and `~rule` after `text` names the words it offers.
    static func source(_ spec: String) throws(Failure) -> SlotSource {
        var spec = spec
        var shape: String?
        if let tilde = spec.firstIndex(of: "~") {
            shape = spec[spec.index(after: tilde)...].trimmed
            spec = spec[..<tilde].trimmed
        }
        let name = spec.prefix { $0 != "(" }.trimmed
        let argument = spec.contains("(") ? spec.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }.trimmed : nil
        if name == "text", argument == nil { return .text(speech: shape) }
        if shape != nil, !["number", "integer", "decimal", "quantity", "duration"].contains(name) {
            throw Failure(message: "'~' shapes only the numbers of number, integer, decimal, quantity and duration, "
                + "and the words of text, not '\(name)'")
        }
        let speech = try shape.map { shape throws(Failure) in try speechShape(shape) }
        switch name {
        case "number", "integer", "clock", "decimal":
            var shape = NumberShape(integerOnly: name == "integer", speech: speech, isClock: name == "clock", isDecimal: name == "decimal")
            if let argument { shape.range = try range(argument) }
            return .number(shape)
        case "minute": return .minute
        case "span": return .span
        case "strength":
            switch argument {
            case nil: return .strength(.plain)
            case "liquid": return .strength(.liquid)
            case "combined": return .strength(.combined)
            case let other?: throw Failure(message: "strength takes liquid or combined, not '\(other)'")
            }
        case "not_before":
            guard let argument else { throw Failure(message: "not_before needs a list: not_before(carb_words)") }
            return .notBefore(list: argument)
        case "before_counted":
            guard let argument else { throw Failure(message: "before_counted needs a list: before_counted(carb_words)") }
            return .beforeCounted(list: argument)
        case "clause_end":
            guard argument == nil else { throw Failure(message: "clause_end takes no argument") }
            return .clauseEnd
        case "same_clause":
            guard argument == nil else { throw Failure(message: "same_clause takes no argument") }
            return .sameClause
        case "line_start":
            guard argument == nil else { throw Failure(message: "line_start takes no argument") }
            return .lineStart
        case "text":
            guard let argument else { return .text() }
            return argument.hasPrefix("not ") ? .textHolding(list: argument.dropFirst(4).trimmed, holding: false) : .textHolding(list: argument)
        case "rest": return .rest
        case "said":
            guard let argument else { throw Failure(message: "said needs a rule: said(symptom_place)") }
            return .said(rule: argument)
        case "word":
            guard argument == nil else { throw Failure(message: "word takes no argument") }
            return .unknownWord
        case "duration": return .duration(unit: argument ?? "min", speech: speech)
        case "quantity", "unit":
            guard let argument else { throw Failure(message: "\(name) needs a units group: \(name)(volume)") }
            return name == "unit" ? .unit(group: argument) : .quantity(group: argument, speech: speech)
        default:
            guard argument == nil else { throw Failure(message: "unknown reader '\(name)'") }
            return .list(name)
        }
    }

    static func range(_ text: String) throws(Failure) -> ClosedRange<Double> {
        let bounds = text.pieces(separatedBy: "..").map { Double($0.trimmed) }
        guard bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high else {
            throw Failure(message: "'\(text)' is not a range like 1..33.3")
        }
        return low...high
    }

    /// `LOW..HIGH` or `LOW..HIGH,DECIMALS` in whole numbers.
    private static func speechShape(_ text: String) throws(Failure) -> SpeechNumberShape {
        let pieces = text.split(separator: ",").map { $0.trimmed }
        let bounds = try range(pieces[0])
        let decimals = pieces.count > 1 ? Int(pieces[1]) : 0
        guard let decimals, bounds.lowerBound == bounds.lowerBound.rounded(), bounds.upperBound == bounds.upperBound.rounded()
        else { throw Failure(message: "'~\(text)' is not a speech shape like ~1..33,1") }
        return SpeechNumberShape(range: Int(bounds.lowerBound)...Int(bounds.upperBound), decimals: decimals)
    }
}

extension StringProtocol {
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
