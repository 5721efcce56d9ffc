import Foundation
import GRDB
import Testing
import VoiceLogCore
import VoiceLogStorage

@Suite("Accounts and tokens")
struct AccountTests {
    @Test("A token is kept only as its hash, and names its account")
    func tokensAreHashed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let (token, account) = try database.createToken(forAccount: "alice")
        let (second, sameAccount) = try database.createToken(forAccount: "alice")
        #expect(account == sameAccount && account != AppDatabase.localAccount)
        #expect(token != second && token.hasPrefix("vl_") && token.count > 40)
        #expect(try database.account(forToken: token) == account)
        #expect(try database.account(forToken: second) == account)
        #expect(try database.account(forToken: token + "x") == nil)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database.path))
            + ((try? Data(contentsOf: URL(fileURLWithPath: database.path + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data(token.utf8)) == nil)
        #expect(bytes.range(of: Data(AppDatabase.tokenHash(token).utf8)) != nil)
        #expect(try database.accounts().map(\.name) == ["local", "alice"])
        #expect(throws: StorageError.badAccountName("bad name")) { try database.createToken(forAccount: "bad name") }
    }

    @Test("An account's log holds only its own utterances and entries")
    func accountsAreIsolated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try folder.database()
        let alice = database.scoped(to: try database.account(named: "alice"))
        let bob = database.scoped(to: try database.account(named: "bob"))
        let stored = try alice.commit(utterance("glucose 6.2 and took 4 units of insulin"))
        let entry = stored.entries[0].id
        #expect(try bob.entries().isEmpty && database.entries().isEmpty)
        #expect(try alice.entries().count == 2)
        #expect(try bob.utterance(id: stored.id) == nil && bob.lastUtterance() == nil)
        #expect(throws: StorageError.noSuchEntry(id: entry)) { try bob.entry(id: entry) }
        #expect(throws: StorageError.noSuchEntry(id: entry)) { try bob.revisions(ofEntry: entry) }
        #expect(throws: StorageError.noSuchEntry(id: entry)) { try bob.delete(entryID: entry) }
        #expect(throws: StorageError.noSuchUtterance(id: stored.id)) { try bob.undo(utteranceID: stored.id) }
        #expect(try bob.undoLastUtterance() == nil)
        var lines: [String] = []
        try bob.writeBackup { lines.append($0) }
        #expect(lines == [AppDatabase.backupHeader])
        #expect(try alice.undo(utteranceID: stored.id).isUndone)
        #expect(try alice.entries().isEmpty)
        // Another program cannot move an utterance into another account's log.
        let raw = try DatabaseQueue(path: database.path)
        #expect(throws: DatabaseError.self) { try raw.write { try $0.execute(sql: "UPDATE utterance SET account_id = 1") } }
    }
}
