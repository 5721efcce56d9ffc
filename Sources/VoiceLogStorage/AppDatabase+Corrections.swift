import Foundation
import GRDB
import VoiceLogCore

// Corrections of entries stored before: an edit or a deletion is the entry's next revision,
// written in one transaction, and the earlier revisions stay in `revisions(ofEntry:)`.
extension AppDatabase {
    /// Stores `entry` as the next revision of a stored entry, checked against the rules at
    /// `now`. An edit that changes nothing adds nothing.
    ///
    /// - Throws: ``StorageError/noSuchEntry(id:)``, ``StorageError/entryUndone(id:)``,
    ///   ``StorageError/entryDeleted(id:)``, or ``StorageError/infeasible(kind:problems:)``;
    ///   then nothing is written.
    @discardableResult
    public func edit(entryID: Int64, to entry: Entry, now: LocalDateTime, at date: Date = Date()) throws -> StoredEntry {
        try revise(entryID: entryID, at: date) { _ in
            try check(entry, now: now)
            return entry
        }
    }

    /// Applies an edit in the review prompt's language ("value 6.8", "tag before dinner",
    /// "time 7:30", or the whole entry again: see ``EntryEditor``) to a stored entry, and
    /// stores the result as its next revision.
    ///
    /// - Parameters:
    ///   - text: the edit as typed or said.
    ///   - editor: reads the edit with the grammar.
    ///   - now: the reference clock, for times in the edit and the "not in the future" rule.
    /// - Throws: ``StorageError/editNotUnderstood(_:)`` with what to type instead, or any
    ///   error of ``edit(entryID:to:now:at:)``; then nothing is written.
    @discardableResult
    public func edit(entryID: Int64, applying text: String, editor: EntryEditor, now: LocalDateTime,
                     at date: Date = Date()) throws -> StoredEntry {
        try revise(entryID: entryID, at: date) { current in
            switch editor.apply(text, to: current, now: now) {
            case .notUnderstood(let message):
                throw StorageError.editNotUnderstood(message)
            case .edited(let entry, _):
                try check(entry, now: now)
                return entry
            }
        }
    }

    /// Marks a stored entry deleted, as its next revision: it is no longer listed, and every
    /// revision, this one included, is kept.
    ///
    /// - Throws: ``StorageError/noSuchEntry(id:)``, ``StorageError/entryUndone(id:)`` or
    ///   ``StorageError/entryDeleted(id:)``.
    @discardableResult
    public func delete(entryID: Int64, at date: Date = Date()) throws -> StoredEntry {
        try perform {
            try writer.write { db in
                var (record, offset) = try revisable(entryID, db)
                record.revision += 1
                record.revisedAt = date
                record.deletedAt = date
                try record.update(db)
                return try StoredEntry(record, utcOffset: offset)
            }
        }
    }

    /// In one transaction: the entry as it now stands, changed by `change`, stored as its
    /// next revision (unless it is the same).
    private func revise(entryID: Int64, at date: Date, _ change: (Entry) throws -> Entry) throws -> StoredEntry {
        try perform {
            try writer.write { db in
                var (record, offset) = try revisable(entryID, db)
                let entry = try change(Entry(kind: record.kind, time: record.time, storedFields: record.fields))
                try revise(&record, to: entry, at: date, db)
                return try StoredEntry(record, utcOffset: offset)
            }
        }
    }

    /// The row of an entry that may get a new revision, and its utterance's UTC offset.
    private func revisable(_ entryID: Int64, _ db: Database) throws -> (EntryRecord, UTCOffset) {
        let (record, utterance) = try ownEntry(entryID, db)
        if record.deletedAt != nil { throw StorageError.entryDeleted(id: entryID) }
        if utterance.undoneAt != nil { throw StorageError.entryUndone(id: entryID) }
        return (record, utterance.offset)
    }
}
