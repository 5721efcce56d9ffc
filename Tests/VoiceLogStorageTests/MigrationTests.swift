import Foundation
import GRDB
import Testing
import VoiceLogCore
import VoiceLogStorage

@Suite("Migrations")
struct MigrationTests {
    @Test("A file made by schema v1 opens, migrates to the latest, and keeps its rows")
    func upgradesV1File() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrator.migrate(queue, upTo: AppDatabase.Migration.v1)
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO utterance (id, text, source, created_at, reference_time)
                    VALUES (1, 'glucose 6.2', 'typed', '2026-11-21 09:00:00.000', '2026-11-21T10:00:00');
                    INSERT INTO entry (utterance_id, position, kind, time, fields, revised_at)
                    VALUES (1, 0, 'glucose', '2026-11-21T10:00:00', '{"value": 6.2, "unit": "mmol/L"}', '2026-11-21 09:00:00.000');
                    """)
            }
            #expect(try queue.read { try $0.indexes(on: "entry").map(\.name) }.contains("entry_on_kind_time") == false)
        }

        let database = try AppDatabase.open(path: path, checker: testChecker)
        let listed = try database.entries(kind: "glucose")
        #expect(listed.map(\.entry) == utterance("glucose 6.2").entries)
        #expect(try database.revisions(ofEntry: listed[0].id).count == 1)
        try database.commit(utterance("weight 70 kg"))

        let check = try DatabaseQueue(path: path)
        let (applied, indexes, journalMode) = try check.read { db in
            (try AppDatabase.migrator.appliedIdentifiers(db), try db.indexes(on: "entry").map(\.name),
             try String.fetchOne(db, sql: "PRAGMA journal_mode"))
        }
        #expect(applied == [AppDatabase.Migration.v1, AppDatabase.Migration.v2])
        #expect(indexes.contains("entry_on_kind_time"))
        #expect(journalMode == "wal")
    }

    @Test("A new file gets every migration")
    func newFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.database("a/b/new.sqlite")
        let check = try DatabaseQueue(path: folder.file("a/b/new.sqlite"))
        #expect(try check.read(AppDatabase.migrator.hasCompletedMigrations))
    }
}
