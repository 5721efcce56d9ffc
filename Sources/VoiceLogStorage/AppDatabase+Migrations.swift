import GRDB

extension AppDatabase {
    /// The identifiers of the migrations, in order. A migration that has landed is never
    /// edited: change the schema with a new one. `SCHEMA.md` describes the result.
    public enum Migration {
        public static let v1 = "v1-create-utterance-entry-revision"
        public static let v2 = "v2-index-entry-kind-time"
        public static let v3 = "v3-utterance-utc-offset"
        public static let v4 = "v4-entry-deleted-at"
        public static let v5 = "v5-accounts-and-tokens"
    }

    /// The migrator that defines the schema.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(Migration.v1) { db in
            try createTables(db)
            try createTriggers(db)
        }
        migrator.registerMigration(Migration.v2) { db in
            try db.create(index: "entry_on_kind_time", on: "entry", columns: ["kind", "time"])
            try db.create(index: "entry_on_time", on: "entry", columns: ["time"])
        }
        migrator.registerMigration(Migration.v3) { db in
            try addUTCOffset(db, existingRows: .current())
        }
        migrator.registerMigration(Migration.v4) { db in
            try addDeletion(db)
        }
        migrator.registerMigration(Migration.v5) { db in
            try addAccounts(db)
        }
        return migrator
    }

    /// `utterance.utc_offset`: the UTC offset in force when it was logged. Rows logged before
    /// get `existingRows` (the machine's offset as it migrates); a writer that leaves it out
    /// gets `+00:00`. Like the words, it never changes.
    private static func addUTCOffset(_ db: Database, existingRows: UTCOffset) throws {
        try db.alter(table: "utterance") { t in
            t.add(column: "utc_offset", .text).notNull().defaults(to: "+00:00")
                .check(sql: "utc_offset GLOB '[+-][01][0-9]:[0-5][0-9]'")
        }
        try db.execute(sql: "UPDATE utterance SET utc_offset = ?", arguments: [existingRows.description])
        try keepWords(of: ["utc_offset"], db)
    }

    /// Replaces the trigger that keeps an utterance's columns as they were written (all but
    /// `undone_at`) with one that keeps `added` columns too.
    private static func keepWords(of added: [String], _ db: Database) throws {
        let kept = ["id", "text", "source", "created_at", "reference_time", "alternatives", "audio_file"] + added
        try db.execute(sql: """
            DROP TRIGGER utterance_words_are_kept;
            CREATE TRIGGER utterance_words_are_kept BEFORE UPDATE ON utterance
            WHEN \(kept.map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR "))
            BEGIN
                SELECT RAISE(ABORT, 'What was heard is kept: of an utterance, only undone_at may change.');
            END;
            """)
    }

    /// `deleted_at` on `entry` and `entry_revision`: a deletion is an entry's last revision,
    /// with the time it was deleted; listings leave such entries out, and nothing is erased.
    private static func addDeletion(_ db: Database) throws {
        try db.alter(table: "entry") { t in t.add(column: "deleted_at", .datetime) }
        try db.alter(table: "entry_revision") { t in t.add(column: "deleted_at", .datetime) }
        try db.execute(sql: """
            DROP TRIGGER entry_keeps_each_revision;
            CREATE TRIGGER entry_keeps_each_revision AFTER UPDATE ON entry BEGIN
                INSERT INTO entry_revision (entry_id, revision, kind, time, fields, revised_at, deleted_at)
                VALUES (NEW.id, NEW.revision, NEW.kind, NEW.time, NEW.fields, NEW.revised_at, NEW.deleted_at);
            END;
            CREATE TRIGGER entry_deletion_is_kept BEFORE UPDATE ON entry WHEN OLD.deleted_at IS NOT NULL BEGIN
                SELECT RAISE(ABORT, 'A deleted entry is kept as it was: log the entry again instead.');
            END;
            """)
    }

    /// `account` and `account_token`, and `utterance.account_id`: whose log an utterance is in.
    /// Account 1, `local`, is the command line's; utterances stored before are its. A token is
    /// kept only as the SHA-256 of its text.
    private static func addAccounts(_ db: Database) throws {
        try db.create(table: "account") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique().check(sql: "length(name) > 0")
            t.column("created_at", .datetime).notNull()
        }
        try db.execute(sql: "INSERT INTO account (id, name, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)",
                       arguments: [AppDatabase.localAccount, AppDatabase.localAccountName])
        try db.create(table: "account_token") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("account_id", .integer).notNull().indexed().references("account")
            t.column("sha256", .text).notNull().unique().check(sql: "length(sha256) = 64")
            t.column("created_at", .datetime).notNull()
        }
        try db.alter(table: "utterance") { t in
            t.add(column: "account_id", .integer).notNull().defaults(to: AppDatabase.localAccount).references("account")
        }
        try db.create(index: "utterance_on_account", on: "utterance", columns: ["account_id", "id"])
        try keepWords(of: ["utc_offset", "account_id"], db)
    }

    /// A local ISO 8601 time such as `2026-11-21T10:00:00`.
    private static func isLocalTime(_ column: String) -> String {
        "\(column) GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]'"
    }

    private static func createTables(_ db: Database) throws {
        try db.create(table: "utterance") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("text", .text).notNull()
            t.column("source", .text).notNull().check(sql: "source IN ('typed', 'batch', 'voice')")
            t.column("created_at", .datetime).notNull()
            t.column("reference_time", .text).notNull().check(sql: isLocalTime("reference_time"))
            t.column("alternatives", .text).notNull().defaults(sql: "'[]'")
                .check(sql: "json_valid(alternatives) AND json_type(alternatives) = 'array'")
            t.column("audio_file", .text)
            t.column("undone_at", .datetime)
        }
        try db.create(table: "entry") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("utterance_id", .integer).notNull().indexed().references("utterance")
            t.column("position", .integer).notNull().check(sql: "position >= 0")
            t.column("kind", .text).notNull().check(sql: "length(kind) > 0")
            t.column("time", .text).notNull().check(sql: isLocalTime("time"))
            t.column("fields", .text).notNull()
                .check(sql: "json_valid(fields) AND json_type(fields) = 'object'")
            t.column("revision", .integer).notNull().defaults(to: 1).check(sql: "revision >= 1")
            t.column("revised_at", .datetime).notNull()
            t.uniqueKey(["utterance_id", "position"])
        }
        try db.create(table: "entry_revision") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("entry_id", .integer).notNull().indexed().references("entry")
            t.column("revision", .integer).notNull()
            t.column("kind", .text).notNull()
            t.column("time", .text).notNull()
            t.column("fields", .text).notNull()
                .check(sql: "json_valid(fields) AND json_type(fields) = 'object'")
            t.column("revised_at", .datetime).notNull()
            t.uniqueKey(["entry_id", "revision"])
        }
    }

    /// Triggers that keep what was heard for every program sharing the file: each insert or
    /// edit of an entry copies it into `entry_revision`, and nothing heard is deleted.
    private static func createTriggers(_ db: Database) throws {
        let revisionColumns = "(entry_id, revision, kind, time, fields, revised_at)"
        let revisionValues = "(NEW.id, NEW.revision, NEW.kind, NEW.time, NEW.fields, NEW.revised_at)"
        try db.execute(sql: """
            CREATE TRIGGER entry_keeps_first_revision AFTER INSERT ON entry BEGIN
                INSERT INTO entry_revision \(revisionColumns) VALUES \(revisionValues);
            END;
            CREATE TRIGGER entry_edit_is_a_new_revision BEFORE UPDATE ON entry
            WHEN NEW.revision IS NOT OLD.revision + 1 OR NEW.id IS NOT OLD.id
                OR NEW.utterance_id IS NOT OLD.utterance_id OR NEW.position IS NOT OLD.position
            BEGIN
                SELECT RAISE(ABORT, 'An entry changes only by an edit: set revision = revision + 1 and keep its id, utterance_id and position.');
            END;
            CREATE TRIGGER entry_keeps_each_revision AFTER UPDATE ON entry BEGIN
                INSERT INTO entry_revision \(revisionColumns) VALUES \(revisionValues);
            END;
            CREATE TRIGGER entry_is_kept BEFORE DELETE ON entry BEGIN
                SELECT RAISE(ABORT, 'Entries are kept: undo their utterance (set utterance.undone_at) instead of deleting them.');
            END;
            CREATE TRIGGER entry_revision_is_kept_on_update BEFORE UPDATE ON entry_revision BEGIN
                SELECT RAISE(ABORT, 'Entry revisions are kept as written: edit the entry to add a new one.');
            END;
            CREATE TRIGGER entry_revision_is_kept_on_delete BEFORE DELETE ON entry_revision BEGIN
                SELECT RAISE(ABORT, 'Entry revisions are kept as written: edit the entry to add a new one.');
            END;
            CREATE TRIGGER utterance_is_kept BEFORE DELETE ON utterance BEGIN
                SELECT RAISE(ABORT, 'Utterances are kept: set undone_at instead of deleting them.');
            END;
            CREATE TRIGGER utterance_words_are_kept BEFORE UPDATE ON utterance
            WHEN NEW.id IS NOT OLD.id OR NEW.text IS NOT OLD.text OR NEW.source IS NOT OLD.source
                OR NEW.created_at IS NOT OLD.created_at OR NEW.reference_time IS NOT OLD.reference_time
                OR NEW.alternatives IS NOT OLD.alternatives OR NEW.audio_file IS NOT OLD.audio_file
            BEGIN
                SELECT RAISE(ABORT, 'What was heard is kept: of an utterance, only undone_at may change.');
            END;
            """)
    }
}
