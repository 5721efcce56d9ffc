import Foundation
import Logging
import PostgresNIO
import Testing
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogPostgres
import VoiceLogStorage

/// The same storage suite against both stores: an SQLite file, and a PostgreSQL server when
/// `VOICELOG_TEST_POSTGRES` names one (`.ci/run` starts a throwaway cluster and sets it).
/// Each test works in accounts of its own, so tests share one PostgreSQL database.
@Suite struct EntryStoreTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    static let postgresURL = ProcessInfo.processInfo.environment["VOICELOG_TEST_POSTGRES"].flatMap { try? PostgresURL($0) }
    static let backends: [Backend] = [.sqlite] + (postgresURL == nil ? [] : [.postgres])
    static let grammar = BundledGrammar.grammar
    static let checker = FeasibilityChecker(grammar: grammar)
    static let parser = UtteranceParser(grammar: grammar)
    static let editor = EntryEditor(parser: parser)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    /// A store of the backend, seen as a new account's log.
    static func store(_ backend: Backend) throws -> any EntryStore {
        let base: any EntryStore
        switch backend {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-store-\(UUID().uuidString)")
            base = try AppDatabase.open(path: folder.appendingPathComponent("log.sqlite").path, checker: checker)
        case .postgres:
            base = try PostgresStore.open(try #require(postgresURL), checker: checker)
        }
        return base.scoped(to: try base.account(named: "t-" + UUID().uuidString.prefix(12).lowercased(), at: Date()))
    }

    static func utterance(_ text: String, at time: String = "2026-11-21T10:00:00") -> Utterance {
        let now = LocalDateTime(iso: time)!
        return Utterance(parser.parse(text, now: now), source: .typed, referenceTime: now)
    }

    @Test(arguments: backends) func anUtteranceIsCommittedWholeAndReadBack(_ backend: Backend) throws {
        let store = try Self.store(backend)
        let stored = try store.commit(Self.utterance("glucose 6.2 and took 4 units of novorapid"), at: Date())
        #expect(stored.entries.count == 2 && stored.entries[0].id != stored.entries[1].id)
        #expect(try store.entries().map(\.entry) == Self.utterance("glucose 6.2 and took 4 units of novorapid").entries)
        #expect(try store.utteranceCount() == 1)
        #expect(throws: StorageError.self) { try store.commit(Self.utterance("glucose 75 mmol/L"), at: Date()) }
        #expect(throws: StorageError.nothingToStore(text: "hello")) {
            try store.commit(Utterance(text: "hello", source: .typed, referenceTime: Self.now, entries: []), at: Date())
        }
        #expect(try store.utteranceCount() == 1, "a refused commit writes nothing")
    }

    @Test(arguments: backends) func anEditIsTheNextRevisionCheckedByTheRules(_ backend: Backend) throws {
        let store = try Self.store(backend)
        let id = try store.commit(Self.utterance("bp 120/80"), at: Date()).entries[0].id
        let edited = try store.edit(entryID: id, applying: "diastolic 85", editor: Self.editor, now: Self.now, at: Date())
        #expect(edited.revision == 2 && edited.entry["diastolic"]?.number == 85)
        #expect(try store.edit(entryID: id, applying: "diastolic 85", editor: Self.editor, now: Self.now, at: Date()).revision == 2,
                "an edit that changes nothing adds nothing")
        #expect(throws: StorageError.self) { try store.edit(entryID: id, applying: "systolic 900", editor: Self.editor, now: Self.now, at: Date()) }
        #expect(throws: StorageError.self) { try store.edit(entryID: id, applying: "colour blue", editor: Self.editor, now: Self.now, at: Date()) }
        #expect(throws: StorageError.noSuchEntry(id: 9_999_999)) {
            try store.edit(entryID: 9_999_999, applying: "value 1", editor: Self.editor, now: Self.now, at: Date())
        }
        #expect(try store.entries().map { $0.entry["diastolic"]?.number } == [85])
        var lines: [String] = []
        try store.writeBackup { lines.append($0) }
        #expect(lines.count == 2 && lines[1].contains(#""revision": 2"#) && lines[1].contains(#""revision": 1"#))
    }

    @Test(arguments: backends) func undoKeepsTheUtteranceAndListsItNoMore(_ backend: Backend) throws {
        let store = try Self.store(backend)
        let first = try store.commit(Self.utterance("weight 70 kg"), at: Date())
        let second = try store.commit(Self.utterance("glucose 6.2"), at: Date())
        #expect(try store.undoLastUtterance(at: Date())?.id == second.id)
        #expect(try store.entries().map(\.entry.kind) == ["weight"])
        #expect(try store.undo(utteranceID: first.id, at: Date()).isUndone)
        #expect(try store.undo(utteranceID: first.id, at: Date()).isUndone, "undone twice stays undone")
        #expect(try store.undoLastUtterance(at: Date()) == nil)
        #expect(try store.entries().isEmpty)
        #expect(try store.utteranceCount() == 2, "kept")
        let id = first.entries[0].id
        #expect(throws: StorageError.entryUndone(id: id)) { try store.edit(entryID: id, applying: "value 71", editor: Self.editor, now: Self.now, at: Date()) }
    }

    @Test(arguments: backends) func entriesListInTimeOrderAPageAtATime(_ backend: Backend) throws {
        let store = try Self.store(backend)
        for hour in [9, 7, 8, 6, 5] {
            try store.commit(Self.utterance("glucose 6.\(hour) at \(hour) am"), at: Date())
        }
        try store.commit(Self.utterance("weight 70 kg at 7 am"), at: Date())
        #expect(try store.entries(kind: "glucose", since: nil, until: nil, after: nil, limit: nil).map { $0.entry["value"]?.number } == [6.5, 6.6, 6.7, 6.8, 6.9])
        let since = LocalDateTime(iso: "2026-11-21T07:00:00"), until = LocalDateTime(iso: "2026-11-21T09:00:00")
        #expect(try store.entries(kind: nil, since: since, until: until, after: nil, limit: nil).count == 3)
        var pages: [[Double]] = []
        var after: EntryPosition?
        while pages.count < 5 {
            let page = try store.entries(kind: "glucose", since: nil, until: nil, after: after, limit: 2)
            if page.isEmpty { break }
            pages.append(page.compactMap { $0.entry["value"]?.number })
            after = page.last.map { EntryPosition(time: $0.entry.time, id: $0.id) }
        }
        #expect(pages == [[6.5, 6.6], [6.7, 6.8], [6.9]])
    }

    @Test(arguments: backends) func oneAccountSeesNothingOfAnothers(_ backend: Backend) throws {
        let alice = try Self.store(backend)
        let bob = alice.scoped(to: try alice.account(named: "t-" + UUID().uuidString.prefix(12).lowercased(), at: Date()))
        let stored = try alice.commit(Self.utterance("glucose 6.2"), at: Date())
        #expect(try bob.entries().isEmpty && bob.utteranceCount() == 0)
        #expect(throws: StorageError.noSuchUtterance(id: stored.id)) { try bob.undo(utteranceID: stored.id, at: Date()) }
        #expect(throws: StorageError.noSuchEntry(id: stored.entries[0].id)) {
            try bob.edit(entryID: stored.entries[0].id, applying: "value 7", editor: Self.editor, now: Self.now, at: Date())
        }
        #expect(try bob.undoLastUtterance(at: Date()) == nil)
        #expect(try alice.entries().count == 1)
    }

    @Test(arguments: backends) func tokensAreKeptAsHashesAndNameTheirAccount(_ backend: Backend) throws {
        let store = try Self.store(backend)
        let name = "t-" + UUID().uuidString.prefix(12).lowercased()
        let (token, account) = try store.createToken(forAccount: name, at: Date())
        #expect(try store.account(forToken: token) == account)
        #expect(try store.account(forToken: token + "x") == nil)
        #expect(try store.account(named: name, at: Date()) == account)
        #expect(try store.accounts().contains { $0.name == name && $0.tokens == 1 })
        #expect(throws: StorageError.badAccountName("no spaces")) { try store.createToken(forAccount: "no spaces", at: Date()) }
    }

    @Test(arguments: backends) func bothStoresWriteTheSameBackup(_ backend: Backend) throws {
        let store = try Self.store(backend)
        let stored = try store.commit(Self.utterance("bp 120/80 and took 2 paracetamol"), at: Date(timeIntervalSince1970: 1_790_000_000.5))
        _ = try store.edit(entryID: stored.entries[0].id, applying: "diastolic 85", editor: Self.editor, now: Self.now,
                           at: Date(timeIntervalSince1970: 1_790_000_100.25))
        var lines: [String] = []
        try store.writeBackup { lines.append($0) }
        // Ids differ from store to store; the rest is the same text.
        let text = lines.joined(separator: "\n").replacing(/"id": \d+/, with: #""id": N"#)
        #expect(text == """
            {"voicelog": "backup", "version": 1}
            {"utterance": {"id": N, "text": "bp 120/80 and took 2 paracetamol", "source": "typed", "created_at": "2026-09-21 14:13:20.500", "reference_time": "2026-11-21T10:00:00", "alternatives": "[]", "audio_file": null, "undone_at": null, "utc_offset": "+00:00"}, "entries": [{"id": N, "position": 0, "revisions": [{"revision": 1, "kind": "blood_pressure", "time": "2026-11-21T10:00:00", "fields": "{\\"systolic\\": 120, \\"diastolic\\": 80}", "revised_at": "2026-09-21 14:13:20.500", "deleted_at": null}, {"revision": 2, "kind": "blood_pressure", "time": "2026-11-21T10:00:00", "fields": "{\\"systolic\\": 120, \\"diastolic\\": 85}", "revised_at": "2026-09-21 14:15:00.250", "deleted_at": null}]}, {"id": N, "position": 1, "revisions": [{"revision": 1, "kind": "medication", "time": "2026-11-21T10:00:00", "fields": "{\\"name\\": \\"paracetamol\\", \\"amount\\": {\\"value\\": 2, \\"unit\\": \\"tablet\\"}}", "revised_at": "2026-09-21 14:13:20.500", "deleted_at": null}]}]}
            """)
    }

    @Test(.enabled(if: postgresURL != nil, "VOICELOG_TEST_POSTGRES names no server"))
    func aNewPostgresDatabaseIsMigratedFromEmptyOnce() async throws {
        let url = try #require(Self.postgresURL)
        let name = "voicelog_t_" + UUID().uuidString.prefix(8).lowercased()
        let logger = Logger(label: "test")
        let admin = PostgresClient(configuration: .init(host: url.host, port: url.port, username: url.user, password: url.password,
                                                        database: url.database, tls: .disable), backgroundLogger: logger)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await admin.run() }
            try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            var fresh = url
            fresh.database = name
            try await Task.detached {
                let first = try PostgresStore.open(fresh, checker: Self.checker)
                let second = try PostgresStore.open(fresh, checker: Self.checker)
                #expect(try first.accounts().map(\.name) == ["local"])
                try first.commit(Self.utterance("glucose 6.2"), at: Date())
                #expect(try second.entries().count == 1)
            }.value
            try await Task.sleep(for: .milliseconds(200))
            try await admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: logger)
            group.cancelAll()
        }
    }

    @Test func aServerThatIsNotThereIsOneClearError() throws {
        let url = try PostgresURL("postgres://voicelog@127.0.0.1:1/none")
        #expect {
            try PostgresStore.open(url, checker: Self.checker)
        } throws: { error in
            guard case .unreachable(let location, _)? = error as? StorageError else { return false }
            return location == "postgres://voicelog@127.0.0.1:1/none" && String(describing: error).contains("cannot be reached")
        }
    }
}
