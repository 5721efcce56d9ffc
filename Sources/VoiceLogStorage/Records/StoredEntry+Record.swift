import VoiceLogCore

extension StoredEntry {
    /// The entry of a row of the `entry` table.
    init(_ record: EntryRecord) throws {
        self.init(id: record.id!, utteranceID: record.utteranceID, revision: record.revision,
                  revisedAt: record.revisedAt,
                  entry: try Entry(kind: record.kind, time: record.time, storedFields: record.fields))
    }
}
