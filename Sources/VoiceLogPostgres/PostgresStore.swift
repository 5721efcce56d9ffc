import Foundation
import Logging
import PostgresNIO
import VoiceLogCore
import VoiceLogStorage

/// The log in a PostgreSQL database, for a service that outgrows one machine: several
/// `voicelog serve` processes on one database behave as one (ids come from the database,
/// each commit is one transaction, revisions are numbered under a row lock). It keeps the
/// promises of ``EntryStore`` as the SQLite store does, with SQL of its own.
public struct PostgresStore: EntryStore {
    let connector: PostgresConnector
    let checker: FeasibilityChecker
    public let account: Int64

    public var location: String { connector.url.redacted }

    /// Connects (a pool, run in the background) and applies the migrations the database lacks.
    ///
    /// - Throws: ``StorageError/unreachable(location:reason:)`` when the server cannot be
    ///   reached, or refuses the user or the database.
    public static func open(_ url: PostgresURL, checker: FeasibilityChecker) throws -> PostgresStore {
        let connector = PostgresConnector(url: url)
        let logger = connector.logger
        try connector.wait { try await PostgresSchema.migrate($0, logger: logger) }
        return PostgresStore(connector: connector, checker: checker, account: 1)
    }

    public func scoped(to account: Int64) -> PostgresStore {
        PostgresStore(connector: connector, checker: checker, account: account)
    }

    private var logger: Logger { connector.logger }

    // MARK: Writes

    public func commit(_ utterance: Utterance, at date: Date) throws -> StoredUtterance {
        try StoreRules.check(utterance, with: checker)
        let (account, logger, now) = (account, logger, Self.text(date))
        return try connector.wait { connection in
            try await connection.withTransaction(logger: logger) { connection in
                let alternatives = JSONValue.array(utterance.alternatives.map(JSONValue.string)).serialized()
                let id = try await connection.query("""
                    INSERT INTO utterance (account_id, text, source, created_at, reference_time, alternatives, audio_file, utc_offset)
                    VALUES (\(account), \(utterance.text), \(utterance.source.rawValue), \(now), \(utterance.referenceTime.description),
                            \(alternatives), \(utterance.audioFile), \(utterance.utcOffset.description))
                    RETURNING id
                    """, logger: logger).decode(Int64.self).all()[0]
                var entries: [StoredEntry] = []
                for (position, entry) in utterance.entries.enumerated() {
                    let entryID = try await connection.query("""
                        INSERT INTO entry (utterance_id, position, kind, time, fields, revision, revised_at)
                        VALUES (\(id), \(position), \(entry.kind), \(entry.time.description), \(entry.storedFields), 1, \(now))
                        RETURNING id
                        """, logger: logger).decode(Int64.self).all()[0]
                    try await Self.keepRevision(entryID, 1, entry, revisedAt: now, deletedAt: nil, connection, logger)
                    entries.append(StoredEntry(id: entryID, utteranceID: id, revision: 1, revisedAt: date, entry: entry,
                                               utcOffset: utterance.utcOffset))
                }
                return StoredUtterance(id: id, text: utterance.text, source: utterance.source, referenceTime: utterance.referenceTime,
                                       alternatives: utterance.alternatives, audioFile: utterance.audioFile, createdAt: date,
                                       undoneAt: nil, entries: entries, utcOffset: utterance.utcOffset)
            }
        }
    }

    public func undoLastUtterance(at date: Date) throws -> StoredUtterance? {
        let (account, logger) = (account, logger)
        return try connector.wait { connection in
            try await connection.withTransaction(logger: logger) { connection in
                let last = try await connection.query("""
                    SELECT id FROM utterance WHERE account_id = \(account) AND undone_at IS NULL ORDER BY id DESC LIMIT 1 FOR UPDATE
                    """, logger: logger).decode(Int64.self).all().first
                guard let last else { return nil }
                try await connection.query("UPDATE utterance SET undone_at = \(Self.text(date)) WHERE id = \(last)", logger: logger)
                return try await Self.utterance(last, account: account, connection, logger)
            }
        }
    }

    public func undo(utteranceID: Int64, at date: Date) throws -> StoredUtterance {
        let (account, logger) = (account, logger)
        return try connector.wait { connection in
            try await connection.withTransaction(logger: logger) { connection in
                let undone = try await connection.query("""
                    SELECT undone_at FROM utterance WHERE id = \(utteranceID) AND account_id = \(account) FOR UPDATE
                    """, logger: logger).decode(String?.self).all()
                guard let state = undone.first else { throw StorageError.noSuchUtterance(id: utteranceID) }
                if state == nil {
                    try await connection.query("UPDATE utterance SET undone_at = \(Self.text(date)) WHERE id = \(utteranceID)", logger: logger)
                }
                return try await Self.utterance(utteranceID, account: account, connection, logger)!
            }
        }
    }

    public func edit(entryID: Int64, applying text: String, editor: EntryEditor, now: LocalDateTime, at date: Date) throws -> StoredEntry {
        let (account, logger, checker) = (account, logger, checker)
        return try connector.wait { connection in
            try await connection.withTransaction(logger: logger) { connection in
                let rows = try await connection.query("""
                    SELECT entry.utterance_id, entry.kind, entry.time, entry.fields, entry.revision, entry.deleted_at,
                           utterance.undone_at, utterance.utc_offset
                    FROM entry JOIN utterance ON utterance.id = entry.utterance_id
                    WHERE entry.id = \(entryID) AND utterance.account_id = \(account) FOR UPDATE OF entry
                    """, logger: logger).decode((Int64, String, String, String, Int, String?, String?, String).self).all()
                guard let (utteranceID, kind, time, fields, revision, deletedAt, undoneAt, offset) = rows.first else {
                    throw StorageError.noSuchEntry(id: entryID)
                }
                if deletedAt != nil { throw StorageError.entryDeleted(id: entryID) }
                if undoneAt != nil { throw StorageError.entryUndone(id: entryID) }
                let current = try Entry(kind: kind, time: time, storedFields: fields)
                let edited: Entry
                switch editor.apply(text, to: current, now: now) {
                case .notUnderstood(let message): throw StorageError.editNotUnderstood(message)
                case .edited(let entry, _): edited = entry
                }
                try StoreRules.check(edited, now: now, with: checker)
                let utcOffset = UTCOffset(offset) ?? .utc
                guard (edited.kind, edited.time.description, edited.storedFields) != (kind, time, fields) else {
                    let revisedAt = try await connection.query("SELECT revised_at FROM entry WHERE id = \(entryID)", logger: logger)
                        .decode(String.self).all()[0]
                    return StoredEntry(id: entryID, utteranceID: utteranceID, revision: revision, revisedAt: Self.date(revisedAt),
                                       entry: current, utcOffset: utcOffset)
                }
                let stamp = Self.text(date)
                try await connection.query("""
                    UPDATE entry SET kind = \(edited.kind), time = \(edited.time.description), fields = \(edited.storedFields),
                        revision = \(revision + 1), revised_at = \(stamp) WHERE id = \(entryID)
                    """, logger: logger)
                try await Self.keepRevision(entryID, revision + 1, edited, revisedAt: stamp, deletedAt: nil, connection, logger)
                return StoredEntry(id: entryID, utteranceID: utteranceID, revision: revision + 1, revisedAt: date,
                                   entry: edited, utcOffset: utcOffset)
            }
        }
    }

    private static func keepRevision(_ entryID: Int64, _ revision: Int, _ entry: Entry, revisedAt: String, deletedAt: String?,
                                     _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.query("""
            INSERT INTO entry_revision (entry_id, revision, kind, time, fields, revised_at, deleted_at)
            VALUES (\(entryID), \(revision), \(entry.kind), \(entry.time.description), \(entry.storedFields), \(revisedAt), \(deletedAt))
            """, logger: logger)
    }

    // MARK: Reads

    public func entries(kind: String?, since: LocalDateTime?, until: LocalDateTime?, after position: EntryPosition?,
                        limit: Int?) throws -> [StoredEntry] {
        var bindings = PostgresBindings()
        var conditions = ["utterance.account_id = $1", "utterance.undone_at IS NULL", "entry.deleted_at IS NULL"]
        bindings.append(account)
        func bind(_ value: String) -> String {
            bindings.append(value)
            return "$\(bindings.count)"
        }
        if let kind { conditions.append("entry.kind = \(bind(kind))") }
        if let since { conditions.append("entry.time >= \(bind(since.description))") }
        if let until { conditions.append("entry.time < \(bind(until.description))") }
        if let position {
            let time = bind(position.time.description)
            bindings.append(position.id)
            conditions.append("(entry.time > \(time) OR (entry.time = \(time) AND entry.id > $\(bindings.count)))")
        }
        let query = PostgresQuery(unsafeSQL: """
            SELECT entry.id, entry.utterance_id, entry.kind, entry.time, entry.fields, entry.revision, entry.revised_at,
                   utterance.utc_offset
            FROM entry JOIN utterance ON utterance.id = entry.utterance_id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY entry.time, entry.id \(limit.map { "LIMIT \(max(0, $0))" } ?? "")
            """, binds: bindings)
        let logger = logger
        return try connector.wait { connection in
            var entries: [StoredEntry] = []
            for try await (id, utteranceID, kind, time, fields, revision, revisedAt, offset) in try await connection.query(query, logger: logger)
                .decode((Int64, Int64, String, String, String, Int, String, String).self) {
                entries.append(StoredEntry(id: id, utteranceID: utteranceID, revision: revision, revisedAt: Self.date(revisedAt),
                                           entry: try Entry(kind: kind, time: time, storedFields: fields),
                                           utcOffset: UTCOffset(offset) ?? .utc))
            }
            return entries
        }
    }

    /// One of the account's utterances with its entries in their current revision.
    private static func utterance(_ id: Int64, account: Int64, _ connection: PostgresConnection,
                                  _ logger: Logger) async throws -> StoredUtterance? {
        let rows = try await connection.query("""
            SELECT text, source, created_at, reference_time, alternatives, audio_file, undone_at, utc_offset
            FROM utterance WHERE id = \(id) AND account_id = \(account)
            """, logger: logger).decode((String, String, String, String, String, String?, String?, String).self).all()
        guard let (text, source, createdAt, referenceTime, alternatives, audioFile, undoneAt, offset) = rows.first else { return nil }
        let utcOffset = UTCOffset(offset) ?? .utc
        var entries: [StoredEntry] = []
        for try await (entryID, kind, time, fields, revision, revisedAt) in try await connection.query("""
            SELECT id, kind, time, fields, revision, revised_at FROM entry WHERE utterance_id = \(id) ORDER BY position
            """, logger: logger).decode((Int64, String, String, String, Int, String).self) {
            entries.append(StoredEntry(id: entryID, utteranceID: id, revision: revision, revisedAt: date(revisedAt),
                                       entry: try Entry(kind: kind, time: time, storedFields: fields), utcOffset: utcOffset))
        }
        let heard: [String]
        if case .array(let items)? = try? JSONParser.parse(alternatives) { heard = items.compactMap(\.stringValue) } else { heard = [] }
        return StoredUtterance(id: id, text: text, source: UtteranceSource(rawValue: source) ?? .typed,
                               referenceTime: LocalDateTime(iso: referenceTime) ?? LocalDateTime(secondsSinceEpoch: 0),
                               alternatives: heard, audioFile: audioFile, createdAt: date(createdAt),
                               undoneAt: undoneAt.map(date), entries: entries, utcOffset: utcOffset)
    }

    public func utteranceCount() throws -> Int {
        let (account, logger) = (account, logger)
        return try connector.wait { connection in
            try await connection.query("SELECT count(*) FROM utterance WHERE account_id = \(account)", logger: logger)
                .decode(Int.self).all()[0]
        }
    }

    public func ping() throws {
        let logger = logger
        try connector.wait { connection in _ = try await connection.query("SELECT 1", logger: logger).decode(Int.self).all() }
    }

    // MARK: Times as the SQLite store writes them

    /// An instant as text, UTC: `2026-11-21 10:00:00.000`.
    static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let milliseconds = (parts.nanosecond ?? 0) / 1_000_000
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", parts.year!, parts.month!, parts.day!,
                      parts.hour!, parts.minute!, parts.second!, milliseconds)
    }

    /// The instant of such text; the epoch for text of another shape.
    static func date(_ text: String) -> Date {
        let numbers = text.split(whereSeparator: { "-: .".contains($0) }).compactMap { Int($0) }
        guard numbers.count >= 6, let time = LocalDateTime(iso: String(text.prefix(19)).replacingOccurrences(of: " ", with: "T")) else {
            return Date(timeIntervalSince1970: 0)
        }
        let milliseconds = numbers.count > 6 ? Double(numbers[6]) / 1000 : 0
        return Date(timeIntervalSince1970: Double(time.secondsSinceEpoch) + milliseconds)
    }
}
