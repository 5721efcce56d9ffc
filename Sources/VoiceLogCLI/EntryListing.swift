import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// Stored entries written in one of the listing formats.
struct EntryListing {
    let entries: [StoredEntry]
    let format: EntryListFormat
    /// Times as instants, with the UTC offset in force where each entry was logged (exports),
    /// rather than local as in the entry contract.
    var withOffsets = false
    var now: LocalDateTime = SystemClock.now()

    func render() -> String {
        switch format {
        case .csv:
            return EntryTable(entries: entries, withOffsets: withOffsets).csv()
        case .nightscout:
            return NightscoutTreatments(entries: entries).render().json
        case .fhir:
            return FHIRBundle(entries: entries, timestamp: SystemClock.nowWithOffset()).render().json
        case .jsonl:
            return entries.map { $0.json(withOffset: withOffsets).serialized() + "\n" }.joined()
        case .text:
            if entries.isEmpty { return "No entries stored.\n" }
            let renderer = ResultRenderer(now: now, colors: .forStandardOutput)
            let width = String(entries.map(\.id).max() ?? 0).count
            return entries.map { stored in
                let id = String(stored.id)
                let edited = stored.revision > 1 ? " (edited)" : ""
                return String(repeating: " ", count: width - id.count) + id + "  " + renderer.describe(stored.entry) + edited + "\n"
            }.joined()
        }
    }
}
