import VoiceLogCore

/// Why the store refused or failed, in words that say what to do next.
public enum StorageError: Error, Hashable, CustomStringConvertible {
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// SQLite found the file damaged.
    case corrupt(path: String)
    /// The database file cannot be written.
    case readOnlyFile(path: String)
    /// The folder of the database cannot be written (SQLite keeps its journal files there).
    case readOnlyFolder(folder: String, path: String)
    /// Another program kept the database locked for longer than the busy timeout.
    case locked(path: String, seconds: Double)
    /// A write failed for want of room: the disk is full, or the file reached a size limit.
    case full(path: String)
    /// The folder for a new database could not be made.
    case cannotCreateFolder(folder: String, reason: String)
    /// No database location is known.
    case noLocation
    /// `--db` or `VOICELOG_DB` (the setting) is set to nothing.
    case emptyLocation(setting: String)
    /// `--db` or `VOICELOG_DB` names a URL; only file paths are understood.
    case unsupportedLocation(String, setting: String)
    /// An entry breaks a feasibility rule; the problems say which and why.
    case infeasible(kind: String, problems: [Problem])
    /// An utterance with no entries was offered.
    case nothingToStore(text: String)
    case noSuchEntry(id: Int64)
    case noSuchUtterance(id: Int64)
    /// An account name that cannot be used.
    case badAccountName(String)
    /// The entry belongs to an undone utterance.
    case entryUndone(id: Int64)
    /// The entry was deleted.
    case entryDeleted(id: Int64)
    /// An edit in the review prompt's language was not understood; the message says what to type.
    case editNotUnderstood(String)
    /// A row does not read back as an entry (written by another program?).
    case damagedRow(String)
    /// A backup that cannot be restored: the line (from 1) and why. Nothing was restored.
    case badBackup(line: Int, reason: String)
    /// The database server cannot be reached or refused the connection; the reason is its own.
    case unreachable(location: String, reason: String)
    /// A PostgreSQL URL given to a command that keeps its data in an SQLite file.
    case sqliteOnly(String)
    /// A `postgres://` URL that cannot be used, and why.
    case badURL(String, reason: String)
    /// Any other SQLite failure, with SQLite's own words.
    case database(path: String, message: String)

    public var description: String {
        switch self {
        case .badBackup(let line, let reason):
            "Nothing was imported: line \(line) of the backup cannot be restored: \(reason)."
        case .notADatabase(let path):
            "'\(path)' is not a VoiceLog database: it is not an SQLite file. Give another file with --db or VOICELOG_DB, or move this one away and run again to start a new database."
        case .corrupt(let path):
            "The database '\(path)' is damaged (SQLite reports corruption), so VoiceLog will not write to it. Restore it from a backup, or save what can be read with `sqlite3 '\(path)' .recover | sqlite3 recovered.sqlite` and use that file."
        case .readOnlyFile(let path):
            "Cannot write to the database '\(path)': the file is read-only. Make it writable (chmod u+w '\(path)') or give another file with --db."
        case .readOnlyFolder(let folder, let path):
            "Cannot write in the folder '\(folder)', where SQLite keeps the journal files of '\(path)'. Make the folder writable or give a database in another folder with --db."
        case .locked(let path, let seconds):
            "The database '\(path)' is busy: another program has kept it locked for more than \(JSONValue.format(seconds)) seconds. Wait for it to finish (is another voicelog running?) and try again."
        case .full(let path):
            "The database '\(path)' could not be written: the disk is full, or the file reached a size limit. Nothing of that utterance was stored; free some space and try again."
        case .cannotCreateFolder(let folder, let reason):
            "Cannot create the folder '\(folder)' for the database: \(reason). Create it yourself or give another path with --db or VOICELOG_DB."
        case .noLocation:
            "There is nowhere to keep the database: neither HOME nor XDG_DATA_HOME is set. Give a path with --db or VOICELOG_DB."
        case .emptyLocation(let setting):
            "\(setting) is empty. Give the database file's path, or leave \(setting) out to use the default ($XDG_DATA_HOME/voicelog/voicelog.sqlite, else ~/.local/share/voicelog/voicelog.sqlite)."
        case .unsupportedLocation(let value, let setting):
            "'\(value)' (\(setting)) is a URL VoiceLog does not understand: give a file path, such as ~/voicelog.sqlite, or a PostgreSQL URL, postgres://USER@HOST:PORT/DATABASE."
        case .infeasible(let kind, let problems):
            "Not stored: the \(kind.split(separator: "_").joined(separator: " ")) entry breaks a rule. "
                + problems.map(\.message).joined(separator: " ")
        case .nothingToStore(let text):
            "Not stored: no entry was understood in '\(text)'."
        case .noSuchEntry(let id):
            "There is no entry \(id). List the entries with 'voicelog list' to see their ids."
        case .noSuchUtterance(let id):
            "There is no utterance \(id). List the entries with 'voicelog list' to see their utterances."
        case .badAccountName(let name):
            "'\(name)' cannot name an account: use 1 to 64 letters, digits, '.', '_' or '-'."
        case .entryUndone(let id):
            "Entry \(id) was undone, so it cannot be edited. Log it again instead."
        case .entryDeleted(let id):
            "Entry \(id) was deleted, so it cannot be changed. Log it again instead."
        case .editNotUnderstood(let message):
            message
        case .damagedRow(let what):
            "The database holds a row VoiceLog cannot read: \(what). Was it written by another program?"
        case .unreachable(let location, let reason):
            "The database \(location) cannot be reached: \(reason). Is the server running, and do the host, port, user and database name in the URL match it?"
        case .sqliteOnly(let url):
            "This command works on an SQLite file, not on \(url): PostgreSQL is used by serve, batch, list, export, undo and token. Give a file with --db."
        case .badURL(let url, let reason):
            "'\(url)' is not a PostgreSQL URL VoiceLog can use: \(reason). Write it as postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE."
        case .database(let path, let message):
            "The database '\(path)' failed: \(message)."
        }
    }
}
