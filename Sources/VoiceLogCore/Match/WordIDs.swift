/// The grammar's words numbered once at load, so that matching compares integers instead of
/// hashing strings at every step.
struct WordIDs: Sendable {
    /// The id of a token that is no word of the grammar: no trie edge has it.
    static let unknown: Int32 = -1

    private var ids: [String: Int32] = [:]

    var count: Int { ids.count }

    /// The word's id, numbering it if it is new.
    mutating func intern(_ word: String) -> Int32 {
        if let id = ids[word] { return id }
        let id = Int32(ids.count)
        ids[word] = id
        return id
    }

    /// The word's id, or `unknown`.
    func id(of word: String) -> Int32 {
        ids[word] ?? Self.unknown
    }
}
