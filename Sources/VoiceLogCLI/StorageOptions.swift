import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogStorage

/// Where the database is: `--db PATH`, else `VOICELOG_DB`, else the XDG data folder.
struct StorageOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (also VOICELOG_DB; default: $XDG_DATA_HOME/voicelog/voicelog.sqlite).", valueName: "PATH"))
    var db: String?

    /// Opens the database, creating it and its folders on first use; `grammar` gives the
    /// feasibility rules commits and edits are checked against.
    func open(grammar: Grammar = BundledGrammar.grammar) throws -> AppDatabase {
        let path = try DatabaseLocation.path(explicit: db)
        return try AppDatabase.open(path: path, checker: FeasibilityChecker(grammar: grammar))
    }

    /// `name` in the database's folder (`database`: the `--db` value, if any).
    static func besideDatabase(_ name: String, database: String?) throws -> URL {
        URL(fileURLWithPath: try DatabaseLocation.path(explicit: database)).deletingLastPathComponent()
            .appendingPathComponent(name)
    }
}
