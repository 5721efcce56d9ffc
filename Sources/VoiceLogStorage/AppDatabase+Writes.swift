import Foundation
import GRDB
import VoiceLogCore

// Writes: each is one transaction, and each checks the feasibility rules again first, so
// nothing is written for an utterance with an infeasible entry.
extension AppDatabase {
    /// Stores one utterance with all its entries in one transaction.
    ///
    /// - Throws: ``StorageError/infeasible(kind:problems:)`` when an entry breaks a rule
    ///   (checked against the utterance's reference time), and nothing is written.
    @discardableResult
    public func commit(_ utterance: Utterance, at date: Date = Date()) throws -> StoredUtterance {
        try commit([utterance], at: date)[0]
    }

    /// Stores several utterances in one transaction: all of them, or none if one is refused.
    @discardableResult
    public func commit(_ utterances: [Utterance], at date: Date = Date()) throws -> [StoredUtterance] {
        for utterance in utterances { try StoreRules.check(utterance, with: checker) }
        return try perform {
            try writer.write { db in try utterances.map { try insert($0, at: date, db) } }
        }
    }

    /// Stores one utterance as it was heard and, in the same transaction, the user's
    /// corrections of its entries as their second revisions: the entries listed are the
    /// corrected ones, and what was heard stays in ``revisions(ofEntry:)``.
    ///
    /// - Parameter corrections: corrected entries by their position in the utterance.
    /// - Throws: ``StorageError/infeasible(kind:problems:)`` when an entry as it will be
    ///   listed (corrected or not) breaks a rule, and nothing is written. An entry that was
    ///   corrected may have broken one as heard.
    @discardableResult
    public func commit(_ utterance: Utterance, corrections: [Int: Entry], at date: Date = Date()) throws -> StoredUtterance {
        guard !utterance.entries.isEmpty else { throw StorageError.nothingToStore(text: utterance.text) }
        for (position, entry) in utterance.entries.enumerated() {
            try check(corrections[position] ?? entry, now: utterance.referenceTime)
        }
        return try perform {
            try writer.write { db in
                var stored = try insert(utterance, at: date, db)
                for (position, entry) in corrections.sorted(by: { $0.key < $1.key }) where stored.entries.indices.contains(position) {
                    guard var record = try EntryRecord.fetchOne(db, key: stored.entries[position].id) else { continue }
                    try revise(&record, to: entry, at: date, db)
                    stored.entries[position] = try StoredEntry(record, utcOffset: stored.utcOffset)
                }
                return stored
            }
        }
    }

    /// Marks the last committed utterance that is not undone as undone. It and its entries
    /// are kept, but its entries are no longer listed.
    ///
    /// - Returns: the utterance undone, or nil when there is none.
    @discardableResult
    public func undoLastUtterance(at date: Date = Date()) throws -> StoredUtterance? {
        try perform {
            try writer.write { db in
                guard var record = try UtteranceRecord
                    .filter(Column("undone_at") == nil && Column("account_id") == account)
                    .order(Column("id").desc)
                    .fetchOne(db)
                else { return nil }
                record.undoneAt = date
                try record.update(db, columns: ["undone_at"])
                return try storedUtterance(record, db)
            }
        }
    }

    /// Marks one of the account's utterances undone, as ``undoLastUtterance(at:)`` does; one
    /// undone before stays as it was.
    ///
    /// - Throws: ``StorageError/noSuchUtterance(id:)`` when the account has no such utterance.
    @discardableResult
    public func undo(utteranceID: Int64, at date: Date = Date()) throws -> StoredUtterance {
        try perform {
            try writer.write { db in
                guard var record = try ownUtterance(utteranceID, db) else { throw StorageError.noSuchUtterance(id: utteranceID) }
                if record.undoneAt == nil {
                    record.undoneAt = date
                    try record.update(db, columns: ["undone_at"])
                }
                return try storedUtterance(record, db)
            }
        }
    }

    /// Writes `entry` as the record's next revision, unless it changes nothing.
    func revise(_ record: inout EntryRecord, to entry: Entry, at date: Date, _ db: Database) throws {
        let fields = entry.storedFields
        let time = entry.time.description
        guard (record.kind, record.time, record.fields) != (entry.kind, time, fields) else { return }
        record.kind = entry.kind
        record.time = time
        record.fields = fields
        record.revision += 1
        record.revisedAt = date
        try record.update(db)
    }

    func check(_ entry: Entry, now: LocalDateTime) throws {
        try StoreRules.check(entry, now: now, with: checker)
    }

    private func insert(_ utterance: Utterance, at date: Date, _ db: Database) throws -> StoredUtterance {
        var record = UtteranceRecord(
            id: nil, text: utterance.text, source: utterance.source, createdAt: date,
            referenceTime: utterance.referenceTime.description,
            alternatives: JSONValue.array(utterance.alternatives.map(JSONValue.string)).serialized(),
            audioFile: utterance.audioFile, undoneAt: nil, utcOffset: utterance.utcOffset.description,
            accountID: account)
        try record.insert(db)
        let utteranceID = record.id!
        var stored: [StoredEntry] = []
        for (position, entry) in utterance.entries.enumerated() {
            var entryRecord = EntryRecord(
                id: nil, utteranceID: utteranceID, position: position, kind: entry.kind,
                time: entry.time.description, fields: entry.storedFields, revision: 1, revisedAt: date)
            try entryRecord.insert(db)
            stored.append(StoredEntry(id: entryRecord.id!, utteranceID: utteranceID, revision: 1,
                                      revisedAt: date, entry: entry, utcOffset: utterance.utcOffset))
        }
        return StoredUtterance(record, entries: stored)
    }
}
