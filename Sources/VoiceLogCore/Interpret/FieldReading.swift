/// What a few words give as fields of an entry of a known kind, said without the rest of
/// the sentence: "6.8", "before dinner", "mg/dL", "at 7:30", "6.8 mg/dL before lunch".
public struct FieldReading: Hashable, Sendable {
    /// The fields read, in the kind's order (a quantity also gives `amount`, a period
    /// `time_of_day`).
    public var fields: [(name: String, value: FieldValue)]
    /// The time the words state, resolved against the reference clock; nil when they state none.
    public var time: LocalDateTime?

    public init(fields: [(name: String, value: FieldValue)], time: LocalDateTime?) {
        self.fields = fields
        self.time = time
    }

    /// Whether the words gave the field (`time` for a stated time).
    public func gives(_ field: String) -> Bool {
        field == "time" ? time != nil : fields.contains { $0.name == field }
    }

    public static func == (lhs: FieldReading, rhs: FieldReading) -> Bool {
        lhs.time == rhs.time && lhs.fields.map(\.name) == rhs.fields.map(\.name)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}
