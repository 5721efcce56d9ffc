import ArgumentParser
import VoiceLogCore
import VoiceLogStorage

/// `voicelog list`: the stored entries, in time order, with their ids.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stored entries in time order, with their ids."
    )

    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: "Only entries of this kind, e.g. glucose or blood_pressure.")
    var kind: String?

    @Option(name: .long, help: ArgumentHelp("Only entries at or after this local ISO 8601 time, e.g. 2026-11-21T00:00:00.", valueName: "ISO"))
    var since: String?

    @Option(name: .long, help: "Output format: text, jsonl or csv.")
    var format: EntryListFormat = .text

    /// A kind the grammar (built in, or `VOICELOG_GRAMMARS`) does not define is a usage error
    /// that lists the kinds it does.
    func validate() throws {
        if format == .nightscout || format == .fhir {
            throw ValidationError("'list' writes text, jsonl or csv; Nightscout treatments and FHIR bundles come from 'export --format \(format.rawValue)'.")
        }
        if let kind {
            let kinds = try ParsingOptions.grammar(folder: nil).kinds.map(\.name).sorted()
            if !kinds.contains(kind) {
                throw ValidationError("'--kind \(kind)' is not a kind of entry. The kinds are: \(kinds.joined(separator: ", ")).")
            }
        }
        if let since, LocalDateTime(iso: since) == nil {
            throw ValidationError("'--since \(since)' is not a local ISO 8601 time such as 2026-11-21T00:00:00.")
        }
    }

    func run() throws {
        let entries = try storage.openStore().entries(kind: kind, since: since.flatMap(LocalDateTime.init(iso:)),
                                                      until: nil, after: nil, limit: nil)
        try StandardOutput.write(EntryListing(entries: entries, format: format).render())
    }

}
