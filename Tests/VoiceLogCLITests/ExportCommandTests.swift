import Foundation
import Testing
import VoiceLogPipeline
@testable import VoiceLogCLI

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

    static let header = "id,kind,time,value,unit,systolic,diastolic,pulse,bpm,percent,name,amount_value,amount_unit,insulin,method,volume_ml,side,duration_min,steps,distance_km,intensity,grams,food,meal,drink,severity,score,time_of_day,mood,contents,who,tag,with,where,text,other_fields"

    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [[], ["glucose 6.2"], ["blood pressure 120 over 80 pulse 70", "fed 3 oz formula", "took 2 tablets of paracetamol"]])
    func oneHeaderWhateverKindsArePresent(lines: [String]) throws {
        let (folder, path) = try Self.database(lines)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Voicelog.run(["export", "--db", path])
        #expect(run.status == 0, "\(run.errorText)")
        let rows = run.output.split(separator: "\n").map(String.init)
        #expect(rows.first == Self.header)
        #expect(rows.count == lines.count + 1)
        #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == EntryTable.columns.count })
    }

    @Test func theHeaderIsDocumented() throws {
        #expect(EntryTable.columns.joined(separator: ",") == Self.header)
        for document in ["Sources/VoiceLogStorage/SCHEMA.md"] {
            let text = try String(contentsOf: Self.packageFolder.appendingPathComponent(document), encoding: .utf8)
            #expect(text.contains("\n" + Self.header + "\n"), "\(document) lists the CSV columns")
        }
    }

    @Test func amountsAndFieldsWithoutAColumn() throws {
        let (folder, path) = try Self.database(["fed 3 oz formula"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Another program stores a field no column has.
        try Self.sqlite(path, "UPDATE entry SET fields = json_set(fields, '$.colour', 'green, pale'), revision = revision + 1")
        let rows = try Voicelog.run(["export", "--db", path]).output.split(separator: "\n")
        #expect(rows.last == #"1,feeding,2026-11-21T10:00:00+00:00,,,,,,,,,3,oz,,formula,88.7205,,,,,,,,,,,,,,,,,,,,"{""colour"": ""green, pale""}""#)
    }

    @Test(arguments: [
        ("=1+2", "\"'=1+2\""), ("+44 20", "\"'+44 20\""), ("-3", "\"'-3\""), ("@SUM(A1)", "\"'@SUM(A1)\""),
        ("\tx", "\"'\tx\""), ("\rx", "\"'\rx\""), ("=\"a\",b", "\"'=\"\"a\"\",b\""),
        ("a=b", "a=b"), ("6.2", "6.2"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("", ""),
    ])
    func cellsASpreadsheetWouldRunAreNeutralised(text: String, cell: String) {
        #expect(EntryTable.cell(text) == cell)
    }

    @Test func aFormulaStoredByAnotherProgramIsExportedAsText() throws {
        let (folder, path) = try Self.database(["note slept badly"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.sqlite(path, #"UPDATE entry SET fields = '{"text": "=HYPERLINK(\"http://x\")"}', revision = revision + 1"#)
        let rows = try Voicelog.run(["export", "--db", path]).output.split(separator: "\n")
        #expect(rows.last?.hasSuffix(#",,,,,,"'=HYPERLINK(""http://x"")","#) == true, "\(rows)")
    }

    @Test(arguments: [("2026-01-15T10:00:00", "+01:00"), ("2026-07-15T10:00:00", "+02:00")])
    func timesCarryTheOffsetInForceWhenLogged(now: String, offset: String) throws {
        let folder = try Voicelog.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/voicelog.sqlite"
        let stored = try Voicelog.run(["batch", "--db", path, "--now", now, "-"], input: "glucose 6.2\n",
                                      environment: ["TZ": "Europe/Berlin"])
        #expect(stored.status == 0, "\(stored.errorText)")
        // Read elsewhere, the offset stays the one in force where it was logged.
        let csv = try Voicelog.run(["export", "--db", path], environment: ["TZ": "Asia/Tokyo"]).output
        #expect(csv.split(separator: "\n").last?.hasPrefix("1,glucose,\(now)\(offset),6.2,mmol/L,") == true, "\(csv)")
        let jsonl = try Voicelog.run(["list", "--db", path, "--format", "jsonl"], environment: ["TZ": "Asia/Tokyo"]).output
        #expect(jsonl == #"{"id": 1, "kind": "glucose", "time": "\#(now)", "value": 6.2, "unit": "mmol/L"}"# + "\n")
        // The backup keeps the utterance's offset.
        let backup = try Voicelog.run(["export", "--db", path, "--format", "jsonl"]).output
        #expect(backup.contains(#""utc_offset": "\#(offset)""#), "\(backup)")
    }

    /// Each treatment has what Nightscout's API requires (`eventType`, `created_at` in ISO 8601
    /// with an offset) and its numeric fields as numbers; kinds it has no treatment for are
    /// counted on standard error.
    @Test func nightscoutTreatments() throws {
        let (folder, path) = try Self.database(["bg 5.4, 30g carbs, 4u novorapid", "bs 142 mg/dl", "note felt dizzy",
                                                "ran 5k in 30 mins", "bp 120/80"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Voicelog.run(["export", "--db", path, "--format", "nightscout"])
        #expect(run.status == 0)
        #expect(run.errorText == "1 entry of kinds Nightscout has no treatment for left out (it takes glucose, carbs, insulin, notes and activity).\n")
        let treatments = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(treatments.map { $0["eventType"] as? String } == ["BG Check", "Carb Correction", "Correction Bolus", "BG Check", "Note", "Exercise"])
        for treatment in treatments {
            #expect((treatment["created_at"] as? String)?.hasSuffix("+00:00") == true)
            #expect(treatment["enteredBy"] as? String == "voicelog")
            for field in ["glucose", "carbs", "insulin", "duration"] where treatment[field] != nil {
                #expect(treatment[field] is NSNumber, "\(field) of \(treatment)")
            }
        }
        #expect(treatments[3]["units"] as? String == "mg/dl" && treatments[0]["units"] as? String == "mmol")
        #expect(treatments[2]["insulin"] as? Double == 4)
        let empty = try Self.database([])
        defer { try? FileManager.default.removeItem(atPath: empty.folder) }
        #expect(try Voicelog.run(["export", "--db", empty.path, "--format", "nightscout"]).output == "[]\n")
    }

    @Test func backupRestoresByteForByteAndOnlyOnce() throws {
        let (folder, path) = try Self.database(["glucose 6.2 after dinner", "bp 135/85 hr 70", "note =HYPERLINK(\"x\") café"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Voicelog.run(["edit", "--db", path, "1", "value", "6.8"]).status == 0)
        #expect(try Voicelog.run(["undo", "--db", path]).status == 0)
        let backup = try Voicelog.run(["export", "--db", path, "--format", "jsonl"])
        #expect(backup.status == 0, "\(backup.errorText)")
        let file = folder + "/backup.jsonl"
        try Data(backup.output.utf8).write(to: URL(fileURLWithPath: file))
        let copy = folder + "/copy.sqlite"
        let restored = try Voicelog.run(["import", "--db", copy, file])
        #expect(restored.output == "Imported 3 utterances (3 entries, 4 revisions).\n", "\(restored.errorText)")
        #expect(try Voicelog.run(["export", "--db", copy, "--format", "jsonl"]).output == backup.output)
        let again = try Voicelog.run(["import", "--db", copy, "-"], input: backup.output)
        #expect(again.output == "Imported 0 utterances (0 entries, 0 revisions); 3 already stored, left as they were.\n")
        let truncated = try Voicelog.run(["import", "--db", folder + "/other.sqlite", "-"], input: String(backup.output.prefix(200)))
        #expect(truncated.status == 1)
        #expect(truncated.errorText.hasPrefix("Error: Nothing was imported: line 2 of the backup cannot be restored"), "\(truncated.errorText)")
    }

    /// Runs SQL on the database as another program would.
    static func sqlite(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute(sys.argv[2]); db.commit()", path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
