/// A tag said as "before" or "after" alone, resolved against the sentence: "sugar 5.1 before
/// breakfast, 8.7 after" is after breakfast, "tennis 1 hr, bg 4.0 after" after a workout.
struct RelativeTag {
    /// The occasions of the grammar's `occasions` list, by the words that name them: a meal or
    /// tag ("breakfast", "snack") or a kind ("activity").
    private let occasions: [String: String]

    init(grammar: Grammar) {
        var occasions: [String: String] = [:]
        for phrase in grammar.lists["occasions"]?.phrases ?? [] {
            occasions[phrase.words.joined(separator: " ")] = phrase.value
        }
        self.occasions = occasions
    }

    /// `entry` with its tag "before" or "after" made "after breakfast" from the last entry before
    /// it that names an occasion; a warning, and no tag, when none does.
    func resolve(_ entry: inout Entry, after earlier: [Entry]) -> Problem? {
        guard case .text(let said)? = entry["tag"], said == "before" || said == "after" else { return nil }
        guard let occasion = earlier.reversed().lazy.compactMap(occasion(of:)).first else {
            entry["tag"] = nil
            return Problem(field: "tag", severity: .warning, message:
                "'\(said)' names no meal or activity said before it, so the reading has no tag.")
        }
        entry["tag"] = .text("\(said) \(occasion)")
        return nil
    }

    /// The occasion an entry names: its kind, or the last word of its tag or meal.
    private func occasion(of entry: Entry) -> String? {
        if let occasion = occasions[entry.kind] { return occasion }
        for field in ["tag", "meal"] {
            guard case .text(let value)? = entry[field] else { continue }
            if let occasion = occasions[value] ?? value.split(separator: " ").last.flatMap({ occasions[String($0)] }) {
                return occasion
            }
        }
        return nil
    }
}
