import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// Asks about one utterance at a time: shows what was understood, then takes `y`, `e`, `r`,
/// `n`, `q` or `?` until it is stored, skipped or the user quits. Terminal I/O only; edits
/// are the core's ``EntryEditor`` and storing is ``AppDatabase``.
struct ReviewPrompt {
    let input: PromptInput
    let renderer: ResultRenderer
    let parser: UtteranceParser
    let database: AppDatabase
    let now: LocalDateTime
    let source: UtteranceSource

    static let help = """
          Enter, y  store the entries as shown
          e         edit an entry: type a field and its new value ("value 6.8",
                    "tag before dinner", "time 7:30", "unit mg/dL") or the whole entry again
          r         type the sentence again
          n         skip it: store nothing of it
          q         quit: review nothing more (what was stored stays)
          ?         this help

        """

    /// Reviews one result at the prompt; a dictated one keeps its alternatives and audio file.
    func review(_ heard: ParseResult, speech: (alternatives: [String], audioFile: String?) = ([], nil)) -> ReviewDecision {
        var item = ReviewItem(heard: heard, checker: parser.checker, now: now)
        item.speech = speech
        var changed = false
        print(renderer.render(item.current), terminator: "")
        while true {
            let storable = item.current.status == .ok
            let question = storable ? "Store it? [Y/e/r/n/q/?] " : "Not stored as it is. [e/r/N/q/?] "
            guard let answer = input.readLine(prompt: question) else { return .quit }
            switch answer.trimmingSpaces.lowercased() {
            case "" where !storable, "n", "no":
                print("  " + renderer.colors.dim("skipped"))
                return .skipped
            case "", "y", "yes":
                guard storable else {
                    print("  \(renderer.colors.red("✗")) It cannot be stored as it is: edit it (e), type it again (r) or skip it (n).")
                    continue
                }
                return store(item, edited: changed)
            case "e", "edit":
                guard item.isEditable else {
                    print("  Nothing here to edit: type the sentence again (r) or skip it (n).")
                    continue
                }
                guard let edit = edit(&item) else { return .quit }
                if edit {
                    changed = true
                    print(renderer.render(item.current, note: "edited"), terminator: "")
                }
            case "r", "retype":
                guard let text = input.readLine(prompt: "Type it again: ") else { return .quit }
                guard !text.trimmingSpaces.isEmpty else { continue }
                item = ReviewItem(heard: parser.parse(text, now: now), checker: parser.checker, now: now)
                item.speech = speech
                changed = true
                print(renderer.render(item.current), terminator: "")
            case "q", "quit":
                return .quit
            case "?", "h", "help":
                print(Self.help, terminator: "")
            default:
                print("  Answer y, e, r, n, q or ? (Enter stores an entry that can be stored).")
            }
        }
    }

    /// Stores the item with its corrections in one transaction.
    func store(_ item: ReviewItem, edited: Bool) -> ReviewDecision {
        do {
            let stored = try database.commit(item.utterance(source: source), corrections: item.corrections)
            print("  " + renderer.colors.dim("stored as utterance \(stored.id)"))
            return edited ? .edited : .accepted
        } catch {
            print("  \(renderer.colors.red("✗")) \(error)")
            return .failed(text: item.current.input, reason: String(describing: error))
        }
    }

    /// Asks which entry (when there are several) and the edit, and applies it. False when
    /// nothing changed; nil at the end of input.
    private func edit(_ item: inout ReviewItem) -> Bool? {
        let entries = item.current.entries
        var position = 0
        if entries.count > 1 {
            guard let answer = input.readLine(prompt: "Which entry? [1-\(entries.count)] ") else { return nil }
            guard let number = Int(answer.trimmingSpaces), entries.indices.contains(number - 1) else {
                print("  Type a number from 1 to \(entries.count).")
                return false
            }
            position = number - 1
        }
        guard let text = input.readLine(prompt: "Edit: ") else { return nil }
        guard !text.trimmingSpaces.isEmpty else { return false }
        switch EntryEditor(parser: parser).apply(text, to: entries[position], now: now) {
        case .edited(let entry, _):
            item.correct(position, to: entry)
            return true
        case .notUnderstood(let message):
            print("  \(renderer.colors.red("✗")) \(message)")
            return false
        }
    }
}

extension String {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
