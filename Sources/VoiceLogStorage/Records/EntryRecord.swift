import Foundation
import GRDB

/// A row of the `entry` table: an entry in its current revision.
struct EntryRecord: Codable, Hashable {
    var id: Int64?
    var utteranceID: Int64
    /// The entry's place in its utterance, from 0.
    var position: Int
    var kind: String
    /// Local ISO 8601, `2026-11-21T10:00:00`.
    var time: String
    /// A JSON object of the entry's fields, named as in the entry contract.
    var fields: String
    var revision: Int
    var revisedAt: Date
    /// When it was deleted, in the revision that deleted it; nil otherwise.
    var deletedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id
        case utteranceID = "utterance_id"
        case position, kind, time, fields, revision
        case revisedAt = "revised_at"
        case deletedAt = "deleted_at"
    }
}

extension EntryRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "entry"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
