#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ANSI colours, switched off when `NO_COLOR` is set or output is not a terminal.
public struct TerminalColors: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static var forStandardOutput: TerminalColors {
        TerminalColors(enabled: isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR").map { $0.pointee == 0 } ?? true)
    }

    public static let none = TerminalColors(enabled: false)

    public func red(_ text: String) -> String { paint(text, "31") }
    public func yellow(_ text: String) -> String { paint(text, "33") }
    public func green(_ text: String) -> String { paint(text, "32") }
    public func dim(_ text: String) -> String { paint(text, "2") }
    public func bold(_ text: String) -> String { paint(text, "1") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
