import ArgumentParser
import VoiceLogCore
import VoiceLogStorage

/// `voicelog batch FILE|-`: one result a line for each utterance a line, storing each `ok`
/// result as its own transaction unless `--dry-run`.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Parse one utterance a line, store the entries understood, and write exactly one result a line, in order."
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: "Output format: text or jsonl.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Parse and report only; store nothing.")
    var dryRun = false

    @Argument(help: "A transcript file with one utterance a line, or - for standard input.")
    var input: String

    func validate() throws {
        if format == .json { throw ValidationError("'batch' writes text or jsonl (one JSON object a line).") }
    }

    func run() throws {
        let grammar = try parsing.loadGrammar()
        let parser = UtteranceParser(grammar: grammar)
        let now = parsing.referenceTime()
        let database = dryRun ? nil : try storage.open(grammar: grammar)
        let recorder = UtteranceRecorder(database: database, source: .batch, format: format,
                                         renderer: ResultRenderer(now: now, colors: .forStandardOutput))
        let lines = try InputSource(path: input).lines()
        for line in lines {
            recorder.record(parser.parse(line, now: now), referenceTime: now)
        }
        try lines.finish()
    }
}
