/// The value of one field of an entry.
public enum FieldValue: Hashable, Sendable {
    case number(Double)
    case text(String)
    /// A quantity as it was said, e.g. 5 `oz` or 1 `tablet`; no unit when none was said and
    /// the kind logs such a count as said ("metformin 500").
    case amount(value: Double, unit: String?)
    case time(LocalDateTime)

    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}
