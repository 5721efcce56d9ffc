/// One typed health entry, such as a glucose reading or a feed.
///
/// Fields keep the order the grammar declares them in, which is the order they are shown and
/// written as JSON. Field names follow `shared/spec/entries.md`.
public struct Entry: Hashable, Sendable {
    public var kind: String
    public var time: LocalDateTime
    public private(set) var fields: [(name: String, value: FieldValue)]

    public init(kind: String, time: LocalDateTime, fields: [(name: String, value: FieldValue)] = []) {
        self.kind = kind
        self.time = time
        self.fields = fields
    }

    public subscript(name: String) -> FieldValue? {
        get { fields.first { $0.name == name }?.value }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    /// A field's value by dotted path: `amount.value`, `amount.unit`, `time` or a field name.
    public func lookup(_ path: String) -> FieldValue? {
        if path == "time" { return .time(time) }
        if let value = self[path] { return value }
        guard let dot = path.firstIndex(of: ".") else { return self[path] }
        guard case .amount(let value, let unit)? = self[String(path[..<dot])] else { return nil }
        switch path[path.index(after: dot)...] {
        case "value": return .number(value)
        case "unit": return unit.map(FieldValue.text)
        default: return nil
        }
    }

    public static func == (lhs: Entry, rhs: Entry) -> Bool {
        lhs.kind == rhs.kind && lhs.time == rhs.time
            && lhs.fields.map(\.name) == rhs.fields.map(\.name)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(time)
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}
