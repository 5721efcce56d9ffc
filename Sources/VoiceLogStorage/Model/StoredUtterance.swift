import Foundation
import VoiceLogCore

/// A committed utterance with its entries in their current revision.
public struct StoredUtterance: Hashable, Sendable {
    public var id: Int64
    public var text: String
    public var source: UtteranceSource
    public var referenceTime: LocalDateTime
    public var alternatives: [String]
    public var audioFile: String?
    /// When it was committed.
    public var createdAt: Date
    /// When it was undone; its entries are then kept but no longer listed.
    public var undoneAt: Date?
    public var entries: [StoredEntry]
    /// The UTC offset in force where it was logged.
    public var utcOffset: UTCOffset

    public init(id: Int64, text: String, source: UtteranceSource, referenceTime: LocalDateTime,
                alternatives: [String], audioFile: String?, createdAt: Date, undoneAt: Date?,
                entries: [StoredEntry], utcOffset: UTCOffset = .utc) {
        self.utcOffset = utcOffset
        self.id = id
        self.text = text
        self.source = source
        self.referenceTime = referenceTime
        self.alternatives = alternatives
        self.audioFile = audioFile
        self.createdAt = createdAt
        self.undoneAt = undoneAt
        self.entries = entries
    }

    public var isUndone: Bool { undoneAt != nil }
}
