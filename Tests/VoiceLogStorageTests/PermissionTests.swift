import Foundation
import Testing
import VoiceLogCore
import VoiceLogStorage

#if canImport(Glibc)
import Glibc
#endif

/// Health entries are private: what VoiceLog creates is readable by the user alone.
@Suite("Permissions of the files VoiceLog creates", .serialized)
struct PermissionTests {
    /// The permission bits of `path`, as stat reads them back.
    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    @Test("New folders are 0700, the database and its -wal and -shm files 0600, whatever the umask")
    func newDatabaseIsPrivate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let previous = umask(0o002)
        defer { umask(previous) }
        let database = try folder.database("a/b/voicelog.sqlite")
        try database.commit(utterance("glucose 6.2"))
        #expect(Self.mode(folder.file("a")) == 0o700)
        #expect(Self.mode(folder.file("a/b")) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            #expect(Self.mode(folder.file("a/b/voicelog.sqlite" + suffix)) == 0o600, "voicelog.sqlite\(suffix)")
        }
        #expect(DatabaseLocation.permissionWarning(path: folder.file("a/b/voicelog.sqlite")) == nil)
    }

    @Test("An existing database other users can open gets a warning that says how to fix it")
    func looseDatabaseIsWarnedAbout() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("voicelog.sqlite")
        _ = try folder.database()
        chmod(path, 0o644)
        #expect(DatabaseLocation.permissionWarning(path: path)
                == "Warning: other users of this computer can open the database '\(path)' (permissions 0644). Make it private with: chmod 600 '\(path)'")
        chmod(path, 0o600)
        #expect(DatabaseLocation.permissionWarning(path: path) == nil)
        #expect(DatabaseLocation.permissionWarning(path: folder.file("missing.sqlite")) == nil)
    }
}
