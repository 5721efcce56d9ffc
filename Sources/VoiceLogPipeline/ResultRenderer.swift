import VoiceLogCore

/// Writes results the way a person reads them: the words as heard, then each entry in one
/// line ("Glucose 6.2 mmol/L, after dinner, today 10:00"), then problems.
public struct ResultRenderer: Sendable {
    public let now: LocalDateTime
    public let colors: TerminalColors

    public init(now: LocalDateTime, colors: TerminalColors) {
        self.now = now
        self.colors = colors
    }

    /// The result in a few lines; `note` follows the status ("edited").
    public func render(_ result: ParseResult, note: String? = nil) -> String {
        let noted = note.map { ", " + colors.dim($0) } ?? ""
        var lines = ["\"\(result.input)\"  \(statusLabel(result.status))\(noted)"]
        for (index, entry) in result.entries.enumerated() {
            let number = result.entries.count > 1 ? "\(index + 1). " : ""
            lines.append("  \(number)\(describe(entry))")
        }
        for problem in result.problems {
            let mark = problem.severity == .error ? colors.red("✗") : colors.yellow("!")
            lines.append("  \(mark) \(problem.message)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func statusLabel(_ status: ParseResult.Status) -> String {
        switch status {
        case .ok: colors.green("ok")
        case .infeasible: colors.red("infeasible")
        case .incomplete: colors.yellow("incomplete")
        case .unrecognized: colors.red("unrecognized")
        }
    }

    /// "Glucose 6.2 mmol/L, after dinner, today 10:00".
    public func describe(_ entry: Entry) -> String {
        var parts: [String] = []
        var used: Set<String> = ["unit"]
        if let systolic = entry["systolic"]?.number {
            let diastolic = entry["diastolic"]?.number.map { "/" + JSONValue.format($0) } ?? ""
            parts.append(JSONValue.format(systolic) + diastolic)
            used.formUnion(["systolic", "diastolic"])
        }
        // "90 ml" said is shown once, not again beside the 90 ml it converts to.
        if case .amount(let said, "ml")? = entry["amount"],
           entry.fields.contains(where: { $0.name.hasSuffix("_ml") && $0.value.number == said }) {
            used.insert("amount")
        }
        for (name, value) in entry.fields where !used.contains(name) {
            parts.append(describe(name, value, in: entry))
        }
        let label = entry.kind.split(separator: "_").joined(separator: " ")
        let head = colors.bold(label.prefix(1).uppercased() + label.dropFirst())
        let fields = parts.isEmpty ? "" : " " + parts.joined(separator: ", ")
        return "\(head)\(fields), \(entry.time.readable(relativeTo: now))"
    }

    private func describe(_ name: String, _ value: FieldValue, in entry: Entry) -> String {
        let text = value.displayText
        switch name {
        case "value":
            guard let unit = entry["unit"]?.text else { return text }
            return unit == "C" || unit == "F" ? "\(text) °\(unit)" : "\(text) \(unit)"
        case "percent": return "\(text)%"
        case "flow_lpm": return "on \(text) L/min"
        case "pulse": return "pulse \(text)"
        case "side": return "\(text) side"
        case "intensity": return "\(text) intensity"
        case "severity": return text
        case "amount": return text
        case "strength": return "\(text) each"
        case "method": return text.split(separator: "_").joined(separator: " ")
        case "with": return "with \(text)"
        case "where": return "at \(text)"
        default:
            if name.hasSuffix("_ml") { return "\(Self.shown(value)) ml" }
            if name.hasSuffix("_min") { return "\(Self.shown(value)) min" }
            return text
        }
    }

    /// A converted amount to one decimal place, as it is read: 3 oz is "88.7" ml, not
    /// "88.7205". The stored and JSON values keep every digit.
    private static func shown(_ value: FieldValue) -> String {
        guard let number = value.number else { return value.displayText }
        return JSONValue.format((number * 10).rounded() / 10)
    }
}
