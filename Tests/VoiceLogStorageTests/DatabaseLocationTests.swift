import Foundation
import Testing
import VoiceLogStorage

@Suite("Where the database is")
struct DatabaseLocationTests {
    @Test("--db, then VOICELOG_DB, then XDG_DATA_HOME, then HOME", arguments: [
        ("/x/given.sqlite", ["VOICELOG_DB": "/env.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/a"], "/x/given.sqlite"),
        (nil, ["VOICELOG_DB": "/env.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/a"], "/env.sqlite"),
        (nil, ["XDG_DATA_HOME": "/data", "HOME": "/home/a"], "/data/voicelog/voicelog.sqlite"),
        (nil, ["XDG_DATA_HOME": "relative", "HOME": "/home/a"], "/home/a/.local/share/voicelog/voicelog.sqlite"),
    ] as [(String?, [String: String], String)])
    func resolves(explicit: String?, environment: [String: String], expected: String) throws {
        #expect(try DatabaseLocation.path(explicit: explicit, environment: environment) == expected)
    }

    @Test("No HOME and no setting is an error that says what to set")
    func nowhere() {
        #expect(throws: StorageError.noLocation) { try DatabaseLocation.path(explicit: nil, environment: [:]) }
    }

    @Test("An empty --db or VOICELOG_DB is an error, not the default", arguments: [
        ("", [:], "--db"),
        (nil, ["VOICELOG_DB": "", "HOME": "/home/a"], "VOICELOG_DB"),
        ("", ["VOICELOG_DB": "/env.sqlite"], "--db"),
    ] as [(String?, [String: String], String)])
    func empty(explicit: String?, environment: [String: String], setting: String) {
        #expect(throws: StorageError.emptyLocation(setting: setting)) {
            try DatabaseLocation.path(explicit: explicit, environment: environment)
        }
    }

    @Test("A URL other than PostgreSQL's is an error that says what is understood", arguments: [
        ("file:///tmp/x.sqlite", "--db"), ("sqlite://x", "VOICELOG_DB"), ("mysql://me@h/db", "--db"),
    ])
    func url(value: String, setting: String) {
        let (explicit, environment) = setting == "--db" ? (value, [:]) : (nil, ["VOICELOG_DB": value])
        #expect(throws: StorageError.unsupportedLocation(value, setting: setting)) {
            try DatabaseLocation.location(explicit: explicit, environment: environment)
        }
        #expect(StorageError.unsupportedLocation(value, setting: setting).description.contains("postgres://USER@HOST:PORT/DATABASE"))
    }

    @Test func aPostgresURLNamesTheServerTheUserAndTheDatabase() throws {
        let url = try PostgresURL("postgres://me:p%40ss@db.example:6543/log?sslmode=disable")
        #expect((url.user, url.password, url.host, url.port, url.database, url.sslMode) == ("me", "p@ss", "db.example", 6543, "log", "disable"))
        #expect(url.redacted == "postgres://me@db.example:6543/log")
        #expect(try DatabaseLocation.location(explicit: "postgresql://me@h/log") == .postgres(try PostgresURL("postgres://me@h:5432/log")))
        for bad in ["postgres://h/log", "postgres://me@/log", "postgres://me@h", "postgres://me@h:0/log", "postgres://me@h/log?sslmode=maybe"] {
            #expect(throws: StorageError.self) { try PostgresURL(bad) }
        }
        #expect(throws: StorageError.sqliteOnly("postgres://me@h:5432/log")) { try DatabaseLocation.path(explicit: "postgres://me:x@h/log") }
    }

    @Test("A path with a colon is still a path", arguments: ["/data/a:b.sqlite", "c:/x.sqlite", "./http://x.sqlite"])
    func pathWithColon(path: String) throws {
        #expect(try DatabaseLocation.path(explicit: path, environment: [:]) == path)
    }

    @Test("The folders are created on first use")
    func createsFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("data/voicelog/voicelog.sqlite")
        _ = try AppDatabase.open(path: path, checker: testChecker)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
