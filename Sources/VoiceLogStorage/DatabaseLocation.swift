import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the database file lives: `--db PATH`, else `VOICELOG_DB`, else
/// `$XDG_DATA_HOME/voicelog/voicelog.sqlite`, else `~/.local/share/voicelog/voicelog.sqlite`.
public enum DatabaseLocation {
    public static let environmentVariable = "VOICELOG_DB"
    public static let fileName = "voicelog.sqlite"

    /// The database path for an optional `--db` value and the given environment.
    public static func path(explicit: String?,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment[environmentVariable], !path.isEmpty { return path }
        // XDG: a relative XDG_DATA_HOME is invalid and ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return "\(data)/voicelog/\(fileName)"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return "\(home)/.local/share/voicelog/\(fileName)"
        }
        throw StorageError.noLocation
    }

    /// Creates the folders above `path` that do not exist yet.
    public static func createFolder(for path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 || errno == EEXIST { continue }
            let reason = String(cString: strerror(errno))
            if errno == EACCES || errno == EROFS || errno == EPERM {
                let parent = (prefix as NSString).deletingLastPathComponent
                throw StorageError.cannotCreateFolder(folder: folder, reason: "the folder '\(parent)' is read-only")
            }
            throw StorageError.cannotCreateFolder(folder: folder, reason: reason)
        }
    }
}
