import ArgumentParser
import Dispatch

/// The `voicelog` command: log health entries by saying or typing one sentence.
public struct VoiceLogCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "voicelog",
        abstract: "Log health entries by saying or typing one sentence.",
        version: VoiceLogCommand.version,
        subcommands: [
            ParseCommand.self, BatchCommand.self, ExtractCommand.self, GrammarCommand.self,
            ReviewCommand.self, TranscribeCommand.self, DictateCommand.self, AdaptCommand.self,
            ListCommand.self, ExportCommand.self, ImportCommand.self, EditCommand.self, DeleteCommand.self, UndoCommand.self,
            ServeCommand.self, TokenCommand.self, ReportCommand.self,
        ]
    )

    /// The release, shown by `voicelog --version`.
    public static let version = "0.4.0"

    public init() {}

    /// Runs the command the arguments name, then checks that its output was all written: a
    /// command whose output failed exits with status 1 and says why.
    public static func start() {
        do {
            var command = try parseAsRoot()
            if let command = command as? any AsyncParsableCommand {
                try runToEnd(command)
            } else {
                // On the main thread alone, as before any async code: Ctrl-C at a prompt must
                // reach the thread waiting in read(2).
                try command.run()
            }
            try StandardOutput.finish()
        } catch {
            exit(withError: error)
        }
    }

    /// Runs an async command (`serve`) on Swift's executors while the main thread waits.
    private static func runToEnd(_ command: any AsyncParsableCommand) throws {
        final class Run: @unchecked Sendable {
            var command: any AsyncParsableCommand
            var error: (any Error)?
            init(_ command: any AsyncParsableCommand) { self.command = command }
        }
        let run = Run(command)
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await run.command.run() } catch { run.error = error }
            finished.signal()
        }
        finished.wait()
        if let error = run.error { throw error }
    }
}
