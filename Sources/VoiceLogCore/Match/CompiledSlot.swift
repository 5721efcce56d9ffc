/// A capture prepared for matching: what its field's name says worked out once, and the list or
/// unit group its source names looked up once, not by name at every token it is tried at.
final class CompiledSlot: Sendable {
    let field: String
    let source: SlotSource
    /// Read, but kept in no field (`_`).
    let isDiscarded: Bool
    /// A piece of a sum (`duration_min*2+`): it may be captured more than once.
    let isSum: Bool
    /// A field of the entry's time.
    let isTime: Bool
    /// The list a `list`, `not_before`, `before_counted` or `text(LIST)` source names.
    let list: ListReader?
    /// The unit group a `unit`, `quantity` or `strength(GROUP)` source names; `time` for a duration.
    let units: UnitReader?
    /// What one of a duration's unit is in seconds.
    let durationFactor: Double

    init(field: String, source: SlotSource, matcher: PatternMatcher) {
        self.field = field
        self.source = source
        isDiscarded = field == Pattern.discard
        isSum = field.hasSuffix(Captures.sumSuffix)
        isTime = EntryMatcher.isTime(field)
        switch source {
        case .list(let name), .notBefore(let name), .beforeCounted(let name), .textHolding(let name, _):
            list = matcher.lists[name]
        default:
            list = nil
        }
        switch source {
        case .unit(let group), .quantity(let group, _), .strength(.units(let group)):
            units = matcher.units[group]
        case .duration:
            units = matcher.units["time"]
        default:
            units = nil
        }
        if case .duration(let unit, _) = source {
            durationFactor = units?.group.units.first { $0.symbol == unit }?.factor ?? 1
        } else {
            durationFactor = 1
        }
    }
}

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
