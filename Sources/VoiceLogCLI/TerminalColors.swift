#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ANSI colours, switched off when `NO_COLOR` is set or output is not a terminal.
struct TerminalColors {
    let enabled: Bool

    static var forStandardOutput: TerminalColors {
        TerminalColors(enabled: isatty(STDOUT_FILENO) == 1 && Environment.value("NO_COLOR") == nil)
    }

    static let none = TerminalColors(enabled: false)

    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func green(_ text: String) -> String { paint(text, "32") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
