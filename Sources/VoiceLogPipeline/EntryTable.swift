import VoiceLogCore
import VoiceLogStorage

/// Entries as CSV (RFC 4180) under one fixed header, whatever kinds are present: `id`,
/// `kind`, `time` (with its UTC offset in exports), then a column for each field the bundled kinds have
/// (an amount as `NAME_value` and `NAME_unit`), then `other_fields`: a JSON object of any
/// field without a column (a kind added later), so that nothing is left out. A field an
/// entry lacks is an empty cell. The README and `SCHEMA.md` list the columns.
///
/// A cell a spreadsheet would run as a formula (one beginning with `=`, `+`, `-`, `@`, a tab
/// or a carriage return) is written with a single quote before it, and quoted, as OWASP's
/// "CSV injection" guidance says; entries hold no negative numbers, so no number is changed.
public struct EntryTable {
    public let entries: [StoredEntry]
    /// Times with the UTC offset in force where each entry was logged, as exports write them.
    public let withOffsets: Bool

    public init(entries: [StoredEntry], withOffsets: Bool) {
        self.entries = entries
        self.withOffsets = withOffsets
    }

    /// The field columns after `id`, `kind` and `time`, in order.
    public static let fieldColumns = [
        "value", "unit", "systolic", "diastolic", "pulse", "bpm", "percent",
        "name", "amount_value", "amount_unit", "insulin",
        "method", "volume_ml", "side", "duration_min", "steps", "distance_km", "intensity",
        "grams", "food", "meal", "drink", "severity", "score", "time_of_day", "mood", "contents", "who",
        "tag", "with", "where", "text",
    ]

    public static let columns = ["id", "kind", "time"] + fieldColumns + ["other_fields"]

    public func csv() -> String {
        var lines = [Self.columns.map(Self.cell).joined(separator: ",")]
        let known = Set(Self.fieldColumns)
        for stored in entries {
            var cells: [String: String] = [
                "id": String(stored.id), "kind": stored.entry.kind, "time": withOffsets ? stored.timeWithOffset : stored.entry.time.description,
            ]
            var others: [(String, JSONValue)] = []
            for (name, value) in stored.entry.fields {
                if case .amount(let number, let unit) = value {
                    if known.contains(name + "_value") {
                        cells[name + "_value"] = JSONValue.format(number)
                        cells[name + "_unit"] = unit ?? ""
                        continue
                    }
                } else if known.contains(name) {
                    cells[name] = value.displayText
                    continue
                }
                others.append((name, value.json))
            }
            if !others.isEmpty { cells["other_fields"] = JSONValue.object(others).serialized() }
            lines.append(Self.columns.map { Self.cell(cells[$0] ?? "") }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A cell as written: neutralised if a spreadsheet would take it for a formula, quoted if
    /// it must be.
    public static func cell(_ text: String) -> String {
        let formula = text.first.map { "=+-@\t\r".contains($0) } ?? false
        let cell = formula ? "'" + text : text
        guard formula || cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
