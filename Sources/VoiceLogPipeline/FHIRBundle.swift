import VoiceLogCore
import VoiceLogStorage

/// Stored entries as a FHIR R4 `Bundle` of type `collection`: measurements as `Observation`s
/// coded with LOINC and measured in UCUM units, medicines taken as `MedicationStatement`s.
/// FHIR has no resource that fits the other kinds (feeds, symptoms, food...); they are
/// counted, not written. Times are `effectiveDateTime` with the UTC offset where each was logged.
public struct FHIRBundle {
    public let entries: [StoredEntry]
    /// The bundle's `timestamp`: when it was made, with its offset.
    public let timestamp: String

    public init(entries: [StoredEntry], timestamp: String) {
        self.entries = entries
        self.timestamp = timestamp
    }

    /// The bundle as JSON, and how many entries had no resource.
    public func render() -> (json: String, leftOut: Int) {
        let resources = entries.compactMap(Self.resource)
        let bundle = JSONValue.object([
            ("resourceType", .string("Bundle")), ("type", .string("collection")), ("timestamp", .string(timestamp)),
            ("entry", .array(resources.map { .object([("resource", $0)]) })),
        ])
        return (bundle.serialized() + "\n", entries.count - resources.count)
    }

    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"

    /// The resource of one entry, or nil when none fits.
    static func resource(_ stored: StoredEntry) -> JSONValue? {
        let entry = stored.entry
        func number(_ name: String) -> Double? { entry[name]?.number }
        switch entry.kind {
        case "glucose":
            guard let value = number("value") else { return nil }
            let massUnits = entry["unit"]?.text == "mg/dL"
            return observation(stored, category: "laboratory",
                               code: massUnits ? ("2339-0", "Glucose [Mass/volume] in Blood")
                                               : ("15074-8", "Glucose [Moles/volume] in Blood"),
                               value: quantity(value, massUnits ? "mg/dL" : "mmol/L"))
        case "blood_pressure":
            guard let systolic = number("systolic"), let diastolic = number("diastolic") else { return nil }
            var components = [
                component(("8480-6", "Systolic blood pressure"), quantity(systolic, "mm[Hg]", unit: "mmHg")),
                component(("8462-4", "Diastolic blood pressure"), quantity(diastolic, "mm[Hg]", unit: "mmHg")),
            ]
            if let pulse = number("pulse") {
                components.append(component(("8867-4", "Heart rate"), quantity(pulse, "/min", unit: "beats/minute")))
            }
            return observation(stored, category: "vital-signs", code: ("85354-9", "Blood pressure panel with all children optional"),
                               components: components)
        case "heart_rate":
            guard let bpm = number("bpm") else { return nil }
            return observation(stored, category: "vital-signs", code: ("8867-4", "Heart rate"),
                               value: quantity(bpm, "/min", unit: "beats/minute"))
        case "temperature":
            guard let value = number("value") else { return nil }
            let fahrenheit = entry["unit"]?.text == "F"
            return observation(stored, category: "vital-signs", code: ("8310-5", "Body temperature"),
                               value: quantity(value, fahrenheit ? "[degF]" : "Cel", unit: fahrenheit ? "°F" : "°C"))
        case "oxygen":
            guard let percent = number("percent") else { return nil }
            return observation(stored, category: "vital-signs",
                               codes: [("2708-6", "Oxygen saturation in Arterial blood"),
                                       ("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry")],
                               value: quantity(percent, "%"))
        case "weight":
            guard let value = number("value") else { return nil }
            let pounds = entry["unit"]?.text == "lb"
            return observation(stored, category: "vital-signs", code: ("29463-7", "Body weight"),
                               value: quantity(value, pounds ? "[lb_av]" : "kg", unit: pounds ? "lb" : "kg"))
        case "hba1c":
            guard let value = number("value") else { return nil }
            let ifcc = entry["unit"]?.text == "mmol/mol"
            return observation(stored, category: "laboratory",
                               code: ifcc ? ("59261-8", "Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol")
                                          : ("4548-4", "Hemoglobin A1c/Hemoglobin.total in Blood"),
                               value: quantity(value, ifcc ? "mmol/mol" : "%"))
        case "medication":
            return medicationStatement(stored)
        default:
            return nil
        }
    }

    private static func observation(_ stored: StoredEntry, category: String, code: (String, String)? = nil,
                                     codes: [(String, String)] = [], value: JSONValue? = nil,
                                     components: [JSONValue] = []) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("resourceType", .string("Observation")), ("id", .string("voicelog-entry-\(stored.id)")),
            ("status", .string("final")),
            ("category", .array([.object([("coding", .array([.object([
                ("system", .string("http://terminology.hl7.org/CodeSystem/observation-category")),
                ("code", .string(category)),
            ])]))])])),
            ("code", concept(code.map { [$0] } ?? codes)),
            ("effectiveDateTime", .string(stored.timeWithOffset)),
        ]
        if let value { members.append(("valueQuantity", value)) }
        if !components.isEmpty { members.append(("component", .array(components))) }
        if let tag = stored.entry["tag"]?.text { members.append(("note", .array([.object([("text", .string(tag))])]))) }
        return .object(members)
    }

    /// A medicine taken: what, how much, when. FHIR asks whose it is; the log is one person's.
    private static func medicationStatement(_ stored: StoredEntry) -> JSONValue? {
        guard let name = stored.entry["name"]?.text else { return nil }
        var members: [(key: String, value: JSONValue)] = [
            ("resourceType", .string("MedicationStatement")), ("id", .string("voicelog-entry-\(stored.id)")),
            ("status", .string("completed")),
            ("medicationCodeableConcept", .object([("text", .string(name))])),
            ("subject", .object([("display", .string("The person keeping this log"))])),
            ("effectiveDateTime", .string(stored.timeWithOffset)),
        ]
        var dosage: [(key: String, value: JSONValue)] = []
        if case .amount(let value, let unit)? = stored.entry["amount"] {
            dosage.append(("doseAndRate", .array([.object([("doseQuantity", .object(
                [("value", .number(value))] + (unit.map { [("unit", .string($0))] } ?? [])
            ))])])))
        }
        if let insulin = stored.entry["insulin"]?.text { dosage.insert(("text", .string("\(insulin) insulin")), at: 0) }
        if let tag = stored.entry["tag"]?.text { members.append(("note", .array([.object([("text", .string(tag))])]))) }
        if !dosage.isEmpty { members.append(("dosage", .array([.object(dosage)]))) }
        return .object(members)
    }

    private static func concept(_ codes: [(String, String)]) -> JSONValue {
        .object([("coding", .array(codes.map { code, display in
            .object([("system", .string(loinc)), ("code", .string(code)), ("display", .string(display))])
        }))])
    }

    private static func component(_ code: (String, String), _ value: JSONValue) -> JSONValue {
        .object([("code", concept([code])), ("valueQuantity", value)])
    }

    private static func quantity(_ value: Double, _ code: String, unit: String? = nil) -> JSONValue {
        .object([("value", .number(value)), ("unit", .string(unit ?? code)), ("system", .string(ucum)), ("code", .string(code))])
    }
}
