#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
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

    /// The next line typed, without its newline; nil at the end of input (Ctrl-D) or when
    /// Ctrl-C was pressed (`Interruption.happened`).
    func readLine(prompt: String) -> String? {
        fflush(nil)  // every stream: what was printed shows before the prompt
        guard isTerminal else { return plainLines.next() }
        let raw = Interruption.caught { readline(prompt) }
        defer { free(raw) }
        if Interruption.happened { print("") }  // end the prompt's line
        guard let raw, !Interruption.happened else { return nil }
        let line = String(cString: raw)
        if !line.allSatisfy(\.isWhitespace) { add_history(raw) }
        return line
    }
}

/// Ctrl-C at the prompt: caught, so that the review ends as with `q` (what was stored stays,
/// the summary is printed, the exit status is 130) instead of the program dying with its
/// prompt half drawn. Anywhere else Ctrl-C ends the program as usual.
enum Interruption {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// Whether Ctrl-C was pressed at a prompt.
    static var happened: Bool { flag != 0 }

    /// Runs `body` with Ctrl-C recorded instead of ending the program; the read it waits in
    /// returns (no `SA_RESTART`).
    static func caught<T>(_ body: () -> T) -> T {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interruption.flag = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        defer { sigaction(SIGINT, &previous, nil) }
        return body()
    }

    /// Exit status 130, as a shell reports a program ended by Ctrl-C, if it was pressed.
    static func exitIfHappened() throws {
        if happened { throw ExitCode(130) }
    }
}
