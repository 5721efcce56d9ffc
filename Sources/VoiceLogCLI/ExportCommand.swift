import ArgumentParser
import Foundation
import VoiceLogPipeline
import VoiceLogStorage

/// `voicelog export`: every stored entry as CSV, for a spreadsheet or another program, or the
/// whole log as JSON lines, a backup that `voicelog import` restores.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every stored entry as CSV, or the whole log as JSON lines (a backup that `voicelog import` restores)."
    )

    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: "Output format: csv (current entries), jsonl (a complete backup: utterances, entries, revisions, undo marks) nightscout (treatments for Nightscout's API) or fhir (a FHIR R4 Bundle of Observations and MedicationStatements).")
    var format: EntryListFormat = .csv

    func validate() throws {
        if format == .text { throw ValidationError("'export' writes csv, jsonl, nightscout or fhir; use 'list' to read entries.") }
    }

    func run() throws {
        let database = try storage.openStore()
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
            Self.reportLeftOut(leftOut, "Nightscout has no treatment for left out (it takes glucose, carbs, insulin, notes and activity)")
        } else if format == .fhir {
            let (json, leftOut) = FHIRBundle(entries: try database.entries(), timestamp: SystemClock.nowWithOffset()).render()
            try StandardOutput.write(json)
            Self.reportLeftOut(leftOut, "FHIR has no resource for here left out (it takes measurements and medicines)")
        } else {
            try StandardOutput.write(EntryListing(entries: database.entries(), format: format, withOffsets: true).render())
        }
        try StandardOutput.finish()
    }

    /// "3 entries of kinds NAME..." on standard error, when some were left out.
    private static func reportLeftOut(_ count: Int, _ why: String) {
        guard count > 0 else { return }
        FileHandle.standardError.write(Data("\(count) entr\(count == 1 ? "y" : "ies") of kinds \(why).\n".utf8))
    }
}
