import Foundation
import Testing

/// `voicelog export` and `list` as programs, on a database filled by `voicelog batch`.
@Suite struct ExportCommandTests {
    /// A database in a fresh folder holding what `lines` say; the caller removes the folder.
    static func database(_ lines: [String]) throws -> (folder: String, path: String) {
        let folder = try Voicelog.folder()
        let path = folder + "/voicelog.sqlite"
        let run = try Voicelog.run(["batch", "--db", path, "--now", "2026-11-21T10:00:00", "-"],
                                   input: lines.map { $0 + "\n" }.joined())
        #expect(run.status == 0, "\(run.errorText)")
        return (folder, path)
    }

    @Test func exportToAFullDiskFails() throws {
        let (folder, path) = try Self.database(["glucose 6.2 after dinner", "blood pressure 120 over 80"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for format in ["csv", "jsonl"] {
            let run = try Voicelog.run(["export", "--db", path, "--format", format], output: "/dev/full")
            #expect(run.status == 1)
            #expect(run.errorText == "Error: Cannot write the output: No space left on device. What was written is incomplete: make room, or send the output elsewhere, and run the command again.\n")
        }
        #expect(try Voicelog.run(["list", "--db", path], output: "/dev/full").status == 1)
    }
}
