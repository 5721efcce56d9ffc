/// One kind of entry (`glucose`, `feeding`...): how it is said and which rules it obeys.
public struct EntryKind: Sendable {
    /// `join KIND.FIELD = OWN`: this kind's field `own` becomes `field` of an entry of `kind`.
    public struct Join: Sendable, Hashable {
        public var kind: String
        public var field: String
        public var own: String
    }

    public var name: String
    /// How the kind is named to the user ("blood pressure").
    public var label: String
    /// Field names in the order they are shown and written.
    public var fields: [String] = []
    /// Introductions: an entry of this kind holds exactly one.
    public var introductions: [Pattern] = []
    /// How many of `introductions` (the first ones) the speech grammar offers too; the rest
    /// are `typed say` lines, read only in text (shorthand such as "bsl", bare readings).
    public var spokenIntroductionCount = 0
    /// Parts that may come before or after the introduction, in any order, once each.
    public var parts: [Pattern] = []
    /// How many of `parts` (the first ones) the speech grammar offers too; the rest are
    /// `typed part` lines, read only in text.
    public var spokenPartCount = 0
    /// How many of `parts` (the last ones) are `reread part` lines: other readings of the same
    /// words, tried first only when what the others read is infeasible ("ran 14 km in 1:15" is
    /// an hour and a quarter, not a minute and a quarter).
    public var rereadPartCount = 0
    public var requirements: [Requirement] = []
    public var defaults: [Assignment] = []
    public var inferences: [Assignment] = []
    public var limits: [Limit] = []
    public var comparisons: [Comparison] = []
    public var refusals: [Refusal] = []
    /// Whether its time may lie ahead (appointments); times are then resolved forwards.
    public var allowsFuture = false
    /// Whether one line holds one such entry however often it is said: an entry equal to one
    /// before it in the line is the same entry said again ("feeling good, happy mood": `once`).
    public var isOncePerLine = false
    /// Amounts whose count said with no unit is logged as said, with a warning, instead of
    /// asking ("metformin 500"): `unitless amount`.
    public var unitlessAmounts: Set<String> = []
    /// Fields that a reading said after "and" without its introduction takes from the reading
    /// before when it says none: "levemir 6 units this morning and 8 last night" is levemir
    /// twice (`carry name insulin`).
    public var carried: [String] = []
    /// Fields that a reading of something felt or seen, said again after "and" or a comma
    /// without its introduction, takes from the one before: "headache 3/10 at 9am and 6/10 by
    /// 2pm" is the headache twice (`again name`). Unlike `carry`, nothing is given or taken.
    public var restated: [String] = []
    /// Fields that an entry saying none takes from the entry before it in the sentence that
    /// names one of their values: "bg 9.2 before dinner, 60g carbs" counts the dinner's carbs
    /// (`share meal`).
    public var shared: [String] = []
    /// The field of another kind's entry that a reading of this kind, said later in the
    /// sentence, is when that entry lacks it: a heart rate after a blood pressure is its pulse
    /// (`join blood_pressure.pulse = bpm`).
    public var join: Join?
    /// Whether the kind is something given or taken (a dose, a feed): it carries fields, and a
    /// number after a word of `states` ("he was 15.1") is none of it.
    public var isGivenOrTaken: Bool { !carried.isEmpty }
    /// Sentences that must parse to an `ok` entry of this kind; used in messages and tests.
    public var examples: [String] = []

    public init(name: String) {
        self.name = name
        self.label = name.replacingUnderscores()
    }
}

/// A field that must be present, perhaps only when a condition holds.
public struct Requirement: Sendable {
    public var field: String
    public var condition: Condition?
    /// What to tell the user, if the grammar words it; otherwise a message is built.
    public var message: String?
    /// Fields any one of which meets the requirement in place of `field`
    /// (`require duration_min | steps | distance_km`).
    public var alternatives: [String] = []

    /// `field` and its alternatives.
    public var anyOf: [String] { [field] + alternatives }
}

/// A field set to a value when it was not said and a condition holds.
public struct Assignment: Sendable {
    public var field: String
    public var value: String
    public var condition: Condition?

    /// The value as a field holds it: a number if it reads as one.
    public var fieldValue: FieldValue {
        Double(value).map(FieldValue.number) ?? .text(value)
    }
}

/// An accepted range for a number field; outside it the entry is infeasible (or, for a
/// warning, flagged).
public struct Limit: Sendable {
    public var path: String
    public var range: ClosedRange<Double>
    public var condition: Condition?
    public var isWarning: Bool
    /// What the range is ("a meter's range"), shown in the message.
    public var reason: String?
}

/// A combination of values that cannot be right, whatever the numbers: insulin in grams.
public struct Refusal: Sendable {
    /// The field the problem points at.
    public var field: String
    public var condition: Condition
    /// What to tell the user; `{field}` is filled in.
    public var message: String
}

/// A rule between two number fields: `systolic > diastolic`.
public struct Comparison: Sendable {
    public enum Relation: String, Sendable {
        case greater = ">", greaterOrEqual = ">=", less = "<", lessOrEqual = "<="
    }

    public var left: String
    public var relation: Relation
    public var right: String
    /// What the right field is multiplied by: `check distance_km <= duration_min*1.5`.
    public var rightFactor: Double = 1
    public var message: String?
}

/// Two fields said one before the other.
public struct FieldOrder: Sendable {
    public var earlier: String
    public var later: String
}

/// A test on one field of an entry.
public struct Condition: Sendable {
    public enum Test: Sendable {
        case oneOf([String])
        case noneOf([String])
        case compare(Comparison.Relation, Double)
        case within(ClosedRange<Double>)
    }

    public var path: String
    public var test: Test
    /// Fields that must also have been said in this order ("took 2 paracetamol": the count
    /// before the name, a number of tablets; "metformin 500": after it, a strength).
    public var order: FieldOrder?
    /// Tests that must hold as well (`when amount.unit = unit and name != heparin`).
    public var also: [Condition] = []

    /// - Parameter saidOrder: the entry's fields in the order they were said.
    public func holds(for entry: Entry, saidOrder: [String] = []) -> Bool {
        if let order {
            guard let earlier = saidOrder.firstIndex(of: order.earlier), let later = saidOrder.firstIndex(of: order.later),
                  earlier < later else { return false }
        }
        return testHolds(for: entry) && also.allSatisfy { $0.holds(for: entry, saidOrder: saidOrder) }
    }

    /// Whether `text` is one of `options`, or is in lower case: words as said keep their case
    /// ("EPO injection"), and the grammar writes them in lower case.
    private static func contains(_ options: [String], _ text: String) -> Bool {
        options.contains(text) || (text.utf8.contains { (65...90).contains($0) } && options.contains(text.lowercased()))
    }

    private func testHolds(for entry: Entry) -> Bool {
        let value = entry.lookup(path)
        switch test {
        case .oneOf(let options):
            guard let text = value?.displayText else { return false }
            return Self.contains(options, text)
        case .noneOf(let options):
            guard let text = value?.displayText else { return true }
            return !Self.contains(options, text)
        case .compare(let relation, let bound):
            guard let number = value?.number else { return false }
            return relation.holds(number, bound)
        case .within(let range):
            guard let number = value?.number else { return false }
            return range.contains(number)
        }
    }
}

extension Comparison.Relation {
    public func holds(_ left: Double, _ right: Double) -> Bool {
        switch self {
        case .greater: left > right
        case .greaterOrEqual: left >= right
        case .less: left < right
        case .lessOrEqual: left <= right
        }
    }
}

extension FieldValue {
    /// The value as plain text, for conditions and messages.
    public var displayText: String {
        switch self {
        case .number(let value): JSONValue.format(value)
        case .text(let text): text
        case .amount(let value, let unit): unit.map { "\(JSONValue.format(value)) \($0)" } ?? JSONValue.format(value)
        case .time(let time): time.description
        }
    }
}

extension String {
    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
