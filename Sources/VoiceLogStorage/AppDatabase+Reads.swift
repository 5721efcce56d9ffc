import GRDB
import VoiceLogCore

// Reads: entries in their current revision, from utterances that are not undone.
extension AppDatabase {
    /// Listed entries (not deleted, of utterances not undone), in time order (then by id):
    /// optionally of one kind, from `since` and before `until`, after a position, at most `limit`.
    public func entries(kind: String? = nil, since: LocalDateTime? = nil, until: LocalDateTime? = nil,
                        after position: EntryPosition? = nil, limit: Int? = nil) throws -> [StoredEntry] {
        var conditions = ["utterance.account_id = ?", "utterance.undone_at IS NULL", "entry.deleted_at IS NULL"]
        var arguments: StatementArguments = [account]
        if let kind {
            conditions.append("entry.kind = ?")
            arguments += [kind]
        }
        if let since {
            conditions.append("entry.time >= ?")
            arguments += [since.description]
        }
        if let until {
            conditions.append("entry.time < ?")
            arguments += [until.description]
        }
        if let position {
            conditions.append("(entry.time > ? OR (entry.time = ? AND entry.id > ?))")
            arguments += [position.time.description, position.time.description, position.id]
        }
        let sql = """
            SELECT entry.*, utterance.utc_offset FROM entry JOIN utterance ON utterance.id = entry.utterance_id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY entry.time, entry.id
            \(limit.map { "LIMIT \(max(0, $0))" } ?? "")
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
                try UtteranceRecord.filter(Column("undone_at") == nil && Column("account_id") == account)
                    .order(Column("id").desc).fetchOne(db)
                    .map { try storedUtterance($0, db) }
            }
        }
    }

    /// Any of the account's utterances by id, undone or not.
    public func utterance(id: Int64) throws -> StoredUtterance? {
        try perform {
            try writer.read { db in
                try ownUtterance(id, db).map { try storedUtterance($0, db) }
            }
        }
    }

    /// An entry of the account's in its current revision, deleted or not, by id.
    public func entry(id: Int64) throws -> StoredEntry {
        try perform {
            try writer.read { db in
                let (record, utterance) = try ownEntry(id, db)
                return try StoredEntry(record, utcOffset: utterance.offset)
            }
        }
    }

    /// Every revision of an entry, the first (as heard) first.
    public func revisions(ofEntry id: Int64) throws -> [StoredEntry] {
        try perform {
            try writer.read { db in
                let (entry, utterance) = try ownEntry(id, db)
                let offset = utterance.offset
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

    /// Reads from the database once: it throws when the store cannot be read.
    public func ping() throws {
        try perform { try writer.read { db in _ = try Int.fetchOne(db, sql: "SELECT 1") } }
    }

    /// How many utterances and entries the file holds, undone ones included.
    public func counts() throws -> (utterances: Int, entries: Int, revisions: Int) {
        try perform {
            try writer.read { db in
                (try UtteranceRecord.fetchCount(db), try EntryRecord.fetchCount(db), try EntryRevisionRecord.fetchCount(db))
            }
        }
    }

    /// The account's utterance with this id, if there is one.
    func ownUtterance(_ id: Int64, _ db: Database) throws -> UtteranceRecord? {
        try UtteranceRecord.fetchOne(db, key: id).flatMap { $0.accountID == account ? $0 : nil }
    }

    /// The account's entry with this id and its utterance; another account's is no such entry.
    func ownEntry(_ id: Int64, _ db: Database) throws -> (EntryRecord, UtteranceRecord) {
        guard let record = try EntryRecord.fetchOne(db, key: id),
              let utterance = try ownUtterance(record.utteranceID, db)
        else { throw StorageError.noSuchEntry(id: id) }
        return (record, utterance)
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
