/// A wall-clock date and time with no time zone: what a person means by "yesterday at 9 pm".
///
/// Arithmetic is civil (every day has 24 hours), which keeps resolution deterministic and
/// independent of the machine's time zone. Printed and parsed as local ISO 8601
/// (`2026-11-21T10:00:00`).
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00 on the civil clock.
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        let days = Int64(Self.daysFromCivil(year: year, month: month, day: day))
        secondsSinceEpoch = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` (a space may stand for `T`); returns nil otherwise.
    public init?(iso text: String) {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-").map { Int($0) }
        let clock = parts[1].split(separator: ":").map { Int($0) }
        guard date.count == 3, (2...3).contains(clock.count),
              let year = date[0], let month = date[1], let day = date[2],
              let hour = clock[0], let minute = clock[1],
              (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second, (0...59).contains(second), day <= Self.daysIn(month: month, year: year) else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    public var dayNumber: Int { Int(secondsSinceEpoch.floorDivided(by: 86_400)) }
    public var secondOfDay: Int { Int(secondsSinceEpoch - Int64(dayNumber) * 86_400) }
    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay % 3600 / 60 }
    public var second: Int { secondOfDay % 60 }
    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int { (dayNumber % 7 + 11) % 7 }

    public var date: (year: Int, month: Int, day: Int) { Self.civilFromDays(dayNumber) }

    /// Midnight at the start of this date.
    public var startOfDay: LocalDateTime { LocalDateTime(secondsSinceEpoch: Int64(dayNumber) * 86_400) }

    public func adding(seconds: Int64) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds)
    }

    public func adding(days: Int) -> LocalDateTime { adding(seconds: Int64(days) * 86_400) }

    /// The same date at the given clock time.
    public func at(hour: Int, minute: Int, second: Int = 0) -> LocalDateTime {
        startOfDay.adding(seconds: Int64(hour * 3600 + minute * 60 + second))
    }

    public var description: String {
        let (y, m, d) = date
        return "\(pad(y, 4))-\(pad(m))-\(pad(d))T\(pad(hour)):\(pad(minute)):\(pad(second))"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }

    /// How many days the month has in that year (February 29 in leap years only).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's civil-date algorithms (public domain arithmetic).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

private func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
