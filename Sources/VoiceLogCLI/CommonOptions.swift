import ArgumentParser
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogPipeline

/// Options every parsing command shares: the reference clock and where the grammar is.
struct ParsingOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The reference time for relative times and feasibility, as local ISO 8601 (default: now).", valueName: "ISO"))
    var now: String?

    @Option(name: .long, help: ArgumentHelp("Read grammar files from this folder instead of the built-in grammar (also VOICELOG_GRAMMARS).", valueName: "DIR"))
    var grammars: String?

    func validate() throws {
        if let now, LocalDateTime(iso: now) == nil {
            throw ValidationError("'--now \(now)' is not a local ISO 8601 time such as 2026-11-21T10:00:00.")
        }
    }

    /// The reference clock: `--now`, or the system's local time.
    func referenceTime() -> LocalDateTime {
        now.flatMap(LocalDateTime.init(iso:)) ?? SystemClock.now()
    }

    /// The grammar to parse with.
    func loadGrammar() throws -> Grammar {
        try Self.grammar(folder: grammars)
    }

    /// The grammar in `folder`, else in `VOICELOG_GRAMMARS`, else the built-in one.
    static func grammar(folder: String?) throws -> Grammar {
        guard let folder = folder ?? Environment.value("VOICELOG_GRAMMARS") else { return BundledGrammar.grammar }
        return try GrammarFolder.load(folder)
    }
}

/// How results are written.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl
}
