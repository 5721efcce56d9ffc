/// Turns what a match captured into a typed entry: fields in the kind's order, units
/// converted, the time resolved, inferences and defaults applied, then required fields and
/// feasibility checked.
struct EntryBuilder {
    let grammar: Grammar
    let checker: FeasibilityChecker

    struct Built {
        var entry: Entry
        var problems: [Problem]
        var isComplete: Bool
    }

    /// - Parameter surface: the words of a token range as the user wrote them.
    func build(_ match: EntryMatch, now: LocalDateTime, surface: (Int, Int) -> String) -> Built {
        let kind = grammar.kinds[match.kindIndex]
        let (values, timeExpression, saidOrder) = read(match, surface: surface)
        let resolver = TimeResolver(now: now, lookAhead: kind.allowsFuture)
        var problems: [Problem] = []
        let impossibility = resolver.impossibility(of: timeExpression)
        if let impossibility { problems.append(Problem(field: "time", severity: .error, message: impossibility)) }
        // a time that does not exist is not rolled over into another: the entry keeps the reference time
        var entry = Entry(kind: kind.name, time: resolver.resolve(impossibility == nil ? timeExpression : TimeExpression()))
        for field in kind.fields + ["amount", "time_of_day"] + values.keys.filter({ $0.utf8.contains(UInt8(ascii: ".")) }).sorted() {
            if let value = values[field], entry[field] == nil { entry[field] = value }
        }
        apply(kind.inferences, to: &entry)
        problems += undecidedInferences(kind, entry)
        apply(kind.defaults, to: &entry, saidOrder: saidOrder)
        let (unitless, unitWarnings) = assembleAmounts(&entry, kind)
        problems += unitless + unitWarnings
        let missing = kind.requirements.filter { requirement in
            let absent = requirement.field == "time" ? timeExpression.isEmpty : requirement.anyOf.allSatisfy { entry.lookup($0) == nil }
            return absent && (requirement.condition?.holds(for: entry) ?? true)
        }
        // two requirements may ask for one field alike (an insulin named, or said as a bolus)
        for requirement in missing {
            let problem = Problem(field: requirement.field, severity: .error,
                                  message: requirement.message.map { MessageTemplate.fill($0, entry: entry) } ?? Self.missingMessage(requirement.field, kind))
            if !problems.contains(problem) { problems.append(problem) }
        }
        if missing.isEmpty, unitless.isEmpty {
            problems += checker.problems(in: entry, now: now)
        }
        return Built(entry: entry, problems: problems, isComplete: missing.isEmpty && unitless.isEmpty)
    }

    /// The fields a match captured, as values (a quantity with a base unit also gives
    /// `amount`, as said), the time it states, not yet resolved, and the fields in the order
    /// they were said.
    func read(_ match: EntryMatch, surface: (Int, Int) -> String)
        -> (values: [String: FieldValue], time: TimeExpression, saidOrder: [String]) {
        var timeExpression = TimeExpression()
        var values: [String: FieldValue] = [:]
        var softValues: [(String, CapturedValue)] = []
        var timeValues: [(String, CapturedValue)] = []
        for (field, captured) in match.captures.values {
            if field.hasSuffix(Captures.sumSuffix) {
                // "F+" adds up; "F*2+" counts twice ("15 minutes each side"); "F/60+" counts in
                // sixtieths (the seconds of "24:30"); words add to the words said before them
                // (the strength of "co-codamol 30/500" to its name)
                let pieces = field.dropLast().split(whereSeparator: { $0 == "*" || $0 == "/" })
                let name = String(pieces[0])
                let factor = pieces.count > 1 ? Double(pieces[1]) ?? 1 : 1
                let divides = field.utf8.contains(UInt8(ascii: "/"))
                switch fieldValue(captured, surface: surface) {
                case .number(let piece)?:
                    values[name] = .number((values[name]?.number ?? 0) + (divides ? piece / factor : piece * factor))
                case .text(let words)?:
                    values[name] = .text([values[name]?.text, words].compactMap { $0 }.joined(separator: " "))
                default: break
                }
                continue
            }
            if field.hasPrefix(Captures.softPrefix) {
                softValues.append((String(field.dropFirst()), captured))
                continue
            }
            if field.hasPrefix("time.") {
                timeValues.append((field, captured))
                continue
            }
            if case .quantity(let amount, let unit, let factor?) = captured, field != "amount" {
                values[field] = .number(amount * factor)
                values["amount"] = .amount(value: amount, unit: unit)
            } else if let value = fieldValue(captured, surface: surface) {
                values[field] = value
            }
        }
        for (field, captured) in softValues where values[field] == nil {
            if field.hasPrefix("time.") {
                timeValues.insert((field, captured), at: 0)
            } else {
                values[field] = fieldValue(captured, surface: surface)
            }
        }
        // a phrase's own time ("this morning" is today) first, so that a time said outright wins
        for (field, captured) in timeValues {
            if let value = fieldValue(captured, surface: surface) {
                _ = timeExpression.set(String(field.dropFirst(5)), value)
            }
        }
        if let period = timeExpression.period {
            values["time_of_day"] = .text(period)
        }
        let saidOrder = match.captures.values.map { captured in
            captured.field.hasPrefix(Captures.softPrefix) ? String(captured.field.dropFirst()) : captured.field
        }
        return (values, timeExpression, saidOrder)
    }

    /// Puts an amount captured in pieces (`{amount.value:number}`, with `amount.unit` said,
    /// inferred or defaulted: "lantus 22" is 22 units) together. A count left without a
    /// unit is not guessed: the problem asks for it, or, where the kind logs such counts as
    /// said, warns that it has none. Returns the errors and the warnings.
    private func assembleAmounts(_ entry: inout Entry, _ kind: EntryKind) -> (errors: [Problem], warnings: [Problem]) {
        var problems: [Problem] = []
        var warnings: [Problem] = []
        let pieces = entry.fields.filter { $0.name.utf8.contains(UInt8(ascii: ".")) }
        for (name, _) in pieces { entry[name] = nil }
        for (name, value) in pieces where name.hasSuffix(".value") {
            let field = String(name.dropLast(".value".count))
            let unit = pieces.first { $0.name == field + ".unit" }?.value.text
            guard entry[field] == nil, let count = value.number else { continue }
            if unit != nil || kind.unitlessAmounts.contains(field) {
                entry[field] = .amount(value: count, unit: unit)
                if unit == nil {
                    warnings.append(Problem(field: field, severity: .warning, message:
                        "\(JSONValue.format(count)) is logged as said, with no unit. Say the unit ('\(JSONValue.format(count)) mg', '\(JSONValue.format(count)) ml') to log it with one."))
                }
            } else {
                let example = kind.examples.first.map { ", like '\($0)'" } ?? ""
                problems.append(Problem(field: field, severity: .error, message:
                    "\(JSONValue.format(count)) of what? Please say the unit of the \(kind.label)'s \(field)\(example)."))
            }
        }
        return (problems, warnings)
    }

    private func fieldValue(_ captured: CapturedValue, surface: (Int, Int) -> String) -> FieldValue? {
        switch captured {
        case .literal(let text): Double(text).map(FieldValue.number) ?? .text(text)
        case .number(let value): .number(value)
        case .quantity(let value, let unit, _): .amount(value: value, unit: unit)
        case .words(let start, let end): .text(surface(start, end))
        case .rest(let start): surface(start, .max).isEmpty ? nil : .text(surface(start, .max))
        }
    }

    private func apply(_ assignments: [Assignment], to entry: inout Entry, saidOrder: [String] = []) {
        for assignment in assignments where entry[assignment.field] == nil {
            if assignment.condition?.holds(for: entry, saidOrder: saidOrder) ?? true {
                entry[assignment.field] = assignment.fieldValue
            }
        }
    }

    /// A field that has inference rules, none of which applied although the value they test
    /// was given: say so rather than guess ("glucose 35": mmol/L or mg/dL?).
    private func undecidedInferences(_ kind: EntryKind, _ entry: Entry) -> [Problem] {
        var problems: [Problem] = []
        var seen: Set<String> = []
        for inference in kind.inferences where entry[inference.field] == nil && !seen.contains(inference.field) {
            seen.insert(inference.field)
            let rules = kind.inferences.filter { $0.field == inference.field }
            let tested = rules.compactMap { $0.condition?.path }
            guard let path = tested.first, let value = entry.lookup(path) else { continue }
            // each value named once, by its first rule: a wider rule after it only explains
            // a reading that is out of range anyway (a temperature of 45 is Celsius, too high)
            var named: Set<String> = []
            let options = rules.filter { named.insert($0.value).inserted }.map { rule -> String in
                if case .within(let range)? = rule.condition?.test {
                    return "\(rule.value) (\(JSONValue.format(range.lowerBound)) to \(JSONValue.format(range.upperBound)))"
                }
                guard case .compare(let relation, let bound)? = rule.condition?.test else { return rule.value }
                let words = ["<=": "up to", "<": "below", ">=": "from", ">": "above"][relation.rawValue] ?? ""
                return "\(rule.value) (\(words) \(JSONValue.format(bound)))"
            }
            problems.append(Problem(
                field: inference.field, severity: .error,
                message: "\(kind.label.capitalizedFirst) \(value.displayText) could be \(options.joined(separator: " or ")), and it fits neither, so the \(inference.field.replacingUnderscores()) is not clear. Please say the \(inference.field.replacingUnderscores())."))
        }
        return problems
    }

    static func missingMessage(_ field: String, _ kind: EntryKind) -> String {
        let example = kind.examples.first.map { " Say it like '\($0)'." } ?? ""
        return "\(kind.label.capitalizedFirst) needs a \(field.replacingUnderscores()).\(example)"
    }
}
