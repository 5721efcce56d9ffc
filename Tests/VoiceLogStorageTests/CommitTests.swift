import Foundation
import Testing
import VoiceLogCore
import VoiceLogStorage

@Suite("Commit and read back")
struct CommitTests {
    @Test("Every kind's entries read back as committed", arguments: sentencePerKind)
    func roundTrip(kind: String, text: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let said = utterance(text)
        try #require(said.entries.map(\.kind) == [kind])

        let stored = try folder.database().commit(said)
        // A second connection reads what the first wrote.
        let reopened = try folder.database()
        let listed = try reopened.entries(kind: kind)
        #expect(listed.map(\.entry) == said.entries)
        #expect(listed.map(\.id) == stored.entries.map(\.id))
        #expect(listed.allSatisfy { $0.revision == 1 && $0.utteranceID == stored.id })
        #expect(try reopened.entries(kind: "no_such_kind").isEmpty)
    }

    @Test("An utterance keeps its words, source, clock, alternatives and audio file")
    func utteranceRoundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var said = utterance("glucose 6.2 and took 4 units of insulin", source: .voice)
        said.alternatives = ["glucose six twenty two and took four units of insulin", "glucose 6.2"]
        said.audioFile = "2026-11-21T10-00-00.wav"
        let database = try folder.database()
        let stored = try database.commit(said)

        let last = try #require(try database.lastUtterance())
        #expect(last.id == stored.id)
        #expect(last.text == said.text)
        #expect(last.source == .voice)
        #expect(last.referenceTime == testNow)
        #expect(last.alternatives == said.alternatives)
        #expect(last.audioFile == said.audioFile)
        #expect(last.undoneAt == nil)
        #expect(last.entries.map(\.entry) == said.entries)
        #expect(last.entries.map(\.entry.kind) == ["glucose", "medication"])
    }

    @Test("Entries list in time order, by kind and from a time on")
    func ordering() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        for text in ["glucose 7 at 9 am", "glucose 5.5 yesterday at 9 pm", "weight 70 kg two hours ago", "glucose 6 at 7:30"] {
            try database.commit(utterance(text))
        }
        let times = try database.entries().map(\.entry.time.description)
        #expect(times == ["2026-11-20T21:00:00", "2026-11-21T07:30:00", "2026-11-21T08:00:00", "2026-11-21T09:00:00"])
        let glucoseToday = try database.entries(kind: "glucose", since: LocalDateTime(iso: "2026-11-21T00:00:00"))
        #expect(glucoseToday.map(\.entry["value"]) == [.number(6), .number(7)])
    }

    @Test("An infeasible entry is refused with its problem, and nothing of its utterance is written")
    func refusesInfeasible() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        // The parser already calls this infeasible; the store checks again whatever it is given.
        let said = utterance("took 4 units of insulin and glucose 40 mmol/L")
        #expect(said.entries.count == 2)
        #expect(throws: StorageError.self) { try database.commit(said) }
        do {
            try database.commit(said)
        } catch let error as StorageError {
            guard case .infeasible(let kind, let problems) = error else { Issue.record("\(error)"); return }
            #expect(kind == "glucose")
            #expect(problems.map(\.field) == ["value"])
            #expect(error.description.contains("glucose 40 mmol/L is above the highest meter reading (33.3 mmol/L)"))
        }
        // Dated after the reference clock.
        var future = utterance("glucose 6.2")
        future.entries[0].time = testNow.adding(days: 1)
        #expect(throws: StorageError.self) { try database.commit(future) }
        let counts = try database.counts()
        #expect(counts.utterances == 0 && counts.entries == 0 && counts.revisions == 0)
    }

    @Test("Several utterances commit in one transaction: all of them or none")
    func batchIsAllOrNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        var broken = utterance("glucose 6.2 and took 4 units of insulin")
        // Feasible (long ago) but not a time the schema accepts: SQLite refuses the second
        // entry after the utterance and the first entry were inserted.
        broken.entries[1].time = LocalDateTime(year: -5, month: 1, day: 1)
        #expect(throws: StorageError.self) { try database.commit([utterance("weight 70 kg"), broken]) }
        #expect(throws: StorageError.self) { try database.commit(broken) }
        #expect(try database.counts() == (0, 0, 0))

        let stored = try database.commit([utterance("weight 70 kg"), utterance("glucose 6.2 and took 4 units of insulin")])
        #expect(stored.map(\.entries.count) == [1, 2])
        #expect(try database.counts() == (2, 3, 3))
    }

    @Test("An utterance with no entry is refused")
    func refusesEmpty() throws {
        let database = try AppDatabase.inMemory(checker: testChecker)
        #expect(throws: StorageError.nothingToStore(text: "hello")) {
            try database.commit(Utterance(text: "hello", source: .typed, referenceTime: testNow, entries: []))
        }
    }
}
