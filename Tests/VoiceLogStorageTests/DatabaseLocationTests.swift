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

    @Test("A URL is an error that says only file paths are understood", arguments: [
        ("postgres://me@localhost/voicelog", "--db"), ("postgresql://h/db", "--db"),
        ("file:///tmp/x.sqlite", "--db"), ("sqlite://x", "VOICELOG_DB"),
    ])
    func url(value: String, setting: String) {
        let (explicit, environment) = setting == "--db" ? (value, [:]) : (nil, ["VOICELOG_DB": value])
        #expect(throws: StorageError.unsupportedLocation(value, setting: setting)) {
            try DatabaseLocation.path(explicit: explicit, environment: environment)
        }
        #expect(StorageError.unsupportedLocation(value, setting: setting).description.contains("PostgreSQL is not supported yet"))
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
