import ArgumentParser

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
        ]
    )

    /// The release, shown by `voicelog --version`.
    public static let version = "0.4.0"

    public init() {}

    /// Runs the command the arguments name, then checks that its output was all written: a
    /// command whose output failed exits with status 1 and says why.
    public static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            try StandardOutput.finish()
        } catch {
            exit(withError: error)
        }
    }
}
