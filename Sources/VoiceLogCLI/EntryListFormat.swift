import ArgumentParser

/// How `list` and `export` write entries.
enum EntryListFormat: String, ExpressibleByArgument, CaseIterable {
    /// One line per entry, for reading.
    case text
    /// One JSON object per line, as in the entry contract plus "id".
    case jsonl
    /// A header, then one row per entry.
    case csv
    /// A JSON array of Nightscout treatments (export only).
    case nightscout
    /// A FHIR R4 Bundle of Observations and MedicationStatements (export only).
    case fhir
}
