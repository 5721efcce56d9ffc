#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine

/// Reads what the user types at a prompt: at a terminal through libedit (arrow keys,
/// Ctrl-A/E, up for earlier answers), otherwise plain lines with no prompt written, so a
/// pipe is read without waiting on anyone.
final class PromptInput {
    /// Whether standard input and output are both terminals.
    let isTerminal: Bool
    private let plainLines = LineReader(descriptor: STDIN_FILENO, name: "standard input")

    init(isTerminal: Bool = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// The next line typed, without its newline; nil at the end of input (Ctrl-D).
    func readLine(prompt: String) -> String? {
        fflush(nil)  // every stream: what was printed shows before the prompt
        guard isTerminal else { return plainLines.next() }
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        if !line.allSatisfy(\.isWhitespace) { add_history(raw) }
        return line
    }
}
