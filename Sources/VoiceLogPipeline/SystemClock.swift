#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VoiceLogCore
import VoiceLogStorage

/// The system's local wall-clock time.
public enum SystemClock {
    public static func now() -> LocalDateTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return LocalDateTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                             hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// Now as an instant: the local time with the machine's UTC offset, `2026-11-21T10:00:00+01:00`.
    public static func nowWithOffset() -> String {
        now().description + UTCOffset.current().description
    }
}
