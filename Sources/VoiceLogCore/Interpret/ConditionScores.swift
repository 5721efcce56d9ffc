/// A score said as "pain" right after a painful condition that has none (`scored_conditions` in
/// the grammar): "migraine, pain 6 out of 10" and "lupus flare. pain 8/10" are one symptom with
/// its score, not the condition and a pain. A condition said with its own severity or score
/// keeps the pain apart ("nausea mild, pain 7/10" is two symptoms), and so does one the list
/// does not name as painful ("nausea, pain 7/10").
struct ConditionScores {
    /// The symptom kind's number, if the grammar has one.
    private let symptom: Int?
    /// Words that make a symptom a painful condition ("migraine", "flare", "sore").
    private let conditionWords: Set<String>
    /// The name of a symptom that is only its score ("pain").
    private let scoreNames: Set<String>

    init(grammar: Grammar) {
        symptom = grammar.kinds.firstIndex { $0.name == "symptom" }
        conditionWords = grammar.words(of: "scored_conditions")
        scoreNames = grammar.words(of: "condition_score_names")
    }

    /// The matches, with each such pain's score given to the condition before it.
    func apply(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        guard let symptom, matches.count > 1 else { return matches }
        var scored = matches
        var index = 1
        while index < scored.count {
            let (owner, reading) = (scored[index - 1], scored[index])
            guard owner.kindIndex == symptom, reading.kindIndex == symptom, owner.end == reading.start,
                  Self.holdsOnly(["name", "score"], reading.captures), case .literal(let name)? = reading.captures.value(of: "name"),
                  scoreNames.contains(name), let score = reading.captures.value(of: "score"),
                  owner.captures.value(of: "score") == nil, !owner.captures.holdsAny(of: ["severity"]),
                  (owner.start..<owner.end).contains(where: { conditionWords.contains(context.tokens[$0]) }),
                  let captures = owner.captures.adding("score", score) else {
                index += 1
                continue
            }
            scored[index - 1].captures = captures
            scored[index - 1].end = reading.end
            scored.remove(at: index)
        }
        return scored
    }

    /// Whether the captures hold values of `fields` only (times aside).
    private static func holdsOnly(_ fields: Set<String>, _ captures: Captures) -> Bool {
        captures.values.allSatisfy { fields.contains(Captures.plain($0.field)) || EntryMatcher.isTime($0.field) }
    }
}
