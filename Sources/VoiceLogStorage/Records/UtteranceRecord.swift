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

    enum CodingKeys: String, CodingKey {
        case id, text, source
        case createdAt = "created_at"
        case referenceTime = "reference_time"
        case alternatives
        case audioFile = "audio_file"
        case undoneAt = "undone_at"
    }
}

extension UtteranceRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "utterance"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
