/// One message from PocketSphinx's own log, such as
/// `ERROR: "jsgf.c", line 340: Undefined rule in RHS: <a.when>`.
public struct DecoderLogMessage: Sendable, Equatable, CustomStringConvertible {
    /// How serious the message is, from sphinxbase's `err_lvl_t`.
    public enum Level: Int, Sendable, Comparable {
        case debug, info, infoContinued, warning, error, fatal

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var level: Level
    /// The formatted text, without its trailing newline.
    public var text: String

    public init(level: Level, text: String) {
        self.level = level
        self.text = text
    }

    public var description: String { text }
}
