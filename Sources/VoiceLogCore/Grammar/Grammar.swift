/// Everything that can be said, read from the files of `Grammars/`.
///
/// The text parser matches utterances against it, and the speech adapter compiles it to the
/// JSGF that PocketSphinx searches. `Grammars/README.md` describes the file format.
public struct Grammar: Sendable {
    public var lists: [String: PhraseList] = [:]
    public var rules: [String: Pattern] = [:]
    public var unitGroups: [String: UnitGroup] = [:]
    public var kinds: [EntryKind] = []
    /// Parts that every kind accepts, such as times.
    public var commonParts: [Pattern] = []
    /// How many of `commonParts`, at their start, are also said; the rest (`typed part`)
    /// are read in text only.
    public var spokenCommonPartCount = 0
    /// Words with a number that say who or when rather than what was measured ("my 6 week
    /// old", "day 3 of chemo"): read whole, logged in no field (text only).
    public var asides: [Pattern] = []
    /// The number words: spoken forms mapped to their roles.
    public var numberWords: NumberWords = NumberWords()

    public init() {}

    public func kind(named name: String) -> EntryKind? {
        kinds.first { $0.name == name }
    }

    /// Words dropped before matching ("um", "about").
    public var fillerWords: Set<String> { words(of: "filler").union(words(of: "hesitations")) }
    /// Words that may be skipped inside and between entries ("please", "and", "the", "Liam").
    public var glueWords: Set<String> { words(of: "glue").union(words(of: "people")).union(givenNames) }
    /// Given names ("Liam", "Evie's") and titles (read with the surname after them, "Mrs
    /// Okafor"): glue, but free text may end with them ("with Dr Ahmed"), and never what a slip
    /// is read as.
    public var givenNames: Set<String> { words(of: "names").union(words(of: "titles")) }
    /// Words that turn a sentence into something that did not happen ("not", "forgot"), or
    /// has not yet (`planWords`).
    public var negationWords: Set<String> { words(of: "negation").union(planWords) }
    /// Words that say something is yet to happen ("gonna", "planning").
    public var planWords: Set<String> { words(of: "plans") }
    /// Words that take back what was said before them ("sorry", "no", "actually").
    public var takingBackWords: Set<String> { words(of: "corrections").union(["no", "actually", "make"]) }
    /// Words that, right after a negation that follows the entries, make it a remark about
    /// them ("not great", "no reaction") rather than a negation.
    public var remarkWords: Set<String> { words(of: "remarks") }

    /// The phrases of a list, each as one string of its words.
    public func words(of list: String) -> Set<String> {
        Set(lists[list]?.phrases.map { $0.words.joined(separator: " ") } ?? [])
    }

    /// The names of lists that a list of list names holds (`everyday_lists`): a name's
    /// underscore parts it into words as a phrase ("body_pain"), so they are joined again.
    func listNames(in list: String) -> Set<String> {
        Set(lists[list]?.phrases.map { $0.words.joined(separator: "_") } ?? [])
    }
    /// Words that open a question or a command to the app rather than an entry ("when",
    /// "show"): a sentence starting with one is not logged.
    public var questionWords: Set<String> { words(of: "question") }

    /// Lists that shape a sentence rather than name a value.
    public static let structuralLists: Set<String> = [
        "filler", "hesitations", "glue", "negation", "question", "written", "reserved", "text_openers",
        "everyday_lists", "remarks", "shared_verbs", "breaks", "regimens", "back_again", "energy_gels", "corrections", "compound_names",
        "numbered_places", "ages", "text_breaks", "people", "names", "wake_words", "dictation_openers",
        "lacking_words", "span_connectors", "after_number_lists", "unlogged_measures", "measure_nouns",
        "plain_words", "repeats", "wake_calls", "empty_words", "changes", "text_blockers",
        "skill_calls", "skill_name_ends", "skill_name_last_words", "abbreviations", "shortened_words", "bare_intros", "ambiguous_minutes", "after_hour_minutes", "after_both", "over_words",
        "over_kinds", "comparisons", "clause_closers", "conjunctions", "cut_off_words", "carb_portions", "announcing_words", "statement_openings",
        "pronouns", "carb_words", "states", "occasions", "plain_phrases", "time_sharing_joins", "time_sharing_words", "time_present_words",
        "plans", "plans_for", "plan_actions", "after_negations", "not_done", "after_negation_tails", "clock_offsets", "rechecked_kinds", "shared_at_end", "left_over", "plan_openers",
        "circumstances", "return_words", "offer_words", "multipliers", "titles", "articles", "time_links", "change_verbs", "fell_not", "second_things", "score_bases",
    ]
}

/// A `list`: spoken phrases, each standing for a value and optional extra field values.
public struct PhraseList: Sendable {
    public struct Phrase: Sendable {
        /// The phrase's tokens, as normalised text would hold them.
        public var words: [String]
        /// The value the capture gets.
        public var value: String
        /// Further fields this phrase sets (`walked` sets `intensity = moderate`).
        public var assignments: [(field: String, value: String)]
        /// Whether it is read in text only and left out of the speech grammar (a line that
        /// starts with `typed`: shorthand, brands not yet measured in speech).
        public var isTyped = false
    }

    public var name: String
    public var phrases: [Phrase] = []
    /// Lists whose phrases this one holds too, named on a line as `<name>` (perhaps `typed`),
    /// added once every file is read.
    var includes: [(name: String, isTyped: Bool)] = []
}

/// A `units` group: the units one kind of quantity may be said in.
public struct UnitGroup: Sendable {
    public struct Unit: Sendable {
        /// The canonical symbol shown and stored (`ml`, `oz`, `tablet`).
        public var symbol: String
        /// How many base units one of this unit is, when the group has a base.
        public var factor: Double?
        public var phrases: [[String]]
        /// Whether the unit is read in text only and left out of the speech grammar (a line
        /// starting `typed`).
        public var isTyped = false
    }

    public var name: String
    /// The unit quantities convert to (`ml` for volumes), if any.
    public var base: String?
    /// Whether a count after a unit is of the next smaller unit: "11 stone 4" is 11 st 4 lb.
    public var isCompound = false
    /// Whether only a count of a unit with a count of a smaller one is read ("8 lb 6 oz",
    /// "3 kg 250 g"), never one unit alone: such a pair says a weight without a verb, where "6
    /// oz" alone is more often a feed.
    public var readsPairsOnly = false
    public var units: [Unit] = []
    /// The units said in speech: all but the `typed` ones.
    public var spokenUnits: [Unit] { units.filter { !$0.isTyped } }

    /// The units that the unit at `index` counts in a whole number of times, as units of one
    /// system do (a litre in millilitres, a stone in pounds, an hour in minutes), largest
    /// first: the ones a count may follow it in ("1 litre 200 ml"). A cup or a bottle reckoned
    /// in millilitres (250, 500) has none, so "a cuppa, 200ml" is no 450 ml.
    public func parts(of index: Int) -> [Int] {
        guard let factor = units[index].factor else { return [] }
        func countsIn(_ ratio: Double) -> Bool {
            let whole = ratio.rounded()
            guard abs(ratio - whole) < 1e-6 * whole else { return false }  // factors in a base unit carry rounding
            return whole <= 60 || [100.0, 1000, 1_000_000].contains(whole)
        }
        return units.indices.filter { units[$0].factor.map { $0 < factor && countsIn(factor / $0) } ?? false }
            .sorted { units[$0].factor! > units[$1].factor! }
    }
}

/// The number vocabulary, from the grammar's `numbers` section.
public struct NumberWords: Sendable {
    /// "zero" through "nine" and their variants ("oh", "nought").
    public var digits: [String: Int] = [:]
    /// "ten" through "nineteen".
    public var teens: [String: Int] = [:]
    /// "twenty" through "ninety".
    public var tens: [String: Int] = [:]
    /// "hundred", "thousand", "million".
    public var scales: [String: Int] = [:]
    /// Words for the decimal point ("point", "dot").
    public var point: Set<String> = []
    /// Words for minus ("minus", "negative").
    public var minus: Set<String> = []
    /// "half", "quarter", "third" with their values as fractions.
    public var fractions: [String: Double] = [:]
    /// Fractions read only after a count or "a" ("a third", "two fifths"): alone, the word is an
    /// ordinal ("third day running").
    public var countedFractions: Set<String> = []
    /// "a", "an": one, before a unit or scale.
    public var one: Set<String> = []
    /// Words read as zero in minutes and decimals only ("oh", "o").
    public var zeroInClock: Set<String> = []
    /// The first word the grammar lists for each value: how numbers are spelled out.
    public var preferred: [Int: String] = [:]
    /// Scales read only after a number written in digits ("k" in "10k").
    public var writtenScales: [String: Double] = [:]
    /// Words that multiply a count, "dozen"; alone after "a" ("a dozen").
    public var multipliers: [String: Double] = [:]
    /// Counts said only after "a": "a couple", "a pair".
    public var pairs: [String: Double] = [:]
    /// One whole unit of time: "all day", "another hour".
    public var whole: Set<String> = []
    /// What a score is out of, written after a slash: "5/10" is no fraction.
    public var scoreScales: Set<String> = []
    /// What is said before what a score is out of: "out of", "outta" ("ate out of ten").
    public var outOf: [[String]] = []
    /// Signs between a count and a number it multiplies: "2 x 500".
    public var times: Set<String> = []
    /// Words after which "one" is a pronoun, not a count: "the little one", "that one".
    public var pronounOneAfter: Set<String> = []
    /// Words a recogniser writes for a digit that sounds the same, read as it only before a
    /// scale: "to hundred and thirty" is 230.
    public var soundsLikeDigit: [String: Int] = [:]
    /// Units before which such a word is the digit too: "took for units of fiasp" is 4 units.
    public var soundsLikeDigitBefore: Set<String> = []
    /// Words before which such a word after tens ends the number: "seventy to after breakfast" is 72.
    public var soundsLikeDigitEndsBefore: Set<String> = []

    public init() {}
}
