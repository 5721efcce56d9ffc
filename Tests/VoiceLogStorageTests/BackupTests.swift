import Foundation
import Testing
import VoiceLogCore
import VoiceLogStorage

/// The complete backup (`export --format jsonl`) and its restore (`import`).
@Suite("Backup and restore")
struct BackupTests {
    /// A database holding every kind, typed and voice, an edit, a deletion and an undo.
    static func filled(_ database: AppDatabase) throws {
        for (index, (_, text)) in sentencePerKind.enumerated() {
            _ = try database.commit(utterance(text, source: index % 3 == 0 ? .voice : .typed))
        }
        let editor = EntryEditor(parser: testParser)
        _ = try database.edit(entryID: 1, applying: "value 6.8", editor: editor, now: testNow)
        _ = try database.delete(entryID: 2)
        _ = try database.undoLastUtterance()
    }

    static func backup(_ database: AppDatabase) throws -> [String] {
        var lines: [String] = []
        try database.writeBackup { lines.append($0) }
        return lines
    }

    @Test("A restored backup backs up to the same lines, and restoring it twice adds nothing")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try folder.database("original.sqlite")
        try Self.filled(original)
        let lines = try Self.backup(original)
        #expect(lines.count == sentencePerKind.count + 1)
        #expect(lines[0] == AppDatabase.backupHeader)

        let copy = try folder.database("copy.sqlite")
        let outcome = try copy.restore(lines)
        #expect(outcome.utterances == sentencePerKind.count && outcome.alreadyThere == 0)
        #expect(outcome.revisions == outcome.entries + 2)  // the edit and the deletion
        #expect(try Self.backup(copy) == lines)
        #expect(try copy.counts() == original.counts())
        #expect(try copy.entries() == original.entries())
        #expect(try copy.revisions(ofEntry: 1) == original.revisions(ofEntry: 1))

        let again = try copy.restore(lines)
        #expect(again.utterances == 0 && again.alreadyThere == sentencePerKind.count)
        #expect(try Self.backup(copy) == lines)
    }

    @Test("A bad line restores nothing and is named", arguments: [
        (2, "{\"utterance\": {\"id\": 1, \"text\": \"glucose 6.2\"", "not an utterance line"),
        (1, "{\"voicelog\": \"backup\", \"version\": 2}", "not a VoiceLog backup of version 1"),
        (2, "{\"utterance\": {\"id\": 1, \"text\": \"x\", \"colour\": \"red\"}, \"entries\": []}", "no column 'colour'"),
    ])
    func badLine(line: Int, text: String, reason: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try folder.database("original.sqlite")
        try Self.filled(original)
        var lines = try Self.backup(original)
        lines[line - 1] = text
        let copy = try folder.database("copy.sqlite")
        #expect {
            try copy.restore(lines)
        } throws: { error in
            guard case .badBackup(let at, let why) = error as? StorageError else { return false }
            return at == line && why.contains(reason)
        }
        #expect(try copy.counts() == (0, 0, 0))
    }

    @Test("An utterance stored with other contents under the same id is a conflict")
    func conflict() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try folder.database("original.sqlite")
        try Self.filled(original)
        let other = try folder.database("other.sqlite")
        _ = try other.commit(utterance("glucose 5.0"))
        #expect(throws: StorageError.self) { try other.restore(Self.backup(original)) }
        #expect(try other.counts() == (1, 1, 1))
    }
}
