import Foundation
import Testing

/// `--db` and `VOICELOG_DB` as the commands take them: a value that is not a file path is a
/// usage error, nothing is created by accident, and a database others can open is warned about.
@Suite struct DatabaseOptionTests {
    @Test(arguments: [
        (["list", "--db", ""], [:], "Error: --db is empty."),
        (["export"], ["VOICELOG_DB": ""], "Error: VOICELOG_DB is empty."),
        (["batch", "--db", "postgres://me@localhost/voicelog", "-"], [:],
         "Error: 'postgres://me@localhost/voicelog' (--db) is a URL, but VoiceLog understands only a file path there, such as ~/voicelog.sqlite: no URL schemes yet, and PostgreSQL is not supported yet."),
        (["undo"], ["VOICELOG_DB": "postgresql://h/db"], "Error: 'postgresql://h/db' (VOICELOG_DB) is a URL"),
    ] as [([String], [String: String], String)])
    func notAFilePathIsAUsageError(arguments: [String], environment: [String: String], message: String) throws {
        let folder = try Voicelog.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Voicelog.run(arguments, input: "glucose 6.2\n", environment: environment, directory: folder)
        #expect(run.status == 64, "a usage error")
        #expect(run.errorText.hasPrefix(message), "\(run.errorText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing created in the current folder")
    }

    @Test func aDatabaseOthersCanOpenIsWarnedAbout() throws {
        let folder = try Voicelog.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/voicelog.sqlite"
        #expect(try Voicelog.run(["batch", "--db", path, "-"], input: "glucose 6.2\n").errorText == "")
        #expect(try Voicelog.run(["list", "--db", path]).errorText == "", "a database VoiceLog made is private")
        chmod(path, 0o640)
        let run = try Voicelog.run(["list", "--db", path])
        #expect(run.status == 0)
        #expect(run.errorText == "Warning: other users of this computer can open the database '\(path)' (permissions 0640). Make it private with: chmod 600 '\(path)'\n")
    }
}
