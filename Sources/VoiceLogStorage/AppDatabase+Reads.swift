import GRDB
import VoiceLogCore

// Reads: entries in their current revision, from utterances that are not undone.
extension AppDatabase {
    /// Listed entries (not deleted, of utterances not undone), optionally of one kind and from a time on, in time order (then by id).
    public func entries(kind: String? = nil, since: LocalDateTime? = nil) throws -> [StoredEntry] {
        var conditions = ["utterance.undone_at IS NULL", "entry.deleted_at IS NULL"]
        var arguments = StatementArguments()
        if let kind {
            conditions.append("entry.kind = ?")
            arguments += [kind]
        }
        if let since {
            conditions.append("entry.time >= ?")
            arguments += [since.description]
        }
        let sql = """
            SELECT entry.*, utterance.utc_offset FROM entry JOIN utterance ON utterance.id = entry.utterance_id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY entry.time, entry.id
            """
        return try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                    try StoredEntry(EntryRecord(row: row), utcOffset: UTCOffset(row["utc_offset"]) ?? .utc)
                }
            }
        }
    }

    /// The last committed utterance that is not undone, with its entries.
    public func lastUtterance() throws -> StoredUtterance? {
        try perform {
            try writer.read { db in
                try UtteranceRecord.filter(Column("undone_at") == nil).order(Column("id").desc).fetchOne(db)
                    .map { try storedUtterance($0, db) }
            }
        }
    }

    /// Any utterance by id, undone or not.
    public func utterance(id: Int64) throws -> StoredUtterance? {
        try perform {
            try writer.read { db in
                try UtteranceRecord.fetchOne(db, key: id).map { try storedUtterance($0, db) }
            }
        }
    }

    /// An entry in its current revision, deleted or not, by id.
    public func entry(id: Int64) throws -> StoredEntry {
        try perform {
            try writer.read { db in
                guard let record = try EntryRecord.fetchOne(db, key: id) else { throw StorageError.noSuchEntry(id: id) }
                return try StoredEntry(record, utcOffset: try UtteranceRecord.fetchOne(db, key: record.utteranceID)?.offset ?? .utc)
            }
        }
    }

    /// Every revision of an entry, the first (as heard) first.
    public func revisions(ofEntry id: Int64) throws -> [StoredEntry] {
        try perform {
            try writer.read { db in
                guard let entry = try EntryRecord.fetchOne(db, key: id) else { throw StorageError.noSuchEntry(id: id) }
                let offset = try UtteranceRecord.fetchOne(db, key: entry.utteranceID)?.offset ?? .utc
                return try EntryRevisionRecord
                    .filter(Column("entry_id") == id)
                    .order(Column("revision"))
                    .fetchAll(db)
                    .map { revision in
                        StoredEntry(id: id, utteranceID: entry.utteranceID, revision: revision.revision,
                                    revisedAt: revision.revisedAt,
                                    entry: try Entry(kind: revision.kind, time: revision.time, storedFields: revision.fields),
                                    utcOffset: offset, deletedAt: revision.deletedAt)
                    }
            }
        }
    }

    /// How many utterances and entries the file holds, undone ones included.
    public func counts() throws -> (utterances: Int, entries: Int, revisions: Int) {
        try perform {
            try writer.read { db in
                (try UtteranceRecord.fetchCount(db), try EntryRecord.fetchCount(db), try EntryRevisionRecord.fetchCount(db))
            }
        }
    }

    /// The utterance of a row, with its entries in their current revision.
    func storedUtterance(_ record: UtteranceRecord, _ db: Database) throws -> StoredUtterance {
        let entries = try EntryRecord
            .filter(Column("utterance_id") == record.id)
            .order(Column("position"))
            .fetchAll(db)
        return StoredUtterance(record, entries: try entries.map { try StoredEntry($0, utcOffset: record.offset) })
    }
}
