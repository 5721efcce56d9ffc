import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `voicelog batch` run as a program on awkward files: one result line per input line and
/// exit status 0, or a clear error and a non-zero exit when the file can't be read.
@Suite struct BatchCommandTests {
    /// What a finished run wrote and returned.
    struct Run {
        var status: Int32
        var lines: [String]
        var errorText: String
    }

    /// Runs `voicelog batch --dry-run --format jsonl` on `path`.
    static func batch(_ path: String) throws -> Run {
        try run(["batch", "--dry-run", "--format", "jsonl", "--now", "2026-11-21T10:00:00", path])
    }

    /// Runs `voicelog` with `arguments`, its output split into lines.
    static func run(_ arguments: [String]) throws -> Run {
        let run = try Voicelog.run(arguments)
        var lines = run.output.components(separatedBy: "\n")
        let endsWithNewline = lines.removeLast().isEmpty
        #expect(endsWithNewline, "the output ends with a newline")
        return Run(status: run.status, lines: lines, errorText: run.errorText)
    }

    /// Writes `bytes` to a fresh temporary file; the caller removes it.
    static func file(_ bytes: [UInt8]) -> String {
        let path = FileManager.default.temporaryDirectory.path + "/voicelog-cli-" + UUID().uuidString + ".txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    @Test func awkwardLinesGiveOneResultEach() throws {
        let megabyteLine = Array(String(repeating: "glucose 6.2 ", count: 87_382).utf8)  // 1 MB
        let input: [[UInt8]] = [
            Array("glucose 6.2\n".utf8),
            Array("\n".utf8),
            megabyteLine + [10],
            Array("glucose 6.2 ".utf8) + [0xFF, 0xFE, 0xC3, 10],
            Array("blood pressure 120 over 80".utf8) + [0, 0, 10],
            Array("fed 120 ml formula\r\n".utf8),
            Array("\r\n".utf8),
            [0, 10],
            Array("mild headache".utf8),  // no final newline
        ]
        let path = Self.file(input.flatMap { $0 })
        defer { unlink(path) }
        let run = try Self.batch(path)
        #expect(run.status == 0, "\(run.errorText)")
        try #require(run.lines.count == input.count)
        let results = run.lines.map(Self.object)
        #expect(results.allSatisfy { $0 != nil }, "every line is a JSON object")
        let statuses = results.map { $0?["status"] as? String ?? "?" }
        // bytes that are not UTF-8, and control characters, are not read as an entry
        #expect(statuses == ["ok", "unrecognized", "unrecognized", "unrecognized", "unrecognized", "ok", "unrecognized", "unrecognized", "ok"])
        #expect((results[3]?["input"] as? String) == "glucose 6.2 \u{FFFD}\u{FFFD}\u{FFFD}")
        #expect((results[4]?["input"] as? String) == "blood pressure 120 over 80\u{0}\u{0}")
        #expect((results[5]?["input"] as? String) == "fed 120 ml formula")
        #expect((results[8]?["input"] as? String) == "mild headache")
    }

    @Test func convertedAmountsAreShownToOneDecimalAndStoredWhole() throws {
        let shown = try Self.run(["parse", "--now", "2026-11-21T10:00:00", "fed 3 oz formula"])
        #expect(shown.status == 0)
        #expect(shown.lines.contains { $0.contains("Feeding formula, 88.7 ml, 3 oz") }, "\(shown.lines)")
        let file = Self.file(Array("fed 3 oz formula\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let json = try Self.batch(file)
        let entries = try #require(Self.object(json.lines[0])?["entries"] as? [[String: Any]])
        #expect(entries.first?["volume_ml"] as? Double == 88.7205)
    }

    @Test func anEmptyFileGivesNoLines() throws {
        let path = Self.file([])
        defer { unlink(path) }
        let run = try Self.batch(path)
        #expect(run.status == 0 && run.lines.isEmpty)
    }

    @Test func aMissingFileIsAClearError() throws {
        let run = try Self.batch("/nonexistent/voicelog/day.txt")
        #expect(run.status != 0)
        #expect(run.lines.isEmpty)
        #expect(run.errorText.contains("Cannot read '/nonexistent/voicelog/day.txt': No such file or directory."), "\(run.errorText)")
    }

    @Test func aFolderIsAClearError() throws {
        let run = try Self.batch(FileManager.default.temporaryDirectory.path)
        #expect(run.status != 0)
        #expect(run.errorText.contains("is a folder"), "\(run.errorText)")
    }

    /// A file that opens but whose reading fails: `/proc/self/mem` at offset 0 gives EIO,
    /// even to root, who reads through permission bits.
    @Test func aReadErrorIsAClearError() throws {
        let run = try Self.batch("/proc/self/mem")
        #expect(run.status != 0)
        #expect(run.lines.isEmpty)
        #expect(run.errorText.contains("Cannot read '/proc/self/mem': Input/output error."), "\(run.errorText)")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads a file whatever its permissions"))
    func aFileWithoutReadPermissionIsAClearError() throws {
        let path = Self.file(Array("glucose 6.2\n".utf8))
        defer { unlink(path) }
        chmod(path, 0)
        let run = try Self.batch(path)
        #expect(run.status != 0)
        #expect(run.errorText.contains("Permission denied"), "\(run.errorText)")
    }
}
