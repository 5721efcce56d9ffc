import VoiceLogCore

extension StoredUtterance {
    /// The utterance of a row of the `utterance` table, with the given entries.
    init(_ record: UtteranceRecord, entries: [StoredEntry]) {
        let alternatives: [String]
        if case .array(let items)? = try? JSONParser.parse(record.alternatives) {
            alternatives = items.compactMap(\.stringValue)
        } else {
            alternatives = []
        }
        self.init(id: record.id!, text: record.text, source: record.source,
                  referenceTime: LocalDateTime(iso: record.referenceTime) ?? LocalDateTime(secondsSinceEpoch: 0),
                  alternatives: alternatives, audioFile: record.audioFile,
                  createdAt: record.createdAt, undoneAt: record.undoneAt, entries: entries,
                  utcOffset: record.offset)
    }
}
