import Foundation
import GRDB
import Testing
import VoiceLogCore
import VoiceLogStorage

@Suite("Edits, revisions and undo")
struct RevisionTests {
    @Test("An edit stores a new revision and keeps what was heard")
    func editKeepsOriginal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let stored = try database.commit(utterance("glucose 6.2 and took 4 units of insulin"))
        let glucose = stored.entries[0]
        var corrected = glucose.entry
        corrected["value"] = .number(7.2)
        corrected["tag"] = .text("before breakfast")

        let edited = try database.edit(entryID: glucose.id, to: corrected, now: testNow)
        #expect(edited.revision == 2 && edited.id == glucose.id)
        // Unchanged: no new revision.
        #expect(try database.edit(entryID: glucose.id, to: corrected, now: testNow).revision == 2)

        let revisions = try database.revisions(ofEntry: glucose.id)
        #expect(revisions.map(\.revision) == [1, 2])
        #expect(revisions.map(\.entry) == [glucose.entry, corrected])
        #expect(try database.entries(kind: "glucose").map(\.entry) == [corrected])
        #expect(try database.lastUtterance()?.text == "glucose 6.2 and took 4 units of insulin")
        #expect(try database.revisions(ofEntry: stored.entries[1].id).count == 1)
    }

    @Test("An edit is checked again, and refused edits change nothing")
    func editIsChecked() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let stored = try database.commit(utterance("blood pressure 120 over 80"))
        var wrong = stored.entries[0].entry
        wrong["systolic"] = .number(70)
        #expect(throws: StorageError.self) { try database.edit(entryID: stored.entries[0].id, to: wrong, now: testNow) }
        #expect(throws: StorageError.noSuchEntry(id: 999)) { try database.edit(entryID: 999, to: stored.entries[0].entry, now: testNow) }
        #expect(try database.revisions(ofEntry: stored.entries[0].id).count == 1)
        #expect(try database.entries().map(\.entry) == stored.entries.map(\.entry))
    }

    @Test("A reviewed utterance stores what was heard and its correction in one commit")
    func commitWithCorrections() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        // Heard as infeasible (systolic below diastolic); corrected at the prompt.
        let heard = utterance("blood pressure 80 over 120 and took 4 units of insulin")
        var corrected = heard.entries[0]
        corrected["systolic"] = .number(130)

        let stored = try database.commit(heard, corrections: [0: corrected])
        #expect(stored.entries.map(\.revision) == [2, 1])
        #expect(try database.revisions(ofEntry: stored.entries[0].id).map(\.entry) == [heard.entries[0], corrected])
        #expect(try database.entries().map(\.entry) == [corrected, heard.entries[1]])
        #expect(try database.lastUtterance()?.text == "blood pressure 80 over 120 and took 4 units of insulin")
    }

    @Test("A correction that breaks a rule writes nothing")
    func infeasibleCorrectionWritesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let heard = utterance("glucose 6.2")
        var wrong = heard.entries[0]
        wrong["value"] = .number(75)
        #expect(throws: StorageError.self) { try database.commit(heard, corrections: [0: wrong]) }
        #expect(try database.lastUtterance() == nil)
    }

    @Test("Undo takes the last utterance out of the listings and keeps it")
    func undo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let first = try database.commit(utterance("weight 70 kg"))
        let second = try database.commit(utterance("glucose 6.2 and took 4 units of insulin"))

        let undone = try #require(try database.undoLastUtterance())
        #expect(undone.id == second.id && undone.isUndone)
        #expect(undone.entries.map(\.entry) == second.entries.map(\.entry))
        #expect(try database.entries().map(\.id) == first.entries.map(\.id))
        #expect(try database.lastUtterance()?.id == first.id)
        #expect(try database.utterance(id: second.id)?.undoneAt != nil)
        #expect(try database.counts() == (2, 3, 3))
        var edit = second.entries[0].entry
        edit["value"] = .number(6.3)
        #expect(throws: StorageError.entryUndone(id: second.entries[0].id)) {
            try database.edit(entryID: second.entries[0].id, to: edit, now: testNow)
        }

        #expect(try database.undoLastUtterance()?.id == first.id)
        #expect(try database.undoLastUtterance() == nil)
        #expect(try database.entries().isEmpty)
    }

    @Test("Other programs cannot delete or overwrite what was heard")
    func triggersKeepHistory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let stored = try folder.database().commit(utterance("glucose 6.2"))
        let other = try DatabaseQueue(path: folder.file("voicelog.sqlite"))
        let refused = [
            "DELETE FROM entry",
            "DELETE FROM utterance",
            "DELETE FROM entry_revision",
            "UPDATE entry_revision SET fields = '{}'",
            "UPDATE entry SET fields = '{\"value\": 9}'",
            "UPDATE utterance SET text = 'something else'",
            "UPDATE entry SET fields = 'not json', revision = revision + 1",
        ]
        for sql in refused {
            #expect(throws: DatabaseError.self, "\(sql)") { try other.write { try $0.execute(sql: sql) } }
        }
        // An edit done the documented way keeps the old revision.
        try other.write { db in
            try db.execute(sql: "UPDATE entry SET fields = '{\"value\": 6.3, \"unit\": \"mmol/L\"}', revision = revision + 1, revised_at = '2026-11-21 10:05:00.000'")
        }
        let revisions = try folder.database().revisions(ofEntry: stored.entries[0].id)
        #expect(revisions.map { $0.entry["value"] } == [.number(6.2), .number(6.3)])
    }

    @Test("A stored entry is edited in the review prompt's language, as its next revision")
    func editInWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let editor = EntryEditor(parser: testParser)
        let stored = try database.commit(utterance("glucose 6.2 and blood pressure 120 over 80"))
        let (glucose, pressure) = (stored.entries[0].id, stored.entries[1].id)

        let edited = try database.edit(entryID: glucose, applying: "value 6.8", editor: editor, now: testNow)
        #expect(edited.revision == 2 && edited.entry["value"] == .number(6.8) && edited.entry["unit"] == .text("mmol/L"))
        #expect(try database.edit(entryID: glucose, applying: "value 6.8", editor: editor, now: testNow).revision == 2)
        #expect(try database.revisions(ofEntry: glucose).map { $0.entry["value"] } == [.number(6.2), .number(6.8)])

        #expect(throws: StorageError.editNotUnderstood("'umbrella' is neither a field of this glucose nor an entry. Type a field and its new value, such as 'value 6.2' or 'tag after dinner', or the whole entry again.")) {
            try database.edit(entryID: glucose, applying: "umbrella", editor: editor, now: testNow)
        }
        #expect(throws: StorageError.self) { try database.edit(entryID: pressure, applying: "systolic 70", editor: editor, now: testNow) }
        #expect(throws: StorageError.noSuchEntry(id: 999)) { try database.edit(entryID: 999, applying: "value 7", editor: editor, now: testNow) }
        #expect(try database.revisions(ofEntry: pressure).count == 1)
        #expect(try database.entry(id: glucose).entry == edited.entry)
    }

    @Test("A deleted entry is its last revision: kept, no longer listed, and not changed again")
    func delete() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let stored = try database.commit(utterance("glucose 6.2 and took 4 units of insulin"))
        let (glucose, insulin) = (stored.entries[0].id, stored.entries[1].id)
        let date = Date(timeIntervalSince1970: 1_795_000_000)

        let deleted = try database.delete(entryID: glucose, at: date)
        #expect(deleted.revision == 2 && deleted.deletedAt == date && deleted.entry == stored.entries[0].entry)
        #expect(try database.entries().map(\.id) == [insulin])
        #expect(try database.revisions(ofEntry: glucose).map(\.isDeleted) == [false, true])
        #expect(try database.entry(id: glucose).isDeleted)
        #expect(throws: StorageError.entryDeleted(id: glucose)) { try database.delete(entryID: glucose) }
        #expect(throws: StorageError.entryDeleted(id: glucose)) { try database.edit(entryID: glucose, to: stored.entries[0].entry, now: testNow) }
        #expect(throws: StorageError.noSuchEntry(id: 999)) { try database.delete(entryID: 999) }
        #expect(try database.counts() == (1, 2, 3))

        // Another program cannot bring it back by an edit.
        let other = try DatabaseQueue(path: folder.file("voicelog.sqlite"))
        #expect(throws: DatabaseError.self) {
            try other.write { try $0.execute(sql: "UPDATE entry SET deleted_at = NULL, revision = revision + 1 WHERE id = ?", arguments: [glucose]) }
        }

        try database.undoLastUtterance()
        #expect(throws: StorageError.entryUndone(id: insulin)) { try database.delete(entryID: insulin) }
    }
}
