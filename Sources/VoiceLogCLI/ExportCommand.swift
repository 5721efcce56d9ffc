import ArgumentParser
import VoiceLogStorage

/// `voicelog export`: every stored entry, for a spreadsheet or another program.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every stored entry as CSV or JSON lines."
    )

    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: "Output format: csv or jsonl.")
    var format: EntryListFormat = .csv

    func validate() throws {
        if format == .text { throw ValidationError("'export' writes csv or jsonl; use 'list' to read entries.") }
    }

    func run() throws {
        let entries = try storage.open().entries()
        try StandardOutput.write(EntryListing(entries: entries, format: format, withOffsets: true).render())
        try StandardOutput.finish()
    }
}
