import GRDBSQLite

/// Inserts utterance and entry rows with the sqlite3 C API alone: the baseline the store is
/// measured against. Same file settings as `AppDatabase` (WAL, synchronous FULL).
final class RawSQLiteWriter {
    /// One utterance's row values, computed before timing.
    struct Row {
        var text: String
        var referenceTime: String
        var entries: [(kind: String, time: String, fields: String)]
    }

    private var connection: OpaquePointer?
    private var insertUtterance: OpaquePointer?
    private var insertEntry: OpaquePointer?
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(path: String) throws {
        try check(sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil))
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        try check(sqlite3_prepare_v2(connection, """
            INSERT INTO utterance (text, source, created_at, reference_time, alternatives)
            VALUES (?, 'batch', '2026-11-21 09:00:00.000', ?, '[]')
            """, -1, &insertUtterance, nil))
        try check(sqlite3_prepare_v2(connection, """
            INSERT INTO entry (utterance_id, position, kind, time, fields, revision, revised_at)
            VALUES (?, ?, ?, ?, ?, 1, '2026-11-21 09:00:00.000')
            """, -1, &insertEntry, nil))
    }

    deinit {
        sqlite3_finalize(insertUtterance)
        sqlite3_finalize(insertEntry)
        sqlite3_close_v2(connection)
    }

    func execute(_ sql: String) throws {
        try check(sqlite3_exec(connection, sql, nil, nil, nil))
    }

    /// Inserts one utterance and its entries; the caller brackets transactions.
    func insert(_ row: Row) throws {
        sqlite3_bind_text(insertUtterance, 1, row.text, -1, Self.transient)
        sqlite3_bind_text(insertUtterance, 2, row.referenceTime, -1, Self.transient)
        try step(insertUtterance)
        let utteranceID = sqlite3_last_insert_rowid(connection)
        for (position, entry) in row.entries.enumerated() {
            sqlite3_bind_int64(insertEntry, 1, utteranceID)
            sqlite3_bind_int64(insertEntry, 2, Int64(position))
            sqlite3_bind_text(insertEntry, 3, entry.kind, -1, Self.transient)
            sqlite3_bind_text(insertEntry, 4, entry.time, -1, Self.transient)
            sqlite3_bind_text(insertEntry, 5, entry.fields, -1, Self.transient)
            try step(insertEntry)
        }
    }

    private func step(_ statement: OpaquePointer?) throws {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkError(String(cString: sqlite3_errmsg(connection))) }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw BenchmarkError(String(cString: sqlite3_errmsg(connection))) }
    }
}
