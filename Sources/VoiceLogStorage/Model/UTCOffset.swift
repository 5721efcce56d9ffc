import VoiceLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A UTC offset such as `+01:00`: the one in force where an utterance was logged, which turns
/// its entries' local times into instants (`2026-11-21T10:00:00+01:00`) in exports.
public struct UTCOffset: Hashable, Sendable, CustomStringConvertible {
    /// East of UTC is positive.
    public var seconds: Int

    public static let utc = UTCOffset(seconds: 0)

    public init(seconds: Int) {
        self.seconds = seconds
    }

    /// Reads `+01:00`, `-05:30` or `+00:00`.
    public init?(_ text: String) {
        guard let match = text.wholeMatch(of: /([+-])([0-9][0-9]):([0-5][0-9])/),
              let hours = Int(match.2), let minutes = Int(match.3), hours <= 18 else { return nil }
        seconds = (match.1 == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// `+01:00`: sign, hours and minutes (seconds of historical offsets are dropped).
    public var description: String {
        let minutes = abs(seconds) / 60
        let digits = [minutes / 60, minutes % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
        return (seconds < 0 ? "-" : "+") + digits.joined(separator: ":")
    }

    /// The offset this machine's time zone (`TZ`) has at the local time `time`; of a wall
    /// time that occurs twice, the C library picks one.
    public static func inForce(at time: LocalDateTime) -> UTCOffset {
        let (year, month, day) = time.date
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(time.hour)
        parts.tm_min = Int32(time.minute)
        parts.tm_sec = Int32(time.second)
        parts.tm_isdst = -1
        guard mktime(&parts) != -1 else { return .utc }
        return UTCOffset(seconds: Int(parts.tm_gmtoff))
    }

    /// The offset this machine's time zone has now.
    public static func current() -> UTCOffset {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return UTCOffset(seconds: Int(parts.tm_gmtoff))
    }
}
