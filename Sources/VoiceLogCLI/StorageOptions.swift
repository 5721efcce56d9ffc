import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogPostgres
import VoiceLogStorage

/// Where the database is: `--db PATH`, else `VOICELOG_DB`, else the XDG data folder.
struct StorageOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (also VOICELOG_DB; default: $XDG_DATA_HOME/voicelog/voicelog.sqlite).", valueName: "PATH"))
    var db: String?

    /// An empty `--db` or `VOICELOG_DB`, or a URL, is a usage error.
    func validate() throws {
        do {
            _ = try DatabaseLocation.given(explicit: db)
        } catch let error as StorageError {
            throw ValidationError(error.description)
        }
    }

    /// Opens the database, creating it and its folders on first use; `grammar` gives the
    /// feasibility rules commits and edits are checked against. A database file other users
    /// may open gets a warning on standard error.
    func open(grammar: Grammar = BundledGrammar.grammar) throws -> AppDatabase {
        let path = try DatabaseLocation.path(explicit: db)
        if let warning = DatabaseLocation.permissionWarning(path: path) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        return try AppDatabase.open(path: path, checker: FeasibilityChecker(grammar: grammar))
    }

    /// The store `--db` names: an SQLite file (opened as ``open(grammar:)`` does) or a
    /// PostgreSQL database (`postgres://USER@HOST:PORT/DATABASE`), migrated on first use.
    func openStore(grammar: Grammar = BundledGrammar.grammar) throws -> any EntryStore {
        switch try DatabaseLocation.location(explicit: db) {
        case .file: return try open(grammar: grammar)
        case .postgres(let url): return try PostgresStore.open(url, checker: FeasibilityChecker(grammar: grammar))
        }
    }

    /// `name` in the database's folder (`database`: the `--db` value, if any).
    static func besideDatabase(_ name: String, database: String?) throws -> URL {
        URL(fileURLWithPath: try DatabaseLocation.path(explicit: database)).deletingLastPathComponent()
            .appendingPathComponent(name)
    }
}
