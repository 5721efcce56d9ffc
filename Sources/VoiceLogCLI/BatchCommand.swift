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
        let renderer = ResultRenderer(now: now, colors: .forStandardOutput)
        let lines = try InputSource(path: input).lines()
        for line in lines {
            let result = parser.parse(line, now: now)
            let outcome = database.map { store(result, in: $0, now: now) }
            switch format {
            case .jsonl, .json: print(json(result, outcome).serialized())
            case .text: print(renderer.render(result) + text(outcome, colors: renderer.colors), terminator: "")
            }
        }
        try lines.finish()
    }

    /// What became of a line: stored as an utterance, not stored (not `ok`), or refused.
    enum Outcome {
        case stored(StoredUtterance)
        case notStored
        case failed(String)
    }

    private func store(_ result: ParseResult, in database: AppDatabase, now: LocalDateTime) -> Outcome {
        guard result.status == .ok else { return .notStored }
        do {
            return .stored(try database.commit(Utterance(result, source: .batch, referenceTime: now)))
        } catch {
            return .failed(String(describing: error))
        }
    }

    /// The contract's result object, plus `stored`, `utterance_id` and `store_error` when storing.
    private func json(_ result: ParseResult, _ outcome: Outcome?) -> JSONValue {
        guard let outcome, case .object(var members) = result.json else { return result.json }
        switch outcome {
        case .stored(let utterance):
            members += [("stored", .bool(true)), ("utterance_id", .number(Double(utterance.id))),
                        ("entry_ids", .array(utterance.entries.map { .number(Double($0.id)) }))]
        case .notStored:
            members.append(("stored", .bool(false)))
        case .failed(let message):
            members += [("stored", .bool(false)), ("store_error", .string(message))]
        }
        return .object(members)
    }

    private func text(_ outcome: Outcome?, colors: TerminalColors) -> String {
        switch outcome {
        case .stored(let utterance)?: "  " + colors.dim("stored as utterance \(utterance.id)") + "\n"
        case .failed(let message)?: "  \(colors.red("✗")) \(message)\n"
        case .notStored?, nil: ""
        }
    }
}
