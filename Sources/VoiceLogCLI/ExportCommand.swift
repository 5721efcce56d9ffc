import ArgumentParser
import Foundation
import VoiceLogStorage

/// `voicelog export`: every stored entry as CSV, for a spreadsheet or another program, or the
/// whole log as JSON lines, a backup that `voicelog import` restores.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every stored entry as CSV, or the whole log as JSON lines (a backup that `voicelog import` restores)."
    )

    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: "Output format: csv (current entries), jsonl (a complete backup: utterances, entries, revisions, undo marks) or nightscout (treatments for Nightscout's API).")
    var format: EntryListFormat = .csv

    func validate() throws {
        if format == .text { throw ValidationError("'export' writes csv or jsonl; use 'list' to read entries.") }
    }

    func run() throws {
        let database = try storage.open()
        if format == .jsonl {
            let progress = ProgressLine(unit: "utterances") { try? database.utteranceCount() }
            defer { progress.finish() }
            var first = true
            try database.writeBackup { line in
                try StandardOutput.write(line + "\n")
                if !first { progress.advance() }
                first = false
            }
        } else if format == .nightscout {
            let (json, leftOut) = NightscoutTreatments(entries: try database.entries()).render()
            try StandardOutput.write(json)
            if leftOut > 0 {
                FileHandle.standardError.write(Data("\(leftOut) entr\(leftOut == 1 ? "y" : "ies") of kinds Nightscout has no treatment for left out (it takes glucose, carbs, insulin, notes and activity).\n".utf8))
            }
        } else {
            try StandardOutput.write(EntryListing(entries: database.entries(), format: format, withOffsets: true).render())
        }
        try StandardOutput.finish()
    }
}
