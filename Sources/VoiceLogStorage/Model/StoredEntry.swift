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

    public init(id: Int64, utteranceID: Int64, revision: Int, revisedAt: Date, entry: Entry) {
        self.id = id
        self.utteranceID = utteranceID
        self.revision = revision
        self.revisedAt = revisedAt
        self.entry = entry
    }

    /// The entry as in the entry contract, with `"id"` first.
    public var json: JSONValue {
        guard case .object(let members) = entry.json else { return entry.json }
        return .object([("id", .number(Double(id)))] + members)
    }
}
