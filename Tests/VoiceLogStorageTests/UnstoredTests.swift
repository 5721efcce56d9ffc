import Foundation
import GRDB
import Testing
import VoiceLogCore
import VoiceLogStorage

#if canImport(Glibc)
import Glibc
#endif

/// `voicelog batch` when the database refuses some writes: what was stored stays, whole
/// utterances only; the command fails and says how many lines were not stored and how to
/// store them from the file it wrote them to.
@Suite("Results that could not be stored", .serialized)
struct UnstoredTests {
    /// The file the error message names, and the retry command's arguments after `voicelog`.
    static func retry(in message: String) throws -> (file: String, arguments: [String]) {
        let file = try #require(message.firstMatch(of: /(?:is|are) in '([^']+)'/)?.1, "\(message)")
        let command = try #require(message.firstMatch(of: /store (?:it|them) with: voicelog ([^\n]+)/)?.1, "\(message)")
        return (String(file), command.split(separator: " ").map(String.init))
    }

    /// Runs the built `voicelog` to its end; standard output and error go to files in `folder`.
    static func voicelog(_ arguments: [String], in folder: TemporaryFolder, through shell: String? = nil) throws -> (status: Int32, output: String, error: String) {
        let binary = try #require(voicelogBinary(), "Build the voicelog binary first (swift build).")
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell + "; exec \"$0\" \"$@\"", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        let (output, error) = (folder.file("stdout-\(UUID().uuidString)"), folder.file("stderr-\(UUID().uuidString)"))
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: error, contents: nil)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: error)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: output, encoding: .utf8),
                try String(contentsOfFile: error, encoding: .utf8))
    }

    static func texts(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT text FROM utterance ORDER BY id") }
    }

    /// Waits up to 20 s for `condition`.
    static func wait(until condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        while try !condition() {
            guard Date() < deadline else { Issue.record("timed out waiting"); return }
            usleep(20_000)
        }
    }

    @Test("A database locked by another process mid-batch: the line it refused is kept to retry")
    func lockedMidBatch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("voicelog.sqlite")
        try folder.database().commit(utterance("weight 69 kg"))

        let batch = Process()
        batch.executableURL = URL(fileURLWithPath: try #require(voicelogBinary(), "Build the voicelog binary first (swift build)."))
        batch.arguments = ["batch", "--db", database, "--now", testNow.description, "-"]
        let input = Pipe()
        _ = FileManager.default.createFile(atPath: folder.file("err"), contents: nil)
        batch.standardInput = input
        batch.standardOutput = FileHandle.nullDevice
        batch.standardError = FileHandle(forWritingAtPath: folder.file("err"))
        try batch.run()
        input.fileHandleForWriting.write(Data("glucose 6.2\n".utf8))
        try Self.wait { try Self.texts(database).count == 2 }

        // Another program takes the write lock and keeps it past the busy timeout (5 s).
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locker.arguments = ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            sys.stdin.read()
            db.execute("COMMIT")
            """, database]
        let (lockerInput, lockerOutput) = (Pipe(), Pipe())
        locker.standardInput = lockerInput
        locker.standardOutput = lockerOutput
        try locker.run()
        #expect(String(decoding: lockerOutput.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("locked"))
        input.fileHandleForWriting.write(Data("weight 70 kg\n".utf8))
        Thread.sleep(forTimeInterval: AppDatabase.defaultBusyTimeout + 1.5)
        try lockerInput.fileHandleForWriting.close()
        locker.waitUntilExit()

        input.fileHandleForWriting.write(Data("fed 120 ml formula\n".utf8))
        try input.fileHandleForWriting.close()
        batch.waitUntilExit()
        let message = try String(contentsOfFile: folder.file("err"), encoding: .utf8)
        #expect(batch.terminationStatus == 1)
        #expect(message.contains("1 result was not stored in '\(database)': The database '\(database)' is busy"), "\(message)")
        #expect(try Self.texts(database) == ["weight 69 kg", "glucose 6.2", "fed 120 ml formula"])

        let retry = try Self.retry(in: message)
        #expect(try String(contentsOfFile: retry.file, encoding: .utf8) == "weight 70 kg\n")
        #expect(retry.arguments == ["batch", "--db", database, "--now", testNow.description, retry.file])
        #expect(try Self.voicelog(retry.arguments, in: folder).status == 0)
        #expect(try Self.texts(database).last == "weight 70 kg")
    }

    /// Runs `voicelog COMMAND ARGUMENTS --db DB --now … day.txt` on a transcript of 300 lines
    /// of two entries each, with a file-size limit of 300 KiB: SQLite's WAL file outgrows it
    /// after a few commits and, with SIGXFSZ ignored, writes fail with EFBIG as on a full disk.
    static func fillingTheDisk(_ command: [String], in folder: TemporaryFolder) throws -> (status: Int32, output: String, error: String) {
        let transcript = folder.file("day.txt")
        try ProcessTests.transcript(lines: 300).write(toFile: transcript, atomically: true, encoding: .utf8)
        return try voicelog(command + ["--db", folder.file("voicelog.sqlite"), "--now", testNow.description, transcript],
                            in: folder, through: "ulimit -f 300; trap '' XFSZ")
    }

    @Test("A disk full part-way (a file-size limit): whole utterances stored, the rest kept to retry")
    func diskFullPartWay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("voicelog.sqlite")
        let run = try Self.fillingTheDisk(["batch", "--format", "jsonl"], in: folder)
        #expect(run.status == 1)
        let stored = run.output.split(separator: "\n").filter { $0.contains("\"stored\": true") }.count
        let notStored = 300 - stored
        #expect(stored > 0 && notStored > 0)
        #expect(run.error.contains("\(notStored) results were not stored in '\(database)': The database '\(database)' could not be written: the disk is full, or the file reached a size limit."), "\(run.error)")
        #expect(try ProcessTests.checkWhole(database, entriesPerUtterance: 2) == stored)

        let retry = try Self.retry(in: run.error)
        #expect(try String(contentsOfFile: retry.file, encoding: .utf8).split(separator: "\n").count == notStored)
        #expect(try Self.voicelog(retry.arguments, in: folder).status == 0)
        #expect(try ProcessTests.checkWhole(database, entriesPerUtterance: 2) == 300)
    }

    @Test("review with no one to ask, the disk full part-way: the lines not stored are kept to review again")
    func reviewOnAFullDisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("voicelog.sqlite")
        let run = try Self.fillingTheDisk(["review", "--yes"], in: folder)
        #expect(run.status == 1)
        let notStored = 300 - (try ProcessTests.checkWhole(database, entriesPerUtterance: 2))
        #expect(notStored > 0 && notStored < 300)
        #expect(run.output.contains("\(notStored) not stored after an error"), "\(run.output.suffix(300))")
        #expect(run.error.hasPrefix("Error: \(notStored) results were not stored in '\(database)': The database '\(database)' could not be written"), "\(run.error)")
        let retry = try Self.retry(in: run.error)
        #expect(try String(contentsOfFile: retry.file, encoding: .utf8).split(separator: "\n").count == notStored)
        #expect(retry.arguments == ["review", "--db", database, "--now", testNow.description, retry.file])
    }
}
