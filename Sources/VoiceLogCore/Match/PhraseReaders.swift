/// A list of the grammar ready for reading: its phrases in a trie whose payload is the phrase's
/// index in `phrases`.
final class ListReader: Sendable {
    let trie: PhraseTrie<Int>
    let phrases: [PhraseList.Phrase]

    init(_ list: PhraseList, words: inout WordIDs) {
        phrases = list.phrases
        trie = PhraseTrie(list.phrases.enumerated().map { index, phrase in (phrase.words.map { words.intern($0) }, index) })
    }
}

/// A unit group ready for reading: its units' phrases in a trie whose payload is the unit's
/// index, and for each unit the smaller units it counts in (`UnitGroup.parts(of:)`).
final class UnitReader: Sendable {
    let group: UnitGroup
    let trie: PhraseTrie<Int>
    let parts: [[Int]]

    init(_ group: UnitGroup, words: inout WordIDs) {
        self.group = group
        trie = PhraseTrie(group.units.enumerated().flatMap { index, unit in
            unit.phrases.map { phrase in (phrase.map { words.intern($0) }, index) }
        })
        parts = group.units.indices.map(group.parts(of:))
    }
}
