/// The pieces of a time that an utterance stated, captured as `time.*` fields by the
/// grammar's common parts.
public struct TimeExpression: Hashable, Sendable {
    public var hour: Int?
    public var minute: Int?
    /// "quarter to nine": minutes before `hour`.
    public var minutesBefore: Int?
    /// `am` or `pm`.
    public var meridiem: String?
    /// Days from today: -1 yesterday, 0 today, 1 tomorrow.
    public var dayOffset: Int?
    /// 0 Sunday ... 6 Saturday.
    public var weekday: Int?
    /// 1 January ... 12 December, with `dayOfMonth`: a calendar date.
    public var month: Int?
    public var dayOfMonth: Int?
    /// `morning`, `afternoon`, `evening` or `night`.
    public var period: String?
    /// "two hours ago": seconds before the reference time.
    public var secondsAgo: Double?
    /// "in two hours": seconds after the reference time.
    public var secondsAhead: Double?

    public init() {}

    public var isEmpty: Bool { self == TimeExpression() }

    /// Sets the piece that a `time.NAME` capture names; false for an unknown name.
    mutating func set(_ name: String, _ value: FieldValue) -> Bool {
        let number = value.number
        // A number too large for an Int is no hour or day; the reader's range refuses it first.
        let whole = number.flatMap { Int(exactly: $0.rounded()) }
        switch name {
        case "hour": hour = whole
        case "minute": minute = whole
        case "minutes_before": minutesBefore = whole
        case "meridiem": meridiem = value.text
        case "day": dayOffset = whole
        case "weekday": weekday = whole
        case "period": period = value.text
        case "month": month = whole
        case "day_of_month": dayOfMonth = whole
        case "ago": secondsAgo = number
        case "ahead": secondsAhead = number
        default: return false
        }
        return true
    }
}
