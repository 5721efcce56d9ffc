import ArgumentParser
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// `voicelog review FILE|-`: each utterance shown as understood, then stored, edited or
/// skipped at a prompt; a summary at the end.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Confirm or correct each utterance of a transcript at a prompt before it is stored.",
        discussion: """
            At the prompt: Enter or y stores, e edits an entry ("value 6.8", "tag before dinner", \
            "time 7:30", "unit mg/dL", or the whole entry again), r types the sentence again, \
            n skips, q quits, ? helps. When standard input or output is not a terminal, or with \
            --yes, nothing is asked: ok results are stored and the others reported, as batch does.
            """
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var storage: StorageOptions

    @Flag(name: .long, help: "Store every ok result without asking.")
    var yes = false

    @Argument(help: "A transcript with one utterance a line, or - to type them (or pipe them) on standard input.")
    var input: String

    func run() throws {
        let grammar = try parsing.loadGrammar()
        let parser = UtteranceParser(grammar: grammar)
        let now = parsing.referenceTime()
        let database = try storage.open(grammar: grammar)
        let prompt = PromptInput()
        let asking = prompt.isTerminal && !yes
        let reviewer = ReviewPrompt(input: prompt, renderer: ResultRenderer(now: now, colors: .forStandardOutput),
                                    parser: parser, database: database, now: now,
                                    source: input == "-" ? .typed : .batch)
        var tally = ReviewTally()
        var unstored = UnstoredUtterances()
        let lines = input == "-" && asking ? nil : try InputSource(path: input).lines()
        while let line = lines != nil ? lines!.next() : prompt.readLine(prompt: "Entry: ") {
            guard !line.trimmingSpaces.isEmpty else { continue }
            let result = parser.parse(line, now: now)
            let decision = asking ? reviewer.review(result) : store(result, with: reviewer)
            tally.count(decision)
            if case .failed(let text, let reason) = decision { unstored.add(text, referenceTime: now, reason: reason) }
            if decision == .quit { break }
        }
        print(tally.summary(databasePath: database.path), terminator: "")
        try unstored.check(database: database.path, retry: "review")
        try Interruption.exitIfHappened()
    }

    /// With no one to ask: an `ok` result is stored, any other is shown and counted.
    private func store(_ result: ParseResult, with reviewer: ReviewPrompt) -> ReviewDecision {
        print(reviewer.renderer.render(result), terminator: "")
        guard result.status == .ok else { return .notStored(result.status) }
        return reviewer.store(ReviewItem(heard: result, checker: reviewer.parser.checker, now: reviewer.now), edited: false)
    }
}
