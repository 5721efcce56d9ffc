extension FieldValue {
    public var json: JSONValue {
        switch self {
        case .number(let value): .number(value)
        case .text(let text): .string(text)
        case .amount(let value, let unit): .object([("value", .number(value))] + (unit.map { [("unit", .string($0))] } ?? []))
        case .time(let time): .string(time.description)
        }
    }

    /// The field value a JSON value stands for, or nil for null and other shapes.
    public init?(json: JSONValue) {
        switch json {
        case .number(let value): self = .number(value)
        case .string(let text): self = LocalDateTime(iso: text).map(FieldValue.time) ?? .text(text)
        case .object:
            guard let value = json["value"]?.numberValue else { return nil }
            self = .amount(value: value, unit: json["unit"]?.stringValue)
        default: return nil
        }
    }
}

extension Entry {
    /// The entry as in the contract: `kind`, `time`, then its fields.
    public var json: JSONValue {
        .object([("kind", .string(kind)), ("time", .string(time.description))]
            + fields.map { ($0.name, $0.value.json) })
    }

    /// Reads an entry written by `json`; nil if it has no kind or time.
    public init?(json: JSONValue) {
        guard case .object(let members) = json,
              let kind = json["kind"]?.stringValue,
              let time = json["time"]?.stringValue.flatMap(LocalDateTime.init(iso:))
        else { return nil }
        self.init(kind: kind, time: time)
        for (key, value) in members where key != "kind" && key != "time" {
            if let field = FieldValue(json: value) { self[key] = field }
        }
    }
}

extension Problem {
    public var json: JSONValue {
        .object([
            ("field", field.map(JSONValue.string) ?? .null),
            ("severity", .string(severity.rawValue)),
            ("message", .string(message)),
        ])
    }
}

extension ParseResult {
    /// The result object of the batch contract.
    public var json: JSONValue {
        .object([
            ("input", .string(input)),
            ("status", .string(status.rawValue)),
            ("entries", .array(entries.map(\.json))),
            ("problems", .array(problems.map(\.json))),
        ])
    }
}
