import Foundation
import GRDB
import VoiceLogCore

// A complete backup as JSON lines, and its restore: what `export --format jsonl` writes and
// `import` reads. The format is in SCHEMA.md ("Backup").
extension AppDatabase {
    /// The backup format's version; a restore refuses others.
    public static let backupVersion = 1

    /// The backup's first line.
    public static var backupHeader: String {
        JSONValue.object([("voicelog", .string("backup")), ("version", .number(Double(backupVersion)))]).serialized()
    }

    /// How many utterances a backup holds, for a progress line.
    public func utteranceCount() throws -> Int {
        try perform { try writer.read { try UtteranceRecord.filter(Column("account_id") == account).fetchCount($0) } }
    }

    /// The columns of `utterance` a backup holds: all but whose it is, which a restore sets.
    private static let backupColumns = "id, text, source, created_at, reference_time, alternatives, audio_file, undone_at, utc_offset"

    /// Writes the account's backup a line at a time (header first, then one line an utterance
    /// with its entries and every revision, in id order), each value as stored, from one snapshot.
    public func writeBackup(_ line: (String) throws -> Void) throws {
        try perform {
            try writer.read { db in
                try line(Self.backupHeader)
                let utterances = try Row.fetchCursor(
                    db, sql: "SELECT \(Self.backupColumns) FROM utterance WHERE account_id = ? ORDER BY id", arguments: [account])
                while let utterance = try utterances.next() {
                    try line(Self.backupLine(utterance, db).serialized())
                }
            }
        }
    }

    /// One utterance's backup line: its columns, then its entries with their revisions.
    private static func backupLine(_ utterance: Row, _ db: Database) throws -> JSONValue {
        let id: Int64 = utterance["id"]
        var entries: [JSONValue] = []
        for entry in try Row.fetchAll(db, sql: "SELECT id, position FROM entry WHERE utterance_id = ? ORDER BY position", arguments: [id]) {
            let revisions = try Row.fetchAll(db, sql: """
                SELECT revision, kind, time, fields, revised_at, deleted_at FROM entry_revision
                WHERE entry_id = ? ORDER BY revision
                """, arguments: [entry["id"]])
            entries.append(.object(json(entry).members + [("revisions", .array(revisions.map(json)))]))
        }
        return .object([("utterance", json(utterance)), ("entries", .array(entries))])
    }

    /// A row's columns as JSON, each value as stored.
    private static func json(_ row: Row) -> JSONValue {
        .object(row.columnNames.map { column in
            switch row[column] as DatabaseValue? {
            case .some(let value) where !value.isNull:
                switch value.storage {
                case .int64(let number): return (column, .number(Double(number)))
                case .double(let number): return (column, .number(number))
                case .string(let text): return (column, .string(text))
                case .blob(let data): return (column, .string(data.base64EncodedString()))
                case .null: return (column, .null)
                }
            default: return (column, .null)
            }
        })
    }

    /// What a restore did.
    public struct RestoreOutcome: Sendable, Equatable {
        /// Utterances, entries and revisions added.
        public var utterances = 0
        public var entries = 0
        public var revisions = 0
        /// Utterances the store already held exactly as the backup has them.
        public var alreadyThere = 0
    }

    /// Restores a backup (its lines, header first) into the account's log in one transaction: every utterance with its
    /// ids, entries and revisions as they were, so that a backup of the result is the same
    /// file. An utterance the store already holds exactly so is skipped (restoring twice adds
    /// nothing); one whose id holds something else, or any malformed line, restores nothing
    /// and names the line. `progress` is called after each line.
    public func restore(_ lines: [String], progress: () -> Void = {}) throws -> RestoreOutcome {
        guard let header = lines.first, header == Self.backupHeader else {
            throw StorageError.badBackup(line: 1, reason: "it is not a VoiceLog backup of version \(Self.backupVersion) (its first line must be \(Self.backupHeader))")
        }
        progress()
        return try perform {
            try writer.write { db in
                var outcome = RestoreOutcome()
                for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
                    do {
                        try restore(line, db, into: &outcome)
                    } catch let error as RestoreProblem {
                        throw StorageError.badBackup(line: index + 1, reason: error.reason)
                    } catch let error as DatabaseError where [.SQLITE_CONSTRAINT, .SQLITE_MISMATCH].contains(error.resultCode) {
                        throw StorageError.badBackup(line: index + 1, reason: "SQLite refused it: \(error.message ?? "\(error)")")
                    }
                    progress()
                }
                return outcome
            }
        }
    }

    private struct RestoreProblem: Error {
        let reason: String
    }

    private func restore(_ line: String, _ db: Database, into outcome: inout RestoreOutcome) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let utterance = object["utterance"] as? [String: Any], let entries = object["entries"] as? [[String: Any]],
              let id = (utterance["id"] as? NSNumber)?.int64Value
        else { throw RestoreProblem(reason: "not an utterance line: {\"utterance\": {\"id\": ...}, \"entries\": [...]}") }

        if let owner = try Int64.fetchOne(db, sql: "SELECT account_id FROM utterance WHERE id = ?", arguments: [id]) {
            guard owner == account,
                  let stored = try Row.fetchOne(db, sql: "SELECT \(Self.backupColumns) FROM utterance WHERE id = ?", arguments: [id]),
                  try Self.backupLine(stored, db).serialized() == line
            else {
                throw RestoreProblem(reason: "utterance \(id) is already stored with other contents; restore into an empty database")
            }
            outcome.alreadyThere += 1
            return
        }
        if utterance["account_id"] != nil { throw RestoreProblem(reason: "utterance has no column 'account_id' in a backup") }
        var owned = utterance
        owned["account_id"] = NSNumber(value: account)
        try insert(into: "utterance", owned, db)
        outcome.utterances += 1
        for entry in entries {
            guard let revisions = entry["revisions"] as? [[String: Any]], let first = revisions.first,
                  let entryID = entry["id"], let position = entry["position"]
            else { throw RestoreProblem(reason: "an entry needs an id, a position and at least one revision") }
            var row = first
            row["id"] = entryID
            row["position"] = position
            row["utterance_id"] = NSNumber(value: id)
            try insert(into: "entry", row, db)
            for revision in revisions.dropFirst() {
                let columns = revision.keys.sorted()
                try db.execute(sql: "UPDATE entry SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?",
                               arguments: StatementArguments(columns.map { Self.databaseValue(revision[$0]) } + [Self.databaseValue(entryID)]))
            }
            outcome.entries += 1
            outcome.revisions += revisions.count
        }
    }

    /// Inserts a row of named columns; a column the table lacks is a problem, not ignored.
    private func insert(into table: String, _ row: [String: Any], _ db: Database) throws {
        let known = Set(try db.columns(in: table).map(\.name))
        let columns = row.keys.sorted()
        if let unknown = columns.first(where: { !known.contains($0) }) {
            throw RestoreProblem(reason: "\(table) has no column '\(unknown)' (a backup from a newer VoiceLog?)")
        }
        try db.execute(sql: "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                       arguments: StatementArguments(columns.map { Self.databaseValue(row[$0]) }))
    }

    /// A JSON value as SQLite stores it: whole numbers as integers.
    private static func databaseValue(_ value: Any?) -> DatabaseValue {
        switch value {
        case let number as NSNumber:
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 1e15 ? Int64(double).databaseValue : double.databaseValue
        case let text as String: return text.databaseValue
        default: return .null
        }
    }
}

private extension JSONValue {
    var members: [(key: String, value: JSONValue)] {
        if case .object(let members) = self { return members }
        return []
    }
}
