/// Checks entries against the rules their kind declares in the grammar, and the rules that
/// hold for every kind: no negative numbers, no time ahead of the reference clock (nor more
/// than a lifetime from it), and a
/// field said only with a list's phrases holds one of that list's values.
///
/// The one rules engine: the parser, the review prompt's edits and the storage layer all
/// call it, so a range is changed in one place (the kind's `limit` lines).
public struct FeasibilityChecker: Sendable {
    /// How far ahead of the reference clock an entry may be dated, for clocks out of step.
    public static let futureSlackSeconds: Int64 = 5 * 60
    /// How far from the reference clock, either way, any entry may be dated: a lifetime.
    public static let farthestYears = 150

    public let grammar: Grammar
    /// For each kind, the fields that take only a list's values, and those values.
    private let listValues: [String: [String: [String]]]

    public init(grammar: Grammar) {
        self.grammar = grammar
        listValues = Dictionary(uniqueKeysWithValues: grammar.kinds.map { ($0.name, grammar.listValues(of: $0)) })
    }

    /// Every problem with the entry; errors make it infeasible.
    public func problems(in entry: Entry, now: LocalDateTime) -> [Problem] {
        guard let kind = grammar.kind(named: entry.kind) else {
            return [Problem(field: nil, severity: .error, message: "There is no entry kind called '\(entry.kind)'.")]
        }
        var problems: [Problem] = []
        for (name, value) in entry.fields {
            let number: Double? = switch value {
            case .number(let number): number
            case .amount(let number, _): number
            default: nil
            }
            if let number, number < 0 {
                problems.append(Problem(field: name, severity: .error,
                                        message: "\(kind.label.capitalizedFirst) \(name.replacingUnderscores()) cannot be negative (\(JSONValue.format(number))). Please check the number."))
            }
        }
        for name in kind.fields {
            guard let allowed = listValues[kind.name]?[name], let value = entry[name],
                  !allowed.contains(value.displayText) else { continue }
            let field = name.replacingUnderscores()
            problems.append(Problem(field: name, severity: .error,
                                    message: "\(kind.label.capitalizedFirst) \(field) '\(value.displayText)' is not one of \(allowed.joined(separator: ", ")). Please check the \(field)."))
        }
        for limit in kind.limits where limit.condition?.holds(for: entry) ?? true {
            guard let value = entry.lookup(limit.path)?.number, value >= 0, !limit.range.contains(value) else { continue }
            problems.append(limitProblem(limit, value: value, entry: entry, kind: kind))
        }
        for comparison in kind.comparisons {
            guard let left = entry.lookup(comparison.left)?.number, let right = entry.lookup(comparison.right)?.number.map({ $0 * comparison.rightFactor }),
                  !comparison.relation.holds(left, right) else { continue }
            let message = comparison.message.map { MessageTemplate.fill($0, entry: entry) }
                ?? "\(comparison.left) (\(JSONValue.format(left))) must be \(comparison.relation.rawValue) \(comparison.right) (\(JSONValue.format(right)))."
            problems.append(Problem(field: comparison.left, severity: .error, message: message))
        }
        for refusal in kind.refusals where refusal.condition.holds(for: entry) {
            problems.append(Problem(field: refusal.field, severity: .error, message: MessageTemplate.fill(refusal.message, entry: entry)))
        }
        let secondsFromNow = entry.time.secondsSinceEpoch - now.secondsSinceEpoch
        if secondsFromNow.magnitude > UInt64(Self.farthestYears) * 365 * 86_400 {
            problems.append(Problem(field: "time", severity: .error,
                                    message: "The time understood, \(entry.time.readable(relativeTo: now)), is more than \(Self.farthestYears) years \(secondsFromNow < 0 ? "ago" : "ahead"). Please check the time."))
        } else if !kind.allowsFuture, secondsFromNow > Self.futureSlackSeconds {
            problems.append(Problem(field: "time", severity: .error,
                                    message: "The time understood, \(entry.time.readable(relativeTo: now)), is later than now (\(now.readable(relativeTo: now))). Please check the time."))
        }
        return problems
    }

    private func limitProblem(_ limit: Limit, value: Double, entry: Entry, kind: EntryKind) -> Problem {
        let unit = MessageTemplate.unit(of: limit.path, in: entry)
        let heard = "\(kind.label) \(JSONValue.format(value))\(unit)"
        let low = JSONValue.format(limit.range.lowerBound) + unit
        let high = JSONValue.format(limit.range.upperBound) + unit
        let field = String(limit.path.prefix { $0 != "." })
        if limit.isWarning {
            let reason = limit.reason.map { ", \($0)" } ?? ""
            let side = value < limit.range.lowerBound ? "below \(low)" : "above \(high)"
            return Problem(field: field, severity: .warning,
                           message: "\(heard.capitalizedFirst) is \(side)\(reason). Please check the reading and follow your care plan.")
        }
        // "above the highest meter reading (33.3 mmol/L)", as the spec words it
        let what = limit.reason ?? "accepted value"
        let side = value < limit.range.lowerBound ? "below the lowest \(what) (\(low))" : "above the highest \(what) (\(high))"
        return Problem(field: field, severity: .error,
                       message: "The entered number is not reasonable: \(heard) is \(side). Please check the measurement.")
    }
}

/// Fills `{field}` placeholders in a grammar's message with the entry's values.
enum MessageTemplate {
    static func fill(_ template: String, entry: Entry) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let path = String(rest[rest.index(after: open)..<close])
            result += entry.lookup(path)?.displayText ?? path
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The unit a number field is in, with a leading space: " mmol/L", " ml", "%".
    static func unit(of path: String, in entry: Entry) -> String {
        if path == "amount.value", let unit = entry.lookup("amount.unit")?.text { return " " + unit }
        if path == "value", let unit = entry["unit"]?.text { return unit == "C" || unit == "F" ? " °\(unit)" : " " + unit }
        if path.hasSuffix("_ml") { return " ml" }
        if path.hasSuffix("_min") { return " min" }
        if path == "percent" { return "%" }
        return ""
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension LocalDateTime {
    /// "today 10:00", "yesterday 19:00", "Monday 23 Nov 10:00".
    public func readable(relativeTo now: LocalDateTime) -> String {
        let clock = String(description.dropFirst(11).prefix(5))
        switch dayNumber - now.dayNumber {
        case 0: return "today \(clock)"
        case -1: return "yesterday \(clock)"
        case 1: return "tomorrow \(clock)"
        default:
            let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let (year, month, day) = date
            let yearText = year == now.date.year ? "" : " \(year)"
            return "\(names[weekday]) \(day) \(months[month - 1])\(yearText) \(clock)"
        }
    }
}
