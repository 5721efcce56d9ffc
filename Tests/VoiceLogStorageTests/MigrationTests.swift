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
        #expect(applied == [AppDatabase.Migration.v1, AppDatabase.Migration.v2, AppDatabase.Migration.v3, AppDatabase.Migration.v4,
                            AppDatabase.Migration.v5])
        // Rows from before accounts are the local account's.
        #expect(try check.read { try Int64.fetchAll($0, sql: "SELECT DISTINCT account_id FROM utterance") } == [AppDatabase.localAccount])
        #expect(indexes.contains("entry_on_kind_time"))
        #expect(journalMode == "wal")
        // Rows from before v3 get the machine's offset as it migrated.
        #expect(listed[0].utcOffset == UTCOffset.current())
        #expect(try check.read { try String.fetchOne($0, sql: "SELECT utc_offset FROM utterance WHERE id = 1") } == UTCOffset.current().description)
    }

    @Test("An utterance keeps the UTC offset in force where it was logged, and exports' times carry it")
    func utcOffset() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var said = utterance("glucose 6.2 and took 4 units of insulin")
        said.utcOffset = UTCOffset("+05:30")!
        let database = try folder.database()
        let stored = try database.commit(said)
        #expect(stored.utcOffset.description == "+05:30")
        let listed = try database.entries()
        #expect(listed.map(\.timeWithOffset) == ["2026-11-21T10:00:00+05:30", "2026-11-21T10:00:00+05:30"])
        #expect(listed[0].json(withOffset: true)["time"] == .string("2026-11-21T10:00:00+05:30"))
        #expect(listed[0].json()["time"] == .string("2026-11-21T10:00:00"))
        #expect(try database.lastUtterance()?.utcOffset == said.utcOffset)
        #expect(try database.revisions(ofEntry: listed[0].id).map(\.timeWithOffset) == ["2026-11-21T10:00:00+05:30"])
        // Another program cannot change it, nor write one that is not an offset.
        let other = try DatabaseQueue(path: folder.file("voicelog.sqlite"))
        #expect(throws: DatabaseError.self) { try other.write { try $0.execute(sql: "UPDATE utterance SET utc_offset = '+01:00'") } }
        #expect(throws: DatabaseError.self) {
            try other.write { try $0.execute(sql: "INSERT INTO utterance (text, source, created_at, reference_time, utc_offset) VALUES ('x', 'typed', '2026-11-21 09:00:00.000', '2026-11-21T10:00:00', 'CET')") }
        }
    }

    @Test("UTC offsets read and write as [+-]HH:MM", arguments: [
        ("+00:00", 0), ("+01:00", 3600), ("-05:30", -19_800), ("+14:00", 50_400), ("-00:30", -1800),
    ])
    func offsetText(text: String, seconds: Int) {
        #expect(UTCOffset(text)?.seconds == seconds)
        #expect(UTCOffset(seconds: seconds).description == text)
    }

    @Test("Text that is not an offset", arguments: ["", "0", "+1:00", "+01:60", "CET", "+01:00:00", "+19:00"])
    func notAnOffset(text: String) {
        #expect(UTCOffset(text) == nil)
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
