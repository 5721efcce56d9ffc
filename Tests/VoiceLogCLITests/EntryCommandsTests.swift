import Foundation
import Testing
import VoiceLogGrammars

/// `list`, `edit` and `delete` on stored entries, as programs on a real database.
@Suite struct EntryCommandsTests {
    /// The bundled grammar's kinds, as the message lists them: "activity, appointment, …".
    static let kinds = BundledGrammar.grammar.kinds.map(\.name).sorted().joined(separator: ", ")

    @Test func anUnknownKindIsAUsageErrorListingTheKinds() throws {
        let (folder, path) = try ExportCommandTests.database(["glucose 6.2"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Voicelog.run(["list", "--db", path, "--kind", "glucoes"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(Self.kinds.hasPrefix("activity, appointment, blood_pressure,"))
        #expect(run.errorText.hasPrefix("Error: '--kind glucoes' is not a kind of entry. The kinds are: \(Self.kinds).\nUsage: voicelog list"), "\(run.errorText)")
        // A known kind with nothing stored is an empty listing, not an error.
        let none = try Voicelog.run(["list", "--db", path, "--kind", "weight"])
        #expect(none.status == 0 && none.output == "No entries stored.\n")
    }

    @Test func editCorrectsAStoredEntryAsANewRevision() throws {
        let (folder, path) = try ExportCommandTests.database(["glucose 6.2 after dinner", "blood pressure 120 over 80"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = ["--now", "2026-11-21T10:00:00"]
        let edited = try Voicelog.run(["edit", "--db", path] + now + ["1", "value", "6.8"])
        #expect(edited.status == 0, "\(edited.errorText)")
        #expect(edited.output == "Entry 1 edited (revision 2): Glucose 6.8 mmol/L, after dinner, today 10:00\n")
        #expect(try Voicelog.run(["edit", "--db", path] + now + ["1", "value 6.8"]).output
                == "Entry 1 unchanged: Glucose 6.8 mmol/L, after dinner, today 10:00\n")
        #expect(try Voicelog.run(["edit", "--db", path] + now + ["2", "blood pressure 130 over 85"]).status == 0)
        #expect(try Voicelog.run(["list", "--db", path, "--format", "jsonl"]).output == """
            {"id": 1, "kind": "glucose", "time": "2026-11-21T10:00:00", "value": 6.8, "tag": "after dinner", "unit": "mmol/L"}
            {"id": 2, "kind": "blood_pressure", "time": "2026-11-21T10:00:00", "systolic": 130, "diastolic": 85}

            """)
    }

    @Test(arguments: [
        (["edit", "7", "value", "6.8"], "Error: There is no entry 7. List the entries with 'voicelog list' to see their ids.\n"),
        (["delete", "7"], "Error: There is no entry 7. List the entries with 'voicelog list' to see their ids.\n"),
        (["edit", "1", "umbrella"], "Error: 'umbrella' is neither a field of this glucose nor an entry. Type a field and its new value, such as 'value 6.2' or 'tag after dinner', or the whole entry again.\n"),
        (["edit", "1", "value", "75", "mmol/L"], "Error: Not stored: the glucose entry breaks a rule."),
    ])
    func aChangeThatCannotBeMadeFails(arguments: [String], message: String) throws {
        let (folder, path) = try ExportCommandTests.database(["glucose 6.2"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Voicelog.run(arguments + ["--db", path])
        #expect(run.status == 1)
        #expect(run.errorText.hasPrefix(message), "\(run.errorText)")
        #expect(try Voicelog.run(["list", "--db", path, "--format", "csv"]).output.split(separator: "\n").last?.hasPrefix("1,glucose,2026-11-21T10:00:00,6.2,") == true)
    }

    @Test func deleteHidesAnEntryAndKeepsIt() throws {
        let (folder, path) = try ExportCommandTests.database(["glucose 6.2 and took 4 units of insulin"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let deleted = try Voicelog.run(["delete", "--db", path, "1"])
        #expect(deleted.status == 0, "\(deleted.errorText)")
        #expect(deleted.output.hasPrefix("Deleted entry 1 (kept as revision 2): Glucose 6.2 mmol/L, "))
        #expect(try Voicelog.run(["list", "--db", path, "--format", "jsonl"]).output.hasPrefix(#"{"id": 2, "kind": "medication""#))
        #expect(try Voicelog.run(["export", "--db", path]).output.split(separator: "\n").count == 2)
        let again = try Voicelog.run(["delete", "--db", path, "1"])
        #expect(again.status == 1 && again.errorText == "Error: Entry 1 was deleted, so it cannot be changed. Log it again instead.\n")
        #expect(try Voicelog.run(["edit", "--db", path, "1", "value", "7"]).status == 1)
    }
}
