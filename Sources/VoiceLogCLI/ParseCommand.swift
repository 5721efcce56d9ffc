import ArgumentParser
import VoiceLogCore
import VoiceLogPipeline

/// `voicelog parse TEXT`: shows what one utterance was understood as.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Show what one typed or spoken sentence is understood as."
    )

    @OptionGroup var parsing: ParsingOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Argument(help: "The sentence, e.g. \"glucose six point two after dinner\".")
    var words: [String]

    func validate() throws {
        if format == .jsonl { throw ValidationError("'parse' writes text or json; use 'batch' for jsonl.") }
    }

    func run() throws {
        let parser = UtteranceParser(grammar: try parsing.loadGrammar())
        let now = parsing.referenceTime()
        let result = parser.parse(words.joined(separator: " "), now: now)
        switch format {
        case .text: print(ResultRenderer(now: now, colors: .forStandardOutput).render(result), terminator: "")
        case .json, .jsonl: print(result.json.serialized())
        }
        if result.status != .ok { throw ExitCode(1) }
    }
}
