import ArgumentParser
import Foundation
import VoiceLogStorage

/// `voicelog import FILE`: restores a backup written by `export --format jsonl`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Restore a backup written by `voicelog export --format jsonl` (all of it or nothing; what is already stored is skipped)."
    )

    @OptionGroup var storage: StorageOptions

    @Argument(help: ArgumentHelp("The backup file, or - for standard input.", valueName: "FILE"))
    var file: String

    func run() throws {
        let data: Data
        do {
            data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CLIError("Cannot read '\(file)': \((error as NSError).localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError("Nothing was imported: '\(file)' is not UTF-8 text, so not a VoiceLog backup.")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let progress = ProgressLine(unit: "lines") { lines.count }
        let outcome = try storage.open().restore(lines) { progress.advance() }
        progress.finish()
        var summary = "Imported \(outcome.utterances) utterance\(outcome.utterances == 1 ? "" : "s") "
            + "(\(outcome.entries) entries, \(outcome.revisions) revisions)"
        if outcome.alreadyThere > 0 { summary += "; \(outcome.alreadyThere) already stored, left as they were" }
        print(summary + ".")
    }
}
