/// A compiled template: what a run of words may look like, and what it captures.
public indirect enum Pattern: Hashable, Sendable {
    /// One literal token.
    case word(String)
    case sequence([Pattern])
    case choice([Pattern])
    case optional(Pattern)
    /// Captures what `source` matches into `field`.
    case capture(field: String, source: SlotSource)
    /// Sets `field` to a literal value without consuming words.
    case assign(field: String, value: String)
    /// A named rule of the grammar (`<name>`), resolved when the grammar is linked.
    case rule(String)

    /// The field name of a capture whose value is not kept: `{_:unit(percent)}`.
    public static let discard = "_"
    /// The capture that says how many entries the words stand for ("2 wet nappies" is two):
    /// logged that many times, in no field.
    static let copies = "copies"
}

/// What a capture reads: a list of phrases, or a built-in reader.
public enum SlotSource: Hashable, Sendable {
    /// A `list` of the grammar: phrases mapped to values.
    case list(String)
    /// A number, spoken or written, within optional bounds that text matching enforces.
    case number(NumberShape)
    /// The minutes of a clock time: 0-59, "oh five", "o'clock".
    case minute
    /// The minutes from one written clock time to another: "7:40-8:55", "11:30pm to 2:55am",
    /// "7pm-5am", "22:10 - 02:40". Text only.
    case span
    /// A number and a unit of the named `units` group: "5 oz", "a glass", "half a cup".
    /// `speech`, in the group's base unit, narrows only the speech grammar.
    case quantity(group: String, speech: SpeechNumberShape? = nil)
    /// A unit of the named `units` group alone; the capture gets its symbol.
    case unit(group: String)
    /// A number and a unit of time, converted to the named unit (`min`, `s`, `h`).
    /// `speech`, in that unit, narrows only the speech grammar.
    case duration(unit: String, speech: SpeechNumberShape? = nil)
    /// A medicine's strength written after its name and before its dose, taken as written:
    /// "30/500" of "co-codamol 30/500, 2 tablets", "100" of "clenil 100, 2 puffs"; an amount
    /// per volume: "120mg/5ml" of "calpol 120mg/5ml, 7.5ml"; a number with a unit of a group:
    /// "500mg" of "paracetamol 500mg x2 tabs". Text only.
    case strength(StrengthForm)
    /// Nothing, where no phrase of the named list starts: `{_:not_before(carb_words)}` after a
    /// food's grams keeps the grams of "banana 25g carbs" for the carbs. Text only.
    case notBefore(list: String)
    /// Nothing, where a number starts that a phrase of the named list follows, perhaps with a
    /// unit between: `{_:before_counted(carb_words)}` after a food's words keeps "pizza" of
    /// "pizza 60g carbs" a food beside the carbs. Text only.
    case beforeCounted(list: String)
    /// Nothing, where a clause ends: at the end of the line, before a comma or before a word of
    /// the `breaks` list ("sugar 5.1 before breakfast, 8.7 after"). Text only.
    case clauseEnd
    /// Nothing, where no comma or full stop parts the words before from those after: an
    /// amount's food follows it in one clause ("20g dark chocolate", not the "might be a
    /// trigger" of "dark chocolate 20g, might be a trigger"). Text only.
    case sameClause
    /// Nothing, at the line's first word: `{_:line_start} {name:text(not symptom_free_ends)}`
    /// reads a symptom the lists lack only where the line opens with it. Text only.
    case lineStart
    /// One or more words taken as they were said (a food, a name). `speech`, a rule's name,
    /// is what the speech grammar offers there after the kind's introduction: the rule's words
    /// and, when asked for, free words that the general language model reads; without it the
    /// speech grammar has no words for the capture.
    case text(speech: String? = nil)
    /// Words taken as said that end with a phrase of the named list and start with no unit
    /// ("grilled salmon" ends with "salmon" of `food_words`): a food said with its amount and
    /// no verb. With `holding` false, words that do not end so: no medicine named "pizza".
    case textHolding(list: String, holding: Bool = true)
    /// One word the grammar does not know, taken as said: "TMJ" of "TMJ pain 4". Text only.
    case unknownWord
    /// Every remaining word (the text of a note).
    case rest
    /// The words a rule of the grammar matches, taken as said: `{name+:said(symptom_place)}`
    /// keeps "in my left hand" in a symptom's name; read into `_`, the words cost a point, so
    /// that a reading that keeps them wins. Text only.
    case said(rule: String)

    /// Whether the capture takes words as they were said (a food, a note), not a value.
    public var takesWordsAsSaid: Bool {
        switch self {
        case .text, .textHolding, .unknownWord, .rest, .strength, .said: true
        case .list, .number, .minute, .span, .quantity, .unit, .duration, .notBefore, .beforeCounted, .clauseEnd, .sameClause, .lineStart: false
        }
    }
}

/// How a medicine's strength is written (`strength`, `strength(liquid)`, `strength(combined)`).
public enum StrengthForm: Hashable, Sendable {
    /// Two whole numbers with a slash between ("30/500"), or a whole number of 50 or more ("100").
    case plain
    /// Two whole numbers with a slash between only, as a combination's strength is written
    /// ("co-codamol 30/500", "fostair 100/6").
    case combined
    /// An amount per volume: "120mg/5ml".
    case liquid
}

/// Which numbers a capture accepts. `speech` narrows only the speech grammar, so that a
/// typed value outside it still parses and is reported by the feasibility rules.
public struct NumberShape: Hashable, Sendable {
    public var integerOnly: Bool
    /// Bounds enforced when matching text and speech.
    public var range: ClosedRange<Double>?
    /// Bounds and decimal places that the speech grammar spells out; nil for a general number.
    public var speech: SpeechNumberShape?
    /// Hours and minutes written with a point ("6.15", `clock` in templates): the two digits
    /// after the point must be below 60, so "at 9.7" is no time.
    public var isClock: Bool
    /// A number with a fraction or written with a point ("4.9", "three point three", "7.0",
    /// `decimal` in templates): "she was 4.9" is a reading, "she was 4" an age.
    public var isDecimal: Bool

    public init(integerOnly: Bool = false, range: ClosedRange<Double>? = nil, speech: SpeechNumberShape? = nil,
                isClock: Bool = false, isDecimal: Bool = false) {
        self.integerOnly = integerOnly
        self.range = range
        self.speech = speech
        self.isClock = isClock
        self.isDecimal = isDecimal
    }

    public func accepts(_ value: Double) -> Bool {
        if integerOnly, value != value.rounded() { return false }
        if let range, !range.contains(value) { return false }
        if isClock, ((value - value.rounded(.down)) * 100).rounded() >= 60 { return false }
        return true
    }
}

/// The numbers the speech grammar offers for one capture: whole numbers in `range`, with up
/// to `decimals` decimal places.
public struct SpeechNumberShape: Hashable, Sendable {
    public var range: ClosedRange<Int>
    public var decimals: Int

    public init(range: ClosedRange<Int>, decimals: Int) {
        self.range = range
        self.decimals = decimals
    }
}
