import VoiceLogCore
import VoiceLogStorage

/// Stored entries as Nightscout treatments, the JSON array its API takes
/// (`POST /api/v1/treatments`): glucose readings as finger-stick "BG Check"s, carbs as "Carb
/// Correction"s, insulin doses as "Correction Bolus"es, notes as "Note"s and activity as
/// "Exercise". Nightscout has no treatment for the other kinds; they are counted, not written.
public struct NightscoutTreatments {
    public let entries: [StoredEntry]

    public init(entries: [StoredEntry]) {
        self.entries = entries
    }

    /// The treatments, and how many entries had none.
    public func render() -> (json: String, leftOut: Int) {
        var treatments: [JSONValue] = []
        for stored in entries {
            guard let members = Self.members(of: stored.entry) else { continue }
            treatments.append(.object([("eventType", .string(members.eventType))] + members.fields + [
                ("created_at", .string(stored.timeWithOffset)), ("enteredBy", .string("voicelog")),
            ]))
        }
        let lines = treatments.map { "  " + $0.serialized() }
        let json = lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        return (json, entries.count - treatments.count)
    }

    /// The event type and fields of an entry's treatment, or nil when Nightscout has none.
    static func members(of entry: Entry) -> (eventType: String, fields: [(key: String, value: JSONValue)])? {
        switch entry.kind {
        case "glucose":
            guard let value = entry["value"]?.number else { return nil }
            let unit = entry["unit"]?.text == "mg/dL" ? "mg/dl" : "mmol"
            return ("BG Check", [("glucose", .number(value)), ("glucoseType", .string("Finger")), ("units", .string(unit))])
        case "carbs":
            guard let grams = entry["grams"]?.number else { return nil }
            return ("Carb Correction", [("carbs", .number(grams))])
        case "medication":
            guard case .amount(let units, "unit")? = entry["amount"] else { return nil }
            let name = entry["name"]?.text.map { [("notes", JSONValue.string($0))] } ?? []
            return ("Correction Bolus", [("insulin", .number(units))] + name)
        case "note":
            return ("Note", [("notes", .string(entry["text"]?.text ?? ""))])
        case "activity":
            let name = entry["name"]?.text.map { [("notes", JSONValue.string($0))] } ?? []
            return ("Exercise", (entry["duration_min"]?.number.map { [("duration", JSONValue.number($0))] } ?? []) + name)
        default:
            return nil
        }
    }
}
