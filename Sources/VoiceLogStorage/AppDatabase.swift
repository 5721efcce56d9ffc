import Foundation
import GRDB
import VoiceLogCore

/// The VoiceLog database: utterances, the entries heard in them, and every revision of each
/// entry. Every program that writes entries goes through this type, so the schema's promises
/// hold for all of them: one transaction per commit, feasibility checked again before
/// writing, and nothing heard is ever overwritten or deleted.
///
/// Open a file with ``open(path:checker:busyTimeout:)`` (a `DatabasePool` in WAL mode), or
/// wrap any GRDB writer with ``init(_:checker:path:busyTimeout:)``.
public struct AppDatabase: EntryStore {
    /// How long a write waits for another program's write to finish, by default.
    public static let defaultBusyTimeout: Double = 5

    let writer: any DatabaseWriter
    let checker: FeasibilityChecker
    /// The database file, or ":memory:".
    public let path: String
    let busyTimeout: Double
    /// The account whose log this handle reads and writes: another account's utterances and
    /// entries are invisible to it, as though absent.
    public let account: Int64

    /// Account 1: the command line's, and the owner of everything stored before accounts.
    public static let localAccount: Int64 = 1
    public static let localAccountName = "local"

    /// Wraps a writer made with ``makeConfiguration(busyTimeout:)`` and migrates it.
    ///
    /// - Parameters:
    ///   - writer: the connection or pool that writes.
    ///   - checker: the feasibility rules every commit and edit passes again.
    ///   - path: the file, for error messages (defaults to the writer's path).
    ///   - busyTimeout: the writer's busy timeout, for error messages.
    public init(_ writer: any DatabaseWriter, checker: FeasibilityChecker,
                path: String? = nil, busyTimeout: Double = defaultBusyTimeout) throws {
        self.writer = writer
        self.checker = checker
        self.path = path ?? writer.path
        self.busyTimeout = busyTimeout
        self.account = Self.localAccount
        try perform { try Self.migrate(writer) }
    }

    private init(_ database: AppDatabase, account: Int64) {
        (writer, checker, path, busyTimeout) = (database.writer, database.checker, database.path, database.busyTimeout)
        self.account = account
    }

    /// The same store, seen as `account`'s log.
    public func scoped(to account: Int64) -> AppDatabase {
        AppDatabase(self, account: account)
    }

    /// Opens (or creates, with its folders) the database file at `path` in WAL mode. What it
    /// creates is private to the user (folders 0700, files 0600).
    public static func open(path: String, checker: FeasibilityChecker,
                            busyTimeout: Double = defaultBusyTimeout) throws -> AppDatabase {
        try DatabaseLocation.createFolder(for: path)
        DatabaseLocation.createPrivateFile(path)
        let pool: DatabasePool
        do {
            pool = try makePool(path: path, busyTimeout: busyTimeout)
            // GRDB's pools use synchronous = NORMAL, which may lose the last commits on a power
            // cut; health entries are worth the sync on every commit.
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        } catch {
            throw StorageError(error, path: path, busyTimeout: busyTimeout)
        }
        return try AppDatabase(pool, checker: checker, path: path, busyTimeout: busyTimeout)
    }

    /// Opens a pool on the file. When several programs open a new file at once, all but one
    /// fail to switch it to WAL mode: SQLite answers that lock conflict at once instead of
    /// waiting out the busy timeout, so the wait is done here.
    private static func makePool(path: String, busyTimeout: Double) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try DatabasePool(path: path, configuration: makeConfiguration(busyTimeout: busyTimeout))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// A new empty database in memory, for previews and tests of code above the store.
    public static func inMemory(checker: FeasibilityChecker) throws -> AppDatabase {
        let queue = try DatabaseQueue(configuration: makeConfiguration(busyTimeout: defaultBusyTimeout))
        return try AppDatabase(queue, checker: checker, path: ":memory:")
    }

    /// The configuration VoiceLog's connections use: foreign keys on and a busy timeout.
    public static func makeConfiguration(busyTimeout: Double = defaultBusyTimeout) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "VoiceLog"
        return configuration
    }

    /// Runs pending migrations. Several programs may open a new file at once: one of them
    /// migrates, and the others find the work done when they try again.
    static func migrate(_ writer: any DatabaseWriter) throws {
        // A read needs no lock in WAL mode: an up-to-date file opens while another program writes.
        if try writer.read(migrator.hasCompletedMigrations) { return }
        var attempts = 0
        while true {
            do {
                return try migrator.migrate(writer)
            } catch let error as DatabaseError
                        where [.SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode) && attempts < 3 {
                // Another program applied the same migration first ("table already exists").
                attempts += 1
            }
        }
    }

    /// Runs `body`, turning SQLite's failures into ``StorageError``s.
    func perform<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StorageError(error, path: path, busyTimeout: busyTimeout)
        }
    }
}

// The part of ``EntryStore`` named differently here.
extension AppDatabase {
    public var location: String { path }
}
