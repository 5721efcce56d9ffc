/// Turns a stated time into a date against the reference clock.
///
/// Entries record what happened, so a clock time without am or pm means its latest occurrence
/// that is not ahead of the reference ("at 9" at 10:00 is 09:00 today; "at 9" at 01:00 is 21:00
/// yesterday). One with am or pm is today's, even when that lies ahead (then the entry is
/// infeasible), unless it was less than eight hours ago yesterday ("at 11pm" said at 3am); so is
/// one without when today has reached neither of its hours and yesterday's latest was eight
/// hours ago or more ("at 9" at 08:00 is 09:00 today, in the future: a slip to ask about), and
/// twelve is noon unless midnight was less than eight hours ago. On a day said before today, seven
/// to eleven without am or pm is the morning's ("at 11 yesterday"). Kinds that may lie ahead
/// (appointments) take the next occurrence instead. Vague periods stand for a typical hour of
/// that period.
public struct TimeResolver: Sendable {
    /// A typical hour for each period of the day.
    public static let periodHours = ["morning": 8, "afternoon": 14, "evening": 19, "night": 22]
    /// Hours said without am or pm that are the morning's on a past day.
    static let morningHours = 7...11

    public let now: LocalDateTime
    public let lookAhead: Bool

    public init(now: LocalDateTime, lookAhead: Bool) {
        self.now = now
        self.lookAhead = lookAhead
    }

    public func resolve(_ expression: TimeExpression) -> LocalDateTime {
        if let start = spanStart(expression) { return start }
        var day = statedDay(expression)
        for offset in [expression.secondsAgo.map { -Self.offset($0) }, expression.secondsAhead.map { Self.offset($0) }] {
            guard let offset else { continue }
            // "at 7:00 3 days ago": whole days name the day, and the clock time is kept.
            guard offset % 86_400 == 0, day == nil, expression.hour != nil || expression.period != nil else {
                return now.adding(seconds: offset)
            }
            day = now.adding(seconds: offset).startOfDay
        }
        if let hour = expression.hour {
            var minutes = (expression.minute ?? 0) - (expression.minutesBefore ?? 0)
            var baseHour = hour
            if minutes < 0 {
                minutes += 60
                baseHour -= 1
            }
            let candidates = clockHours(baseHour, meridiem: expression.meridiem, period: expression.period)
            let days = day.map { [$0] } ?? (lookAhead ? [now.startOfDay, now.startOfDay.adding(days: 1)]
                                                      : [now.startOfDay.adding(days: -1), now.startOfDay])
            // the small hours of a stated day's night are on the next date: "last night at 2am"
            let nightSpill = day != nil && expression.period == "night"
            var times = days.flatMap { day in
                candidates.map { (nightSpill && $0 < 5 ? day.adding(days: 1) : day).at(hour: $0, minute: minutes) }
            }.sorted()
            // a clock time said outright ("at 8pm", "at 20:00") is today's, and later than now is
            // in the future; it is yesterday's only in the hours after it ("fed at 11pm" said at 3am)
            if !lookAhead, day == nil, candidates.count == 1, let today = times.last, today > now {
                let yesterday = today.adding(days: -1)
                return now.secondsSinceEpoch - yesterday.secondsSinceEpoch < Self.lateLoggingSeconds ? yesterday : today
            }
            // without am or pm, a clock time that today has not yet reached either way is today's
            // too (and so in the future), unless yesterday's was less than eight hours ago:
            // "glucose 6.9 at 11:30" said at 10:00 is a slip to ask about, not last night's 23:30
            if !lookAhead, day == nil, candidates.count > 1, let earliestToday = times.first(where: { $0 >= now.startOfDay }),
               earliestToday > now, let yesterday = times.last(where: { $0 <= now }),
               now.secondsSinceEpoch - yesterday.secondsSinceEpoch >= Self.lateLoggingSeconds {
                return earliestToday
            }
            // twelve without am or pm is noon, unless midnight was less than eight hours ago:
            // "bg 7.0 at 12:10" (or "at 12:00 today") said at 10:00 is a slip to ask about, "fed
            // at 12" at 02:00 is midnight's
            if !lookAhead, day == nil || expression.dayOffset == 0, candidates == [0, 12], let noon = times.first(where: { $0 >= now.startOfDay && $0.hour == 12 }),
               noon > now, let midnight = times.last(where: { $0 <= now && $0.hour == 0 }),
               now.secondsSinceEpoch - midnight.secondsSinceEpoch >= Self.lateLoggingSeconds {
                return noon
            }
            // on a day said before today, seven to eleven without am or pm is the morning's: "bg 5.3
            // at 11:55 yesterday", "weight 85.4kg on Monday at 7"
            if !lookAhead, let day, day < now.startOfDay, !nightSpill, candidates.count > 1, Self.morningHours.contains(baseHour) {
                return day.at(hour: baseHour, minute: minutes)
            }
            // an appointment said without am or pm is in the day: "Sunday at 12:15" is noon
            if lookAhead, candidates.count > 1 {
                let daytime = times.filter { Self.appointmentHours.contains($0.hour) }
                if !daytime.isEmpty { times = daytime }
            }
            return choose(times)
        }
        if let period = expression.period, let hour = Self.periodHours[period] {
            let time = (day ?? now.startOfDay).at(hour: hour, minute: 0)
            // "this afternoon" said in the morning: the period has not come yet, so keep now.
            if !lookAhead, day == nil || expression.dayOffset == 0, time > now { return now }
            return time
        }
        if let day { return day.at(hour: now.hour, minute: now.minute, second: now.second) }
        return now
    }

    /// The start of a span of clock times when no clock time is said outright: on the day
    /// stated ("yesterday 1pm to 2:30pm"); else the span ended at the latest such time not
    /// ahead of now ("7:15pm to 6:15am" said at 10:00 started 19:15 yesterday).
    private func spanStart(_ expression: TimeExpression) -> LocalDateTime? {
        guard expression.hour == nil, let end = expression.spanEnd, let lasted = expression.lasted, lasted > 0 else { return nil }
        let known = expression.spanMeridiem != nil
        let cycle = known ? 24 * 60 : 12 * 60
        let endMinutes = end + (expression.spanMeridiem == "pm" ? 12 * 60 : 0)
        /// The expression with the span replaced by a clock time `minutes` into the cycle.
        func clock(at minutes: Int) -> TimeExpression {
            var clock = expression
            (clock.spanEnd, clock.spanMeridiem, clock.lasted) = (nil, nil, nil)
            let hour = minutes / 60 % 12
            (clock.hour, clock.minute) = (hour == 0 ? 12 : hour, minutes % 60)
            if known { clock.meridiem = minutes < 12 * 60 ? "am" : "pm" }
            return clock
        }
        if statedDay(expression) != nil { return resolve(clock(at: ((endMinutes - lasted) % cycle + cycle) % cycle)) }
        // what is logged as a span has ended: its end's latest occurrence not ahead of now
        let ends = [now.startOfDay.adding(days: -1), now.startOfDay].flatMap { day in
            stride(from: endMinutes, to: 24 * 60, by: cycle).map { day.at(hour: $0 / 60, minute: $0 % 60) }
        }
        guard var end = ends.filter({ $0 <= now }).max() else { return nil }
        // an end less than eight hours ahead today is today's (and so in the future) unless the
        // one before was less than eight hours ago: "nap from 10:30am to 11:15am" said at 10:00
        // is no nap of yesterday, but "slept 7pm-11pm" said then was last night's
        if now.secondsSinceEpoch - end.secondsSinceEpoch >= Self.lateLoggingSeconds,
           let today = ends.first(where: { $0 > now }),
           today.secondsSinceEpoch - now.secondsSinceEpoch < Self.lateLoggingSeconds {
            end = today
        }
        return end.adding(seconds: -Int64(lasted) * 60)
    }

    /// How long after a clock time said outright it may still be logged as yesterday's.
    static let lateLoggingSeconds: Int64 = 8 * 3600

    /// The hours an appointment without am or pm is taken to be in.
    static let appointmentHours = 7..<22

    /// The longest offset a time keeps: "10^30 hours ago" stops here, where the feasibility
    /// rules report it as too far from now, instead of overflowing the clock.
    static let longestOffsetSeconds: Int64 = 1_000 * 366 * 86_400

    /// Seconds of a stated offset ("two hours ago"), within `longestOffsetSeconds`.
    private static func offset(_ seconds: Double) -> Int64 {
        Int64(min(seconds.rounded(), Double(longestOffsetSeconds)))
    }

    /// The day stated by "yesterday", "tomorrow" or a weekday, at midnight.
    private func statedDay(_ expression: TimeExpression) -> LocalDateTime? {
        if let offset = expression.dayOffset { return now.startOfDay.adding(days: offset) }
        if let day = expression.dayOfMonth { return calendarDay(month: expression.month, day: day, year: expression.year) }
        guard let weekday = expression.weekday else { return nil }
        let difference = (weekday - now.weekday + 7) % 7
        if expression.forward { return now.startOfDay.adding(days: difference == 0 ? 7 : difference) }
        if lookAhead { return now.startOfDay.adding(days: difference) }
        return now.startOfDay.adding(days: difference == 0 ? 0 : difference - 7)
    }

    /// Why the stated time names no moment: a date or clock time that does not exist
    /// ("31 February", "13pm"), or a day of the month no nearby month has ("29 February"
    /// with no leap year near). Nil when it resolves.
    public func impossibility(of expression: TimeExpression) -> String? {
        if let reason = expression.impossibility { return reason }
        guard let day = expression.dayOfMonth else { return nil }
        if calendarDays(month: expression.month, day: day, year: expression.year).isEmpty {
            return "No month near today has a day \(day)\(expression.month == 2 ? " of February (no leap year is near)" : ""). Please check the date."
        }
        // "Friday the 20th": the weekday said must be the date's
        if let weekday = expression.weekday, case let date = calendarDay(month: expression.month, day: day, year: expression.year), date.weekday != weekday {
            let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
            return "Day \(day) of that month is a \(names[date.weekday]), not a \(names[weekday]). Please check the date."
        }
        return nil
    }

    /// "on the 3rd", "December 3": for appointments the next such date. For past entries the
    /// last one, unless the next lies close ahead: within `daysAheadKept` days for a day alone,
    /// nearer than the last for a day of a month. Such a date is refused as in the future: "on
    /// 30 November" said on the 21st is a slip to ask about, not a reading of a year ago.
    private func calendarDay(month: Int?, day: Int, year: Int?) -> LocalDateTime {
        let candidates = calendarDays(month: month, day: day, year: year)
        let today = now.startOfDay
        if lookAhead { return candidates.first { $0 >= today } ?? today }
        let last = candidates.last { $0 <= today }
        if let next = candidates.first(where: { $0 > today }) {
            let ahead = next.secondsSinceEpoch - today.secondsSinceEpoch
            let isNear = month == nil ? next <= today.adding(days: Self.daysAheadKept)
                : last.map { ahead < today.secondsSinceEpoch - $0.secondsSinceEpoch } ?? true
            if isNear { return next }
        }
        return last ?? today
    }

    /// How many days ahead a day said without its month is still that day (and refused).
    static let daysAheadKept = 7

    /// The dates with that day (of that month) from a year before today to a year after, or
    /// the one date of the year said.
    private func calendarDays(month: Int?, day: Int, year said: Int?) -> [LocalDateTime] {
        let (year, thisMonth, _) = now.date
        var candidates: [LocalDateTime] = []
        if let month, let said {
            candidates.append(LocalDateTime(year: said, month: month, day: day))
        } else if let month {
            for candidateYear in (year - 1)...(year + 1) {
                candidates.append(LocalDateTime(year: candidateYear, month: month, day: day))
            }
        } else {
            for offset in -1...1 {
                let monthIndex = year * 12 + thisMonth - 1 + offset
                candidates.append(LocalDateTime(year: monthIndex / 12, month: monthIndex % 12 + 1, day: day))
            }
        }
        // "the 31st" in a month of 30 days is no date of that month, not the 1st of the next
        return candidates.filter { $0.date.day == day }
    }

    /// The 24-hour hours a spoken clock hour may mean.
    private func clockHours(_ hour: Int, meridiem: String?, period: String?) -> [Int] {
        let twelve = hour % 12
        switch meridiem ?? periodMeridiem(period, hour: twelve) {
        case "am": return [twelve]
        case "pm": return [twelve + 12]
        default: return hour > 12 || hour == 0 ? [hour % 24] : [twelve, twelve + 12]
        }
    }

    private func periodMeridiem(_ period: String?, hour: Int) -> String? {
        switch period {
        case "morning": "am"
        case "afternoon", "evening": "pm"
        case "night": hour < 5 ? "am" : "pm"
        default: nil
        }
    }

    /// Past entries: the latest time not ahead of now (else the earliest). Ahead: the
    /// earliest time not before now (else the latest).
    private func choose(_ times: [LocalDateTime]) -> LocalDateTime {
        if lookAhead { return times.first { $0 >= now } ?? times.last ?? now }
        return times.last { $0 <= now } ?? times.first ?? now
    }
}
