import ArgumentParser

/// The `voicelog` command: log health entries by saying or typing one sentence.
public struct VoiceLogCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "voicelog",
        abstract: "Log health entries by saying or typing one sentence.",
        subcommands: [
            ParseCommand.self, BatchCommand.self, ExtractCommand.self, GrammarCommand.self,
            ReviewCommand.self, TranscribeCommand.self, DictateCommand.self, AdaptCommand.self,
            ListCommand.self, ExportCommand.self, UndoCommand.self,
        ]
    )

    public init() {}
}
