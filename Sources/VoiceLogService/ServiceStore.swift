import Dispatch
import VoiceLogStorage

/// The store as the service uses it: each call runs on a thread of its own, off Swift's
/// cooperative pool, since SQLite's calls block (a commit waits for the disk).
public struct ServiceStore: Sendable {
    public let database: any EntryStore

    public init(_ database: any EntryStore) {
        self.database = database
    }

    /// Runs `body` with the whole store.
    func run<T: Sendable>(_ body: @escaping @Sendable (any EntryStore) throws -> T) async throws -> T {
        let database = database
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try body(database) })
            }
        }
    }

    /// Runs `body` with `account`'s log.
    func run<T: Sendable>(as account: Int64, _ body: @escaping @Sendable (any EntryStore) throws -> T) async throws -> T {
        try await run { try body($0.scoped(to: account)) }
    }
}
