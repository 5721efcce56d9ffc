import VoiceLogCore

extension StoredEntry {
    /// The entry of a row of the `entry` table, logged where `utcOffset` was in force.
    init(_ record: EntryRecord, utcOffset: UTCOffset) throws {
        self.init(id: record.id!, utteranceID: record.utteranceID, revision: record.revision,
                  revisedAt: record.revisedAt,
                  entry: try Entry(kind: record.kind, time: record.time, storedFields: record.fields),
                  utcOffset: utcOffset, deletedAt: record.deletedAt)
    }
}
