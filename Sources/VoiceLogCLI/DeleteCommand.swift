import ArgumentParser
import VoiceLogPipeline
import VoiceLogStorage

/// `voicelog delete ENTRY_ID`: takes a stored entry out of the listings. The deletion is the
/// entry's next revision; every revision is kept.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a stored entry from the listings (it is kept, marked deleted, with all its revisions).",
        discussion: "Entry ids are shown by 'voicelog list'."
    )

    @OptionGroup var storage: StorageOptions

    @Argument(help: ArgumentHelp("The entry's id, as 'voicelog list' shows it.", valueName: "ENTRY_ID"))
    var entryID: Int64

    func run() throws {
        let deleted = try storage.open().delete(entryID: entryID)
        let shown = ResultRenderer(now: SystemClock.now(), colors: .forStandardOutput).describe(deleted.entry)
        print("Deleted entry \(entryID) (kept as revision \(deleted.revision)): \(shown)")
    }
}
