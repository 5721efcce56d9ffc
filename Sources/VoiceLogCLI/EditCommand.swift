import ArgumentParser
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// `voicelog edit ENTRY_ID EDIT...`: corrects a stored entry with an edit in the review
/// prompt's language; the correction is stored as the entry's next revision.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Correct a stored entry: a field and its new value (\"value 6.8\", \"tag before dinner\", \"time 7:30\") or the whole entry again.",
        discussion: "The entry as it was is kept as an earlier revision. Entry ids are shown by 'voicelog list'."
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var storage: StorageOptions

    @Argument(help: ArgumentHelp("The entry's id, as 'voicelog list' shows it.", valueName: "ENTRY_ID"))
    var entryID: Int64

    @Argument(help: ArgumentHelp("The edit, e.g. value 6.8", valueName: "EDIT"))
    var words: [String]

    func run() throws {
        let grammar = try parsing.loadGrammar()
        let now = parsing.referenceTime()
        let database = try storage.open(grammar: grammar)
        let before = try database.entry(id: entryID)
        let edited = try database.edit(entryID: entryID, applying: words.joined(separator: " "),
                                       editor: EntryEditor(parser: UtteranceParser(grammar: grammar)), now: now)
        let shown = ResultRenderer(now: now, colors: .forStandardOutput).describe(edited.entry)
        if edited.revision == before.revision {
            print("Entry \(entryID) unchanged: \(shown)")
        } else {
            print("Entry \(entryID) edited (revision \(edited.revision)): \(shown)")
        }
    }
}
