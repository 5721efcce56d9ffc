import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogStorage

/// Where the database is: `--db PATH`, else `VOICELOG_DB`, else the XDG data folder.
struct StorageOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (also VOICELOG_DB; default: $XDG_DATA_HOME/voicelog/voicelog.sqlite).", valueName: "PATH"))
    var db: String?

    /// An empty `--db` or `VOICELOG_DB`, or a URL, is a usage error.
    func validate() throws {
        do {
            _ = try DatabaseLocation.givenPath(explicit: db)
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

    /// `name` in the database's folder (`database`: the `--db` value, if any).
    static func besideDatabase(_ name: String, database: String?) throws -> URL {
        URL(fileURLWithPath: try DatabaseLocation.path(explicit: database)).deletingLastPathComponent()
            .appendingPathComponent(name)
    }
}
