import ArgumentParser
import VoiceLogCore

/// `voicelog extract FILE|-`: the numbers, quantities, temperatures, durations and times heard.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Show the numbers, quantities, temperatures, durations and times found in each line."
    )

    @OptionGroup var parsing: ParsingOptions

    @Option(name: .long, help: "Output format: text or jsonl.")
    var format: OutputFormat = .text

    @Argument(help: "A file with one utterance a line, or - for standard input.")
    var input: String

    func run() throws {
        let extractor = Extractor(grammar: try parsing.loadGrammar())
        let now = parsing.referenceTime()
        let lines = try InputSource(path: input).lines()
        for line in lines {
            let spans = extractor.spans(in: line, now: now)
            switch format {
            case .jsonl, .json:
                print(JSONValue.object([("input", .string(line)), ("spans", .array(spans.map(\.json)))]).serialized())
            case .text:
                let described = spans.map { span in
                    let seconds = span.seconds.map { "\(JSONValue.format($0)) s" }
                    let detail = span.time?.description ?? seconds
                        ?? [span.value.map(JSONValue.format), span.unit].compactMap { $0 }.joined(separator: " ")
                    return "\(span.dimension.rawValue) \"\(span.text)\" = \(detail)"
                }
                print(([line] + described.map { "  " + $0 }).joined(separator: "\n"))
            }
        }
        try lines.finish()
    }
}
