import ArgumentParser
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// `voicelog batch FILE|-`: one result a line for each utterance a line, storing each `ok`
/// result as its own transaction unless `--dry-run`. Results that could not be stored make it
/// fail at the end, saying where their lines were put to retry them.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Parse one utterance a line, store the entries understood, and write exactly one result a line, in order."
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var recording: RecordingOptions

    @Argument(help: "A transcript file with one utterance a line, or - for standard input.")
    var input: String

    func run() throws {
        let pipeline = EntryPipeline(grammar: try parsing.loadGrammar())
        let now = parsing.referenceTime()
        let recorder = try recording.recorder(source: .batch, pipeline: pipeline, now: now)
        let source = InputSource(path: input)
        let lines = try source.lines()
        let progress = ProgressLine.besideResults(unit: "lines") { source.lineCount() }
        var unstored = UnstoredUtterances()
        for line in lines {
            if case .failed(let error)? = recorder.record(pipeline.parse(line, now: now), referenceTime: now) {
                unstored.add(line, referenceTime: now, reason: error.description)
            }
            progress.advance()
        }
        progress.finish()
        try lines.finish()
        if let database = recorder.database { try unstored.check(database: database.location, retry: "batch") }
    }
}
