/// A number, quantity, temperature, duration or time found in an utterance: what `voicelog
/// extract` shows when a user asks "what did it hear?".
public struct ExtractedSpan: Hashable, Sendable {
    public enum Dimension: String, Sendable {
        case number, quantity, temperature, duration, time
    }

    /// Offsets in Unicode scalars into the input: `start..<end`.
    public var start: Int
    public var end: Int
    /// The words as written.
    public var text: String
    public var dimension: Dimension
    /// The number as said (for a duration, the count of its unit).
    public var value: Double?
    /// The unit's canonical symbol (`ml`, `oz`, `%`, `C`, `mmol/L`, `min`).
    public var unit: String?
    /// A duration in seconds.
    public var seconds: Double?
    /// A time resolved against the reference clock.
    public var time: LocalDateTime?

    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("start", .number(Double(start))), ("end", .number(Double(end))), ("text", .string(text)),
            ("dim", .string(dimension.rawValue)),
        ]
        if let value { members.append(("value", .number(value))) }
        if let unit { members.append(("unit", .string(unit))) }
        if let seconds { members.append(("seconds", .number(seconds))) }
        if let time { members.append(("time", .string(time.description))) }
        return .object(members)
    }
}
