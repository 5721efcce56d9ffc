import Foundation

/// Where a log is kept: an SQLite file (the embedded default) or a PostgreSQL database.
public enum StoreLocation: Equatable, Sendable {
    case file(String)
    case postgres(PostgresURL)
}

/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`, read
/// and checked; the password is never shown in messages (``redacted``).
public struct PostgresURL: Equatable, Sendable {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    /// `disable`, `prefer` (the default) or `require`.
    public var sslMode: String

    public init(_ text: String) throws {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            throw StorageError.badURL(text, reason: "it does not parse as a URL")
        }
        let shown = Self.redact(text)
        guard let user = components.user, !user.isEmpty else {
            throw StorageError.badURL(shown, reason: "it names no user")
        }
        guard let host = components.host, !host.isEmpty else {
            throw StorageError.badURL(shown, reason: "it names no host")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw StorageError.badURL(shown, reason: "it names no database (the path after the host)")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw StorageError.badURL(shown, reason: "\(port) is not a TCP port")
        }
        let sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        guard ["disable", "prefer", "require"].contains(sslMode) else {
            throw StorageError.badURL(shown, reason: "sslmode must be disable, prefer or require")
        }
        self.user = user
        self.password = components.password
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        self.sslMode = sslMode
    }

    /// The URL without its password, for messages.
    public var redacted: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    private static func redact(_ text: String) -> String {
        text.replacing(/:\/\/([^:@\/]*):[^@\/]*@/) { "://\($0.1):***@" }
    }
}
