import Foundation
import GRDB
import Testing
import VoiceLogCore
import VoiceLogStorage

#if canImport(Glibc)
import Glibc
#endif

/// The built `voicelog batch` against one file: killed at random moments, and several at once.
@Suite("Crash safety and concurrent writers", .serialized)
struct ProcessTests {
    /// Lines of two entries each: a glucose reading and an insulin dose.
    static func transcript(lines: Int, tag: String = "") -> String {
        (0..<lines).map { "glucose 6.\($0 % 10) and took \($0 % 9 + 1) units of insulin\(tag)\n" }.joined()
    }

    /// Starts `voicelog batch` on a transcript, its output going to a file.
    static func startBatch(transcript: String, database: String, output: String) throws -> Process {
        let binary = try #require(voicelogBinary(), "Build the voicelog binary first (swift build).")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["batch", "--format", "jsonl", "--now", testNow.description, "--db", database, transcript]
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        return process
    }

    /// The ids the batch reported as stored, from the whole lines of its output.
    static func storedIDs(in output: String) throws -> [Int64] {
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            guard let json = try? JSONParser.parse(String(line)), json["stored"] == .bool(true),
                  let id = json["utterance_id"]?.numberValue else { return nil }
            return Int64(id)
        }
    }

    /// Waits until `path` holds something, or `seconds` pass.
    static func waitForOutput(_ path: String, upTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 { return }
            usleep(5_000)
        }
    }

    /// Checks the file as a whole: SQLite's integrity check, and every utterance complete.
    static func checkWhole(_ path: String, entriesPerUtterance: Int) throws -> Int {
        _ = try AppDatabase.open(path: path, checker: testChecker)  // recovers the WAL if needed
        let queue = try DatabaseQueue(path: path)
        let (integrity, foreignKeyProblems, incomplete, utterances) = try queue.read { db in
            (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
             try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
             try Int.fetchOne(db, sql: """
                SELECT count(*) FROM utterance
                WHERE (SELECT count(*) FROM entry WHERE entry.utterance_id = utterance.id) <> ?
                   OR (SELECT count(*) FROM entry_revision JOIN entry ON entry.id = entry_revision.entry_id
                       WHERE entry.utterance_id = utterance.id) <> ?
                """, arguments: [entriesPerUtterance, entriesPerUtterance]),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM utterance") ?? 0)
        }
        #expect(integrity == ["ok"])
        #expect(foreignKeyProblems == 0)
        #expect(incomplete == 0)
        return utterances
    }

    @Test("SIGKILL at random moments never leaves a damaged file or a half-stored utterance")
    func killedBatch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let transcript = folder.file("transcript.txt")
        try Self.transcript(lines: 5000).write(toFile: transcript, atomically: true, encoding: .utf8)
        let database = folder.file("voicelog.sqlite")
        var reported: [Int64] = []
        var killed = 0
        for run in 0..<30 {
            let output = folder.file("run-\(run).jsonl")
            let process = try Self.startBatch(transcript: transcript, database: database, output: output)
            // a random moment once writing has begun, so that a slow start on a busy machine
            // does not leave every run killed before its first commit
            Self.waitForOutput(output, upTo: 10)
            usleep(useconds_t.random(in: 0...200_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }
            reported += try Self.storedIDs(in: output)
        }
        #expect(killed >= 25)
        let utterances = try Self.checkWhole(database, entriesPerUtterance: 2)
        #expect(utterances > 0)
        // Whatever a run reported as stored is there.
        let store = try AppDatabase.open(path: database, checker: testChecker)
        for id in Set(reported) {
            #expect(try store.utterance(id: id)?.entries.count == 2)
        }
    }

    @Test("Connections opening one new file at the same moment all open it")
    func simultaneousOpensOfANewFile() throws {
        // The first open switches the file to WAL mode; SQLite refuses the others' switch at
        // once rather than after the busy timeout, which once failed one writer in a few runs.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let failures = LockedCount()
        for round in 0..<20 {
            let database = folder.file("new-\(round).sqlite")
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do { _ = try AppDatabase.open(path: database, checker: testChecker) } catch { failures.add() }
            }
        }
        #expect(failures.value == 0)
    }

    @Test("Several processes committing at once to one new file lose no entry")
    func concurrentWriters() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("shared.sqlite")
        let writers = 4, lines = 100
        var processes: [(Process, String)] = []
        for writer in 0..<writers {
            let transcript = folder.file("transcript-\(writer).txt")
            try Self.transcript(lines: lines).write(toFile: transcript, atomically: true, encoding: .utf8)
            let output = folder.file("out-\(writer).jsonl")
            processes.append((try Self.startBatch(transcript: transcript, database: database, output: output), output))
        }
        var reported: [Int64] = []
        for (process, output) in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            reported += try Self.storedIDs(in: output)
        }
        #expect(reported.count == writers * lines)
        #expect(Set(reported).count == writers * lines)
        #expect(try Self.checkWhole(database, entriesPerUtterance: 2) == writers * lines)
        let store = try AppDatabase.open(path: database, checker: testChecker)
        #expect(try store.entries().count == writers * lines * 2)
    }
}

/// A counter that concurrent threads add to.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
