import Foundation
import GRDB

/// A row of the `entry_revision` table. Written only by the schema's triggers, so every
/// program that edits `entry` keeps the history.
struct EntryRevisionRecord: Codable, Hashable {
    var id: Int64
    var entryID: Int64
    var revision: Int
    var kind: String
    var time: String
    var fields: String
    var revisedAt: Date
    /// When it was deleted, in the revision that deleted it; nil otherwise.
    var deletedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id
        case entryID = "entry_id"
        case revision, kind, time, fields
        case revisedAt = "revised_at"
        case deletedAt = "deleted_at"
    }
}

extension EntryRevisionRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "entry_revision"
}
