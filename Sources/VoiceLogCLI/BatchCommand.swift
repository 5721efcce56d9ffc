import ArgumentParser
import VoiceLogCore

/// `voicelog batch FILE|-`: one result a line for each utterance a line.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Parse one utterance a line and write exactly one result a line, in order."
    )

    @OptionGroup var parsing: ParsingOptions

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
        let parser = UtteranceParser(grammar: try parsing.loadGrammar())
        let now = parsing.referenceTime()
        let renderer = ResultRenderer(now: now, colors: .forStandardOutput)
        for line in try InputSource(path: input).lines() {
            let result = parser.parse(line, now: now)
            switch format {
            case .jsonl, .json: print(result.json.serialized())
            case .text: print(renderer.render(result), terminator: "")
            }
        }
    }
}
