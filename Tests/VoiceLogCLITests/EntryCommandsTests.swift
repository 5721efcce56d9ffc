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
}
