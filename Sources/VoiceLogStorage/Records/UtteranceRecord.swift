import Foundation
import GRDB

/// A row of the `utterance` table.
struct UtteranceRecord: Codable, Hashable {
    var id: Int64?
    var text: String
    var source: UtteranceSource
    var createdAt: Date
    var referenceTime: String
    /// A JSON array of strings.
    var alternatives: String
    var audioFile: String?
    var undoneAt: Date?
    /// `+01:00`: the UTC offset in force when it was logged.
    var utcOffset: String
    /// Whose log it is in.
    var accountID: Int64

    enum CodingKeys: String, CodingKey {
        case id, text, source
        case createdAt = "created_at"
        case referenceTime = "reference_time"
        case alternatives
        case audioFile = "audio_file"
        case undoneAt = "undone_at"
        case utcOffset = "utc_offset"
        case accountID = "account_id"
    }
}

extension UtteranceRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "utterance"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension UtteranceRecord {
    /// Its UTC offset; one another program wrote wrongly reads as `+00:00`.
    var offset: UTCOffset { UTCOffset(utcOffset) ?? .utc }
}
