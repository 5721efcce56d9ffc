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
            try command.run()
            try StandardOutput.finish()
        } catch {
            exit(withError: error)
        }
    }
}

/// Runs async work (the server) on Swift's executors while the calling thread waits: the
/// commands run on the main thread alone, where Ctrl-C at a prompt reaches the read(2) it
/// waits in, and where the stores may block.
func waitFor(_ work: @escaping @Sendable () async throws -> Void) throws {
    final class Outcome: @unchecked Sendable { var error: (any Error)? }
    let outcome = Outcome()
    let finished = DispatchSemaphore(value: 0)
    Task.detached {
        do { try await work() } catch { outcome.error = error }
        finished.signal()
    }
    finished.wait()
    if let error = outcome.error { throw error }
}
