import VoiceLogCore
import VoiceLogStorage

/// Entries as CSV (RFC 4180): columns `id`, `kind`, `time`, then every field name any of
/// the entries has, in order of first appearance; an amount becomes `NAME_value` and
/// `NAME_unit`. A field an entry lacks is an empty cell.
struct EntryTable {
    let entries: [StoredEntry]

    var columns: [String] {
        var names: [String] = ["id", "kind", "time"]
        var seen = Set(names)
        for stored in entries {
            for (name, value) in stored.entry.fields {
                for column in Self.columns(name, value) where seen.insert(column).inserted {
                    names.append(column)
                }
            }
        }
        return names
    }

    func csv() -> String {
        let columns = columns
        var lines = [columns.map(Self.quoted).joined(separator: ",")]
        for stored in entries {
            var cells: [String: String] = [
                "id": String(stored.id), "kind": stored.entry.kind, "time": stored.entry.time.description,
            ]
            for (name, value) in stored.entry.fields {
                if case .amount(let number, let unit) = value {
                    cells[name + "_value"] = JSONValue.format(number)
                    cells[name + "_unit"] = unit
                } else {
                    cells[name] = value.displayText
                }
            }
            lines.append(columns.map { Self.quoted(cells[$0] ?? "") }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func columns(_ name: String, _ value: FieldValue) -> [String] {
        if case .amount = value { return [name + "_value", name + "_unit"] }
        return [name]
    }

    private static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + String(cell.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) + "\""
    }
}
