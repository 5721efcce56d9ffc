import Foundation
import Testing

/// `--db` and `VOICELOG_DB` as the commands take them: a value that is not a file path is a
/// usage error, nothing is created by accident, and a database others can open is warned about.
@Suite struct DatabaseOptionTests {
    @Test(arguments: [
        (["list", "--db", ""], [:], "Error: --db is empty."),
        (["export"], ["VOICELOG_DB": ""], "Error: VOICELOG_DB is empty."),
        (["batch", "--db", "sqlite://me@localhost/voicelog", "-"], [:],
         "Error: 'sqlite://me@localhost/voicelog' (--db) is a URL VoiceLog does not understand: give a file path, such as ~/voicelog.sqlite, or a PostgreSQL URL, postgres://USER@HOST:PORT/DATABASE."),
        (["undo"], ["VOICELOG_DB": "postgresql://h/db"], "Error: 'postgresql://h/db' is not a PostgreSQL URL VoiceLog can use: it names no user."),
        (["list", "--db", "postgres://me@h/"], [:], "Error: 'postgres://me@h/' is not a PostgreSQL URL VoiceLog can use: it names no database"),
    ] as [([String], [String: String], String)])
    func notAFilePathIsAUsageError(arguments: [String], environment: [String: String], message: String) throws {
        let folder = try Voicelog.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Voicelog.run(arguments, input: "glucose 6.2\n", environment: environment, directory: folder)
        #expect(run.status == 64, "a usage error")
        #expect(run.errorText.hasPrefix(message), "\(run.errorText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing created in the current folder")
    }

    @Test(arguments: [["review", "-"], ["edit", "1", "value", "7"], ["delete", "1"], ["import", "-"]])
    func commandsOfOnePersonsTerminalSayTheyTakeAFile(arguments: [String]) throws {
        let run = try Voicelog.run(arguments + ["--db", "postgres://me:secret@127.0.0.1:1/log"], input: "")
        #expect(run.status == 1)
        #expect(run.errorText == "Error: This command works on an SQLite file, not on postgres://me@127.0.0.1:1/log: PostgreSQL is used by serve, batch, list, export, undo and token. Give a file with --db.\n")
    }

    @Test func aPostgresServerThatIsNotThereIsOneClearError() throws {
        let run = try Voicelog.run(["list", "--db", "postgres://me:secret@127.0.0.1:1/log"])
        #expect(run.status == 1)
        #expect(run.errorText.hasPrefix("Error: The database postgres://me@127.0.0.1:1/log cannot be reached: "), "\(run.errorText)")
        #expect(!run.errorText.contains("secret"))
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
