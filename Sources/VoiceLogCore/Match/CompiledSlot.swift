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
    /// The unit group a `unit`, `quantity` or `strength(GROUP)` source names.
    let units: UnitReader?
    /// How many seconds one of a duration's unit is (`duration(min)`: 60).
    let durationFactor: Double
    /// The rule a `said(RULE)` source names, compiled.
    let said: CompiledPattern?

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
        case .unit(let group), .quantity(let group, _):
            units = matcher.units[group]
        default:
            units = nil
        }
        if case .duration(let unit, _) = source {
            durationFactor = matcher.units["time"]?.group.units.first { $0.symbol == unit }?.factor ?? 1
        } else {
            durationFactor = 1
        }
        if case .said(let rule) = source, let pattern = matcher.grammar.rules[rule] {
            said = CompiledPattern(pattern, matcher: matcher)
        } else {
            said = nil
        }
    }
}
