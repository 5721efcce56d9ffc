import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the database file lives: `--db PATH`, else `VOICELOG_DB`, else
/// `$XDG_DATA_HOME/voicelog/voicelog.sqlite`, else `~/.local/share/voicelog/voicelog.sqlite`.
/// The database is private: folders VoiceLog creates are 0700, the file 0600 (SQLite gives
/// its -wal, -shm and -journal files the file's permissions).
public enum DatabaseLocation {
    public static let environmentVariable = "VOICELOG_DB"
    public static let fileName = "voicelog.sqlite"

    /// The database path for an optional `--db` value and the given environment.
    ///
    /// - Throws: ``StorageError/emptyLocation(setting:)`` or ``StorageError/unsupportedLocation(_:setting:)``
    ///   for a given value that is not a file path, ``StorageError/noLocation`` when nothing
    ///   says where the database is.
    public static func path(explicit: String?,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let given = try givenPath(explicit: explicit, environment: environment) { return given }
        // XDG: a relative XDG_DATA_HOME is invalid and ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return "\(data)/voicelog/\(fileName)"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return "\(home)/.local/share/voicelog/\(fileName)"
        }
        throw StorageError.noLocation
    }

    /// The SQLite file `--db` or `VOICELOG_DB` gives, checked; nil when neither is set.
    ///
    /// - Throws: ``StorageError/sqliteOnly(_:)`` for a PostgreSQL URL: this command keeps its
    ///   data in a file.
    public static func givenPath(explicit: String?,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        switch try given(explicit: explicit, environment: environment) {
        case nil: return nil
        case .file(let path)?: return path
        case .postgres(let url)?: throw StorageError.sqliteOnly(url.redacted)
        }
    }

    /// The store `--db` or `VOICELOG_DB` names, checked: an SQLite file or a PostgreSQL
    /// database; nil when neither is set.
    public static func given(explicit: String?,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreLocation? {
        let given = explicit.map { ($0, "--db") } ?? environment[environmentVariable].map { ($0, environmentVariable) }
        guard let (value, setting) = given else { return nil }
        if value.isEmpty { throw StorageError.emptyLocation(setting: setting) }
        if value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") {
            return .postgres(try PostgresURL(value))
        }
        if value.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.\-]*:\/\//) != nil {
            throw StorageError.unsupportedLocation(value, setting: setting)
        }
        return .file(value)
    }

    /// The store for `--db` and the environment: the default file when neither names one.
    public static func location(explicit: String?,
                                environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreLocation {
        if let given = try given(explicit: explicit, environment: environment) { return given }
        return .file(try path(explicit: nil, environment: environment))
    }

    /// Creates the folders above `path` that do not exist yet, each readable by the user alone.
    public static func createFolder(for path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 {
                chmod(prefix, 0o700)  // whatever the umask
                continue
            }
            if errno == EEXIST { continue }
            let reason = String(cString: strerror(errno))
            if errno == EACCES || errno == EROFS || errno == EPERM {
                let parent = (prefix as NSString).deletingLastPathComponent
                throw StorageError.cannotCreateFolder(folder: folder, reason: "the folder '\(parent)' is read-only")
            }
            throw StorageError.cannotCreateFolder(folder: folder, reason: reason)
        }
    }

    /// Creates an empty database file readable by the user alone, unless one exists. SQLite
    /// takes an empty file as a new database, and gives its companions the file's permissions.
    /// A failure is left for SQLite to report when it opens the file.
    static func createPrivateFile(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, 0o600)  // whatever the umask
        close(descriptor)
    }

    /// A warning when the existing database file at `path` can be read or written by other
    /// users; nil when it is private or does not exist.
    public static func permissionWarning(path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & 0o077 != 0 else { return nil }
        let mode = String(status.st_mode & 0o777, radix: 8)
        return "Warning: other users of this computer can open the database '\(path)' (permissions 0\(mode)). Make it private with: chmod 600 '\(path)'"
    }
}
