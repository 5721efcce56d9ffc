/// A value a template captured, before it becomes a field of an entry.
enum CapturedValue: Hashable, Sendable {
    /// A list's value or an assignment's literal.
    case literal(String)
    case number(Double)
    /// A count and unit as said, with the unit's factor to its group's base if it has one.
    case quantity(value: Double, unit: String, factor: Double?)
    /// Words taken as said: the token range.
    case words(start: Int, end: Int)
    /// Everything typed from a token on, as typed: a note's text.
    case rest(start: Int)

    /// Whether it holds a number that was said.
    var isNumeric: Bool {
        switch self {
        case .number, .quantity: true
        case .literal, .words, .rest: false
        }
    }

    /// Whether it is a list's value that is a number ("3rd" of `ordinal`): read without being
    /// kept, it is named as not logged, as a number is.
    var isNumberWord: Bool {
        if case .literal(let text) = self { Double(text) != nil } else { false }
    }
}

/// What one way of matching has captured so far, and how much of it was loose.
struct Captures: Sendable {
    /// Marks a field set by a list phrase (`walked` sets intensity): a value said outright wins.
    static let softPrefix = "?"
    /// Marks a field captured in pieces that add up: "15 minutes each side" is
    /// `{duration_min*2+:…}`, 30 minutes.
    static let sumSuffix = "+"
    var values: [(field: String, value: CapturedValue)] = []
    /// The tokens of numbers a template read and keeps in no field ("1" of "1 hr after dinner
    /// 7.4"): the result names them in a warning, so that no number is dropped in silence.
    var unkept: [Range<Int>] = []
    /// Points taken off the match's size: free text and skipped words count less than
    /// words the grammar names.
    var penalty = 0

    func value(of field: String) -> CapturedValue? {
        values.first { $0.field == field }?.value
    }

    /// Whether `field` is a piece of `whole`: "amount.value" of "amount".
    private static func isPiece(_ field: String, of whole: String) -> Bool {
        let count = whole.utf8.count
        return field.utf8.count > count && field.hasPrefix(whole)
            && field.utf8[field.utf8.index(field.utf8.startIndex, offsetBy: count)] == UInt8(ascii: ".")
    }

    /// These captures with all of `other`'s, or nil when a field would hold two values.
    func merging(_ other: Captures) -> Captures? {
        if values.isEmpty {
            var merged = other
            merged.penalty += penalty
            merged.unkept = unkept + other.unkept
            return merged
        }
        var merged = self
        for (field, value) in other.values {
            // a number said in pieces is said in one part: another part's number is another
            // value ("plank 1:15, ran 5k in 24:30" is no run of 25.75 minutes); words add on
            // ("calpol" and "suspension")
            if value.isNumeric, field.hasSuffix(Self.sumSuffix) || values.contains(where: { $0.field.hasSuffix(Self.sumSuffix) }),
               values.contains(where: { $0.value.isNumeric && Self.base(of: $0.field) == Self.base(of: field) }) {
                return nil
            }
            guard let updated = merged.adding(field, value) else { return nil }
            merged = updated
        }
        merged.penalty += other.penalty
        merged.unkept += other.unkept
        return merged
    }

    /// These captures with `other`'s values of `fields` (and the values its phrases set for
    /// them) when they hold none of them: what a reading said after "and" takes from the one
    /// before. One that names any ("lantus 20 units and my metformin 500 mg") takes nothing.
    func carrying(_ fields: [String], from other: Captures) -> Captures {
        guard !holdsAny(of: fields) else { return self }
        var copy = self
        for field in fields {
            for (name, value) in other.values where Self.sameField(name, field) {
                copy.values.append((name, value))
            }
        }
        return copy
    }

    /// These captures once more at the time that `time` says, on their own day unless it says
    /// one: "naproxen 500mg yesterday at 8am and again at 8pm" is twice yesterday.
    func repeated(at time: Captures) -> Captures {
        let isDate = { (field: String) in Self.dateFields.contains(Self.plain(field)) }
        let saysDay = time.values.contains { isDate($0.field) }
        var again = self
        again.values.removeAll { EntryMatcher.isTime($0.field) && (saysDay || !isDate($0.field)) }
        (again.unkept, again.penalty) = ([], 0)
        return again.merging(time) ?? time
    }

    /// These captures on the day `time` says when they say a clock time and no day of their own:
    /// "ondansetron 8mg at 8am and 8pm yesterday" is twice yesterday; a part of a day is the
    /// later one's alone ("at 8 and again at 8pm last night").
    func onDay(of time: Captures) -> Captures {
        let isDate = { (field: String) in Self.dateFields.contains(Self.plain(field)) }
        guard values.contains(where: { EntryMatcher.isTime($0.field) }), !values.contains(where: { isDate($0.field) }),
              time.value(of: "time.period") == nil else { return self }
        var dated = self
        dated.values += time.values.filter { isDate($0.field) }
        return dated
    }

    /// The time fields that say a day.
    private static let dateFields: Set<String> = ["time.day", "time.weekday", "time.month", "time.day_of_month"]

    /// Whether a field names a day counted from today (`true`: "today", "last night") or by its
    /// date (`false`: "3 december"), or nil for another field. A weekday goes with either ("this
    /// morning, my Saturday dose").
    private static func dayKind(_ field: String) -> Bool? {
        switch plain(field) {
        case "time.day": true
        case "time.day_of_month": false
        default: nil
        }
    }

    /// These captures with the unit of `other`'s amount when they hold a count said without
    /// one: "2 puffs of ventolin at 5am and 2 more at 7am" is 2 puffs twice.
    func takingUnit(from other: Captures) -> Captures {
        guard value(of: "amount.value") != nil, value(of: "amount.unit") == nil else { return self }
        let unit: CapturedValue? = switch other.value(of: "amount") {
        case .quantity(_, let unit, _)?: .literal(unit)
        default: other.value(of: "amount.unit")
        }
        guard let unit else { return self }
        var copy = self
        copy.values.append(("amount.unit", unit))
        return copy
    }

    /// Whether an amount said without a unit is of the scale of `other`'s, whose unit it would
    /// take (within ten times): "metformin 850mg, 6.1 before dinner" is no dose of 6.1 mg.
    func amountIsOfScale(with other: Captures) -> Bool {
        guard value(of: "amount.unit") == nil, case .number(let said)? = value(of: "amount.value") else { return true }
        let before: Double? = switch other.value(of: "amount") ?? other.value(of: "amount.value") {
        case .quantity(let value, _, _)?, .number(let value)?: value
        default: nil
        }
        guard let before, before > 0, said > 0 else { return true }
        return max(said, before) / min(said, before) <= 10
    }

    /// Whether they hold a value for any of `fields` (or a phrase's own value for one).
    func holdsAny(of fields: [String]) -> Bool {
        values.contains { value in fields.contains { Self.sameField(value.field, $0) } }
    }

    /// These captures with `other`'s values in place of what they said for the same fields
    /// ("glucose 8.2, sorry, 7.2": the value said last stands).
    func correcting(with other: Captures) -> Captures {
        var copy = self
        copy.values.removeAll { old in other.values.contains { Self.sameField($0.field, old.field) } }
        copy.values += other.values
        copy.unkept += other.unkept
        return copy
    }

    /// Whether the two hold a value for a field in common (times aside).
    func overlaps(_ other: Captures) -> Bool {
        values.contains { mine in
            !Self.plain(mine.field).hasPrefix("time") && other.values.contains { Self.sameField($0.field, mine.field) }
        }
    }

    /// The fields a clock time is said in: its hour, or whole with a dot ("6.30").
    private static func isClockField(_ field: String) -> Bool { field == "time.hour" || field == "time.dotted" }

    /// Whether two captured names are one field, whole or in pieces ("amount", "amount.value"),
    /// a phrase's own (soft) field or not.
    private static func sameField(_ a: String, _ b: String) -> Bool {
        let (a, b) = (plain(a), plain(b))
        return a == b || isPiece(a, of: b) || isPiece(b, of: a)
    }

    /// The field a sum's piece adds to ("duration_min" of "duration_min/60+"), or the field.
    static func base(of field: String) -> Substring {
        field.hasSuffix(sumSuffix) ? field.prefix { $0 != "*" && $0 != "/" && $0 != "+" } : field[...]
    }

    /// A field's name without the mark of a phrase's own (soft) field.
    static func plain(_ field: String) -> String {
        field.hasPrefix(softPrefix) ? String(field.dropFirst(softPrefix.count)) : field
    }

    /// The captures with one more value, or nil when the field already holds another.
    func adding(_ field: String, _ value: CapturedValue) -> Captures? {
        if values.isEmpty || field.hasSuffix(Self.sumSuffix) {
            var copy = self
            copy.values.append((field, value))
            return copy
        }
        if let existing = self.value(of: field) {
            // a phrase's value said again is the same value; a number said twice is two
            return existing == value && !value.isNumeric ? self : nil
        }
        // a field said whole ("amount") and in pieces ("amount.value") would be two values
        if let dot = field.utf8.firstIndex(of: UInt8(ascii: ".")), !field.hasPrefix("time."),
           self.value(of: String(field[..<dot])) != nil { return nil }
        if !field.hasPrefix("time"), values.contains(where: { Self.isPiece($0.field, of: field) }) { return nil }
        // a clock said with a colon and another with a dot ("at 4am and another at 6.30") are two
        if Self.isClockField(field), values.contains(where: { Self.isClockField($0.field) }) { return nil }
        // a day said as one from today and another by its date ("today ... 3 december") are two
        // days
        if let kind = Self.dayKind(field), values.contains(where: { Self.dayKind($0.field).map { $0 != kind } ?? false }) { return nil }
        var copy = self
        copy.values.append((field, value))
        return copy
    }
}
