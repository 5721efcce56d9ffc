import Foundation
import GRDB
import Testing
import VoiceLogCore
import VoiceLogStorage

/// Files the store cannot use give errors that say what to do.
@Suite("Errors for unusable files", .serialized)
struct FileErrorTests {
    @Test("A file that is not SQLite")
    func notSQLite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("notes.sqlite")
        try String(repeating: "glucose 6.2 after dinner\n", count: 100).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StorageError.notADatabase(path: path)) { try folder.database("notes.sqlite") }
        #expect(StorageError.notADatabase(path: path).description.contains("not an SQLite file"))
        // The file is left as it was.
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("glucose 6.2"))
    }

    @Test("A damaged file")
    func corrupt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let database = try folder.database()
            for _ in 0..<50 { try database.commit(utterance("glucose 6.2 and took 4 units of insulin")) }
        }
        let path = folder.file("voicelog.sqlite")
        // Keep the header page, overwrite every page after it.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xAB, count: Int(size) - 4096))
        try handle.close()
        #expect(throws: StorageError.corrupt(path: path)) {
            let database = try folder.database()
            _ = try database.entries()
        }
    }

    @Test("A read-only file")
    func readOnlyFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.database().commit(utterance("weight 70 kg"))
        let path = folder.file("voicelog.sqlite")
        try setReadOnly(path, true)
        defer { try? setReadOnly(path, false) }
        #expect(throws: StorageError.readOnlyFile(path: path)) {
            try folder.database().commit(utterance("weight 71 kg"))
        }
        #expect(StorageError.readOnlyFile(path: path).description.contains("chmod u+w"))
    }

    @Test("A read-only folder, with a database and without")
    func readOnlyFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.database().commit(utterance("weight 70 kg"))
        try setReadOnly(folder.path, true)
        defer { try? setReadOnly(folder.path, false) }
        #expect(throws: StorageError.readOnlyFolder(folder: folder.path, path: folder.file("voicelog.sqlite"))) {
            try folder.database().commit(utterance("weight 71 kg"))
        }
        #expect(throws: StorageError.readOnlyFolder(folder: folder.path, path: folder.file("new.sqlite"))) {
            try folder.database("new.sqlite")
        }
        #expect(throws: StorageError.cannotCreateFolder(folder: folder.file("sub"), reason: "the folder '\(folder.path)' is read-only")) {
            try folder.database("sub/new.sqlite")
        }
    }

    @Test("A database another program keeps locked past the busy timeout")
    func locked() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database(busyTimeout: 0.3)
        try database.commit(utterance("weight 70 kg"))
        let other = try DatabaseQueue(path: folder.file("voicelog.sqlite"))
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            let start = Date()
            #expect(throws: StorageError.locked(path: folder.file("voicelog.sqlite"), seconds: 0.3)) {
                try database.commit(utterance("weight 71 kg"))
            }
            #expect(Date().timeIntervalSince(start) >= 0.25)
            // Readers are not blocked by a writer.
            #expect(try database.entries().count == 1)
        }
        try database.commit(utterance("weight 71 kg"))
        #expect(try database.entries().count == 2)
    }
}
