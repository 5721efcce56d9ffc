import PostgresNIO
import VoiceLogCore
import VoiceLogStorage

// The account's backup, line for line the format the SQLite store writes (SCHEMA.md,
// "Backup"), so that `voicelog import` restores it into either store.
extension PostgresStore {
    public func writeBackup(_ line: (String) throws -> Void) throws {
        let (account, logger) = (account, connector.logger)
        let lines = try connector.wait { connection in
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: logger)
                var revisions: [Int64: [JSONValue]] = [:]
                for try await (entryID, revision, kind, time, fields, revisedAt, deletedAt) in try await connection.query("""
                    SELECT entry_revision.entry_id, entry_revision.revision, entry_revision.kind, entry_revision.time,
                           entry_revision.fields, entry_revision.revised_at, entry_revision.deleted_at
                    FROM entry_revision JOIN entry ON entry.id = entry_revision.entry_id
                    JOIN utterance ON utterance.id = entry.utterance_id
                    WHERE utterance.account_id = \(account) ORDER BY entry_revision.entry_id, entry_revision.revision
                    """, logger: logger).decode((Int64, Int, String, String, String, String, String?).self) {
                    revisions[entryID, default: []].append(.object([
                        ("revision", .number(Double(revision))), ("kind", .string(kind)), ("time", .string(time)),
                        ("fields", .string(fields)), ("revised_at", .string(revisedAt)), ("deleted_at", deletedAt.map(JSONValue.string) ?? .null),
                    ]))
                }
                var entries: [Int64: [JSONValue]] = [:]
                for try await (entryID, utteranceID, position) in try await connection.query("""
                    SELECT entry.id, entry.utterance_id, entry.position FROM entry
                    JOIN utterance ON utterance.id = entry.utterance_id
                    WHERE utterance.account_id = \(account) ORDER BY entry.utterance_id, entry.position
                    """, logger: logger).decode((Int64, Int64, Int).self) {
                    entries[utteranceID, default: []].append(.object([
                        ("id", .number(Double(entryID))), ("position", .number(Double(position))),
                        ("revisions", .array(revisions[entryID] ?? [])),
                    ]))
                }
                var lines = [AppDatabase.backupHeader]
                for try await (id, text, source, createdAt, referenceTime, alternatives, audioFile, undoneAt, offset) in try await connection.query("""
                    SELECT id, text, source, created_at, reference_time, alternatives, audio_file, undone_at, utc_offset
                    FROM utterance WHERE account_id = \(account) ORDER BY id
                    """, logger: logger).decode((Int64, String, String, String, String, String, String?, String?, String).self) {
                    let utterance = JSONValue.object([
                        ("id", .number(Double(id))), ("text", .string(text)), ("source", .string(source)),
                        ("created_at", .string(createdAt)), ("reference_time", .string(referenceTime)),
                        ("alternatives", .string(alternatives)), ("audio_file", audioFile.map(JSONValue.string) ?? .null),
                        ("undone_at", undoneAt.map(JSONValue.string) ?? .null), ("utc_offset", .string(offset)),
                    ])
                    lines.append(JSONValue.object([("utterance", utterance), ("entries", .array(entries[id] ?? []))]).serialized())
                }
                return lines
            }
        }
        for text in lines { try line(text) }
    }
}
