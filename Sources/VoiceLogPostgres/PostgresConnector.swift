import Dispatch
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import PostgresNIO
import VoiceLogStorage

/// A `PostgresClient` (a pool of connections) running for as long as this lives, and a way
/// to wait for its answers from code that cannot await: the commands, and the service's
/// store calls, which run on threads of their own.
final class PostgresConnector: Sendable {
    let client: PostgresClient
    let url: PostgresURL
    let logger: Logger
    private let runner: Task<Void, Never>

    /// How long a call waits for the server before it is answered with ``StorageError/unreachable(location:reason:)``.
    static let answerTimeout: Duration = .seconds(5)

    init(url: PostgresURL) {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: url.sslMode == "disable" ? .disable : url.sslMode == "require" ? .require(.makeClientConfiguration()) : .prefer(.makeClientConfiguration()))
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.maximumConnections = 16
        var logger = Logger(label: "voicelog.postgres")
        logger.logLevel = .critical
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.url = url
        self.logger = logger
        runner = Task(executorPreference: Self.executor) { await client.run() }
    }

    deinit {
        runner.cancel()
    }

    /// Runs `body` on a connection of the pool and waits for its answer. Waiting for a
    /// connection ends after ``answerTimeout`` with ``StorageError/unreachable(location:reason:)``;
    /// once `body` has begun it is not cut short, so a commit is never reported failed and
    /// then made. The server's refusals and failures become ``StorageError``s.
    func wait<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        let (client, url) = (client, url)
        // On threads of its own: the caller may be one of Swift's cooperative threads, all of
        // which could be waiting here at once.
        Task(executorPreference: Self.executor) {
            outcome.result = await Result(catching: {
                try await withThrowingTaskGroup(of: T?.self) { group in
                    group.addTask {
                        try await client.withConnection { connection in
                            outcome.begun.withLockedValue { $0 = true }
                            return try await body(connection)
                        }
                    }
                    group.addTask {
                        try await Task.sleep(for: Self.answerTimeout)
                        if outcome.begun.withLockedValue({ $0 }) { return nil }
                        throw StorageError.unreachable(location: url.redacted, reason: "no connection within \(Self.answerTimeout.components.seconds) seconds")
                    }
                    defer { group.cancelAll() }
                    while let next = try await group.next() {
                        if let value = next { return value }
                    }
                    throw CancellationError()
                }
            })
            done.signal()
        }
        done.wait()
        switch outcome.result! {
        case .success(let value): return value
        case .failure(let error): throw Self.storageError(error, url: url)
        }
    }

    /// Where the waited-for work (and the pool) runs.
    static let executor = EventLoopTaskExecutor()

    /// A failure as a ``StorageError`` that says what to do.
    static func storageError(_ error: any Error, url: PostgresURL) -> any Error {
        if let failed = error as? PostgresTransactionError {
            // The store's own refusal inside a transaction, else why the transaction failed.
            if let refusal = failed.closureError as? StorageError { return refusal }
            return storageError(failed.closureError ?? failed.commitError ?? failed.beginError ?? failed.rollbackError ?? error, url: url)
        }
        guard let error = error as? PSQLError else { return error }
        if let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            switch state {
            case "3D000", "28000", "28P01":  // no such database, no such role, wrong password
                return StorageError.unreachable(location: url.redacted, reason: message)
            case "23505", "23503", "23514":  // a constraint
                return StorageError.database(path: url.redacted, message: message)
            default:
                if state.hasPrefix("08") || state.hasPrefix("57") {  // connection exceptions, shutdowns
                    return StorageError.unreachable(location: url.redacted, reason: message)
                }
                return StorageError.database(path: url.redacted, message: message)
            }
        }
        let reason = error.underlying.map { "\($0)" } ?? "\(error.code)"
        return StorageError.unreachable(location: url.redacted, reason: reason)
    }
}

/// Runs tasks' jobs on event loops of its own, whose threads never block (the jobs only
/// await), apart from Swift's cooperative pool and GCD's threads, where callers may wait.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loops = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loops.any().execute { job.runSynchronously(on: executor) }
    }
}

/// What a call waited for gave; written by its task before the waiting thread reads it.
private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
    /// Whether the call got a connection and began.
    let begun = NIOLockedValueBox(false)
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}

extension AsyncSequence {
    /// Every element, in order.
    func all() async throws -> [Element] {
        var elements: [Element] = []
        for try await element in self { elements.append(element) }
        return elements
    }
}
