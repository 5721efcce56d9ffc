import ArgumentParser
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// Options of the commands that parse a run of utterances and store the `ok` ones (`batch`,
/// `dictate`): the database, the output format and `--dry-run`.
struct RecordingOptions: ParsableArguments {
    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: "Output format: text or jsonl.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Parse and report only; store nothing.")
    var dryRun = false

    func validate() throws {
        if format == .json { throw ValidationError("Results are written as text or jsonl (one JSON object a line).") }
    }

    /// A recorder for utterances from `source` through `pipeline`, with no database on a dry run.
    func recorder(source: UtteranceSource, pipeline: EntryPipeline, now: LocalDateTime) throws -> UtteranceRecorder {
        UtteranceRecorder(pipeline: pipeline, database: dryRun ? nil : try storage.openStore(grammar: pipeline.grammar),
                          source: source, format: format,
                          renderer: ResultRenderer(now: now, colors: .forStandardOutput))
    }
}
