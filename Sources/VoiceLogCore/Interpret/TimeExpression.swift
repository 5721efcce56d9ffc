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
    /// "next Tuesday": the weekday ahead, whatever the kind.
    public var forward = false
    /// 1 January ... 12 December, with `dayOfMonth`: a calendar date.
    public var month: Int?
    public var dayOfMonth: Int?
    /// The year of a calendar date written with one ("20 Nov 2026", "21/11/2026").
    public var year: Int?
    /// `morning`, `afternoon`, `evening` or `night`.
    public var period: String?
    /// "two hours ago": seconds before the reference time.
    public var secondsAgo: Double?
    /// "in two hours": seconds after the reference time.
    public var secondsAhead: Double?
    /// A span of clock times ("slept 7:15pm to 6:15am"): where it ends, in minutes after
    /// midnight with `spanMeridiem` (or after a twelve o'clock without it), and how many minutes
    /// it lasted. The time stated is the span's start.
    public var spanEnd: Int?
    public var spanMeridiem: String?
    public var lasted: Int?

    public init() {}

    public var isEmpty: Bool { self == TimeExpression() }

    /// Why the stated date or clock time does not exist ("31 February", "13pm", "0am", "4:70"), or
    /// nil. Such a time is never resolved by rolling over into the next day or month.
    public var impossibility: String? {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                      "September", "October", "November", "December"]
        if let day = dayOfMonth, let month, (1...12).contains(month), day > LocalDateTime.daysIn(month: month, year: 2024) {
            return "\(day) \(months[month - 1]) is not a date: \(months[month - 1]) has \(LocalDateTime.daysIn(month: month, year: 2024)) days at most. Please check the date."
        }
        if let hour, let meridiem, hour > 12 || hour == 0 {
            return "\(hour)\(meridiem) is not a time: with am or pm the hour is 1 to 12. Please check the time."
        }
        if let hour, hour > 24 || (hour == 24 && (minute ?? 0) > 0) || (minute ?? 0) > 59 {
            return "\(hour):\(minute.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00") is not a time of day. Please check the time."
        }
        return nil
    }

    /// The `time.NAME` captures that name a day ("yesterday", "on Thursday", "21 November").
    static let dayPieces: Set<String> = ["day", "weekday", "day_of_month", "month", "year"]
    /// The `time.NAME` captures that name a clock time of the day ("at 8", "quarter to nine").
    static let clockPieces: Set<String> = ["hour", "minute", "meridiem", "dotted", "period", "minutes_before",
                                           "span_end", "span_meridiem", "lasted"]

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
        case "forward": forward = true
        case "dotted":
            // "4.10am", "2.15pm": hours and minutes parted by a point
            guard let number, number >= 0, number < 24 else { return false }
            hour = Int(number)
            minute = Int(((number - number.rounded(.down)) * 100).rounded())
        case "period": period = value.text
        case "month": month = whole
        case "day_of_month": dayOfMonth = whole
        case "year": year = whole
        case "ago": secondsAgo = number
        case "ahead": secondsAhead = number
        case "span_end": spanEnd = whole
        case "span_meridiem": spanMeridiem = value.text
        case "lasted": lasted = whole
        default: return false
        }
        return true
    }
}
