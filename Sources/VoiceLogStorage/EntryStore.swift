import Foundation
import VoiceLogCore

/// The store in domain terms: one account's log of utterances with their entries, each entry's
/// revisions, and the accounts' tokens. Two stores keep this promise: ``AppDatabase`` (an
/// SQLite file, the embedded default) and the PostgreSQL store of `VoiceLogPostgres` (for a
/// service on several machines). Each owns its SQL and its named migrations, and each checks
/// the feasibility rules again before it commits.
///
/// Calls block until the store answers; the service makes them off Swift's cooperative pool.
public protocol EntryStore: Sendable {
    /// Where the store is, for messages: a file path, or a URL without its password.
    var location: String { get }
    /// The account whose log this handle reads and writes.
    var account: Int64 { get }
    /// The same store, as `account`'s log.
    func scoped(to account: Int64) -> Self

    /// Stores one utterance with all its entries in one transaction, after checking each entry
    /// against the rules; nothing is written when one breaks a rule.
    func commit(_ utterance: Utterance, at date: Date) throws -> StoredUtterance
    /// Marks the account's last utterance that is not undone as undone; nil when there is none.
    func undoLastUtterance(at date: Date) throws -> StoredUtterance?
    /// Marks one of the account's utterances undone (one undone before stays as it was).
    func undo(utteranceID: Int64, at date: Date) throws -> StoredUtterance
    /// Applies an edit in the review prompt's language to an entry, as its next revision.
    func edit(entryID: Int64, applying text: String, editor: EntryEditor, now: LocalDateTime, at date: Date) throws -> StoredEntry
    /// Listed entries in time order (then id): of one kind, from `since`, before `until`, after a position, at most `limit`.
    func entries(kind: String?, since: LocalDateTime?, until: LocalDateTime?, after position: EntryPosition?, limit: Int?) throws -> [StoredEntry]
    /// How many utterances the account's backup holds.
    func utteranceCount() throws -> Int
    /// The account's backup, a line at a time (``AppDatabase/backupHeader`` first).
    func writeBackup(_ line: (String) throws -> Void) throws
    /// Reads once; throws when the store cannot be reached or read.
    func ping() throws

    /// A new token for the named account (made first if new): the token's text, shown once, and the account.
    func createToken(forAccount name: String, at date: Date) throws -> (token: String, account: Int64)
    /// The account a token belongs to, or nil for a token never made here.
    func account(forToken token: String) throws -> Int64?
    /// The id of the account named `name`, made first if need be.
    func account(named name: String, at date: Date) throws -> Int64
    /// The accounts' names with how many tokens each has, in id order.
    func accounts() throws -> [(name: String, tokens: Int)]
}

/// Where a page of entries ends: the last entry's time and id.
public struct EntryPosition: Hashable, Sendable {
    public var time: LocalDateTime
    public var id: Int64

    public init(time: LocalDateTime, id: Int64) {
        self.time = time
        self.id = id
    }
}

extension EntryStore {
    /// Every listed entry, in time order.
    public func entries() throws -> [StoredEntry] {
        try entries(kind: nil, since: nil, until: nil, after: nil, limit: nil)
    }
}

/// What both stores check before they write.
public enum StoreRules {
    /// Name rules for accounts: 1 to 64 of letters, digits, `.`, `_` and `-`.
    public static func checkAccountName(_ name: String) throws {
        let allowed = (1...64).contains(name.count) && name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
        if !allowed { throw StorageError.badAccountName(name) }
    }

    /// Throws ``StorageError/infeasible(kind:problems:)`` when the entry breaks a rule at `now`.
    public static func check(_ entry: Entry, now: LocalDateTime, with checker: FeasibilityChecker) throws {
        let errors = checker.problems(in: entry, now: now).filter { $0.severity == .error }
        if !errors.isEmpty { throw StorageError.infeasible(kind: entry.kind, problems: errors) }
    }

    /// Checks an utterance before a commit: it has entries, and none breaks a rule.
    public static func check(_ utterance: Utterance, with checker: FeasibilityChecker) throws {
        guard !utterance.entries.isEmpty else { throw StorageError.nothingToStore(text: utterance.text) }
        for entry in utterance.entries { try check(entry, now: utterance.referenceTime, with: checker) }
    }

    /// `vl_` and 32 random bytes in base64url: a bearer token.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return "vl_" + Data(bytes).base64URLEncoded
    }
}

extension Data {
    /// Base64url without padding (RFC 4648, section 5): safe in a URL or a header.
    public var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of base64url text, padded or not; nil when it is not base64url.
    public init?(base64URLEncoded text: String) {
        let base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        self.init(base64Encoded: base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4))
    }
}
