import Foundation
import VoiceLogCore

/// One revision of a stored entry: the current one in listings, or an older one in its history.
public struct StoredEntry: Hashable, Sendable {
    /// The entry's id; the same for every revision of it.
    public var id: Int64
    /// The utterance the entry was heard in.
    public var utteranceID: Int64
    /// 1 for the entry as first understood, then one more for each edit.
    public var revision: Int
    /// When this revision was written.
    public var revisedAt: Date
    public var entry: Entry
    /// The UTC offset in force when its utterance was logged.
    public var utcOffset: UTCOffset
    /// When it was deleted, if this revision deleted it; deleted entries are not listed.
    public var deletedAt: Date?

    public init(id: Int64, utteranceID: Int64, revision: Int, revisedAt: Date, entry: Entry,
                utcOffset: UTCOffset = .utc, deletedAt: Date? = nil) {
        self.utcOffset = utcOffset
        self.deletedAt = deletedAt
        self.id = id
        self.utteranceID = utteranceID
        self.revision = revision
        self.revisedAt = revisedAt
        self.entry = entry
    }

    public var isDeleted: Bool { deletedAt != nil }

    /// When it happened, with the UTC offset: `2026-11-21T10:00:00+01:00`.
    public var timeWithOffset: String { entry.time.description + utcOffset.description }

    /// The entry as in the entry contract, with `"id"` first; its time with the UTC offset
    /// when `withOffset` (as exports write it), else local.
    public func json(withOffset: Bool = false) -> JSONValue {
        guard case .object(let members) = entry.json else { return entry.json }
        return .object([("id", .number(Double(id)))]
            + members.map { withOffset && $0.0 == "time" ? ("time", .string(timeWithOffset)) : $0 })
    }
}
