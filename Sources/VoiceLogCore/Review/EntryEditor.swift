/// Applies an edit typed or said at the review prompt to one entry. Pure: no I/O.
///
/// An edit is, in the order tried:
/// 1. a field and its new value: "value 6.8", "tag before dinner", "time 7:30",
///    "unit mg/dL" (a field's first word is enough: "volume 120 ml" for `volume_ml`);
/// 2. fields of the entry's kind without names: "6.8 before dinner", "at 7:30", "pulse 70";
/// 3. a whole new sentence for the entry: "glucose 6.8 after lunch", which replaces it.
///
/// The grammar reads every value (through ``UtteranceParser``), so an edit understands what a
/// sentence does, and the edited entry is checked by the same ``FeasibilityChecker``.
public struct EntryEditor: Sendable {
    public let parser: UtteranceParser

    public init(parser: UtteranceParser) {
        self.parser = parser
    }

    /// The entry after the edit, or why the edit was not understood.
    ///
    /// - Parameters:
    ///   - entry: the entry as shown at the prompt.
    ///   - text: the edit as typed.
    ///   - now: the reference clock, for stated times and the "not in the future" rule.
    public func apply(_ text: String, to entry: Entry, now: LocalDateTime) -> EntryEdit {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard let first = words.first, let kind = parser.grammar.kind(named: entry.kind) else {
            return .notUnderstood("Type a field and its new value, such as \(hint(for: entry.kind, now: now)), or the whole entry again.")
        }
        if let field = Self.field(named: String(first), in: kind) {
            let value = words.dropFirst().joined(separator: " ")
            if let reading = parser.readFields(value, of: kind.name, introductions: true, now: now), reading.gives(field) {
                return checked(merging(reading, into: entry, of: kind), now: now)
            }
            // a value named by its field that the kind's sentences would give another field:
            // "diastolic 85" (a bare number reads as the systolic), "where City Clinic"
            if let direct = directValue(value, for: field, in: kind) {
                let reading = FieldReading(fields: [(name: field, value: direct)], time: nil)
                return checked(merging(reading, into: entry, of: kind), now: now)
            }
            if parser.readFields(text, of: kind.name, now: now) == nil {
                let said = value.isEmpty ? "nothing" : "'\(value)'"
                return .notUnderstood("\(said.capitalizedFirst) is not a \(field.replacingUnderscores()) of \(kind.label.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind.label). Type it like \(hint(for: kind.name, now: now)).")
            }
        }
        if let reading = parser.readFields(text, of: kind.name, now: now) {
            return checked(merging(reading, into: entry, of: kind), now: now)
        }
        let result = parser.parse(text, now: now)
        switch (result.status, result.entries.count) {
        case (.unrecognized, _):
            return .notUnderstood("'\(text)' is neither a field of this \(kind.label) nor an entry. Type a field and its new value, such as \(hint(for: kind.name, now: now)), or the whole entry again.")
        case (.incomplete, _):
            return .notUnderstood(result.problems.first { $0.severity == .error }?.message ?? "That entry is not complete.")
        case (_, 1):
            return checked(result.entries[0], now: now)
        default:
            return .notUnderstood("'\(text)' holds \(result.entries.count) entries; type one entry to replace this one.")
        }
    }

    private func checked(_ entry: Entry, now: LocalDateTime) -> EntryEdit {
        .edited(entry, problems: parser.checker.problems(in: entry, now: now))
    }

    /// The entry with the fields the edit gives. A field inferred from a changed one is
    /// inferred again unless the edit gives it too: "glucose 6.2" edited to "value 120" is in
    /// mg/dL, not in the mmol/L that 6.2 implied. If no rule decides, it is left as it was
    /// and the feasibility rules judge it.
    private func merging(_ reading: FieldReading, into entry: Entry, of kind: EntryKind) -> Entry {
        var edited = entry
        for (name, value) in reading.fields { edited[name] = value }
        if let time = reading.time { edited.time = time }
        let changed = Set(reading.fields.map(\.name))
        var inferred: Set<String> = []
        for inference in kind.inferences where !inferred.contains(inference.field) && !reading.gives(inference.field) {
            guard let condition = inference.condition, changed.contains(condition.path), condition.holds(for: edited) else { continue }
            edited[inference.field] = inference.fieldValue
            inferred.insert(inference.field)
        }
        return edited
    }

    /// The value for a field named outright, when the kind reads that field as a number or as
    /// free words: one number ("85"), or the words as typed ("City Clinic").
    private func directValue(_ value: String, for field: String, in kind: EntryKind) -> FieldValue? {
        let sources = (kind.introductions + kind.parts).flatMap { $0.captures(of: field) }
        let tokens = Tokenizer.tokens(of: value).map(\.text)
        guard !tokens.isEmpty else { return nil }
        // a bare number in the field's own unit: "duration 45" (minutes), "volume 150" (ml)
        let numeric = sources.contains { source in
            switch source {
            case .number, .duration: true
            case .quantity(let group, _): parser.grammar.unitGroups[group]?.base != nil
            default: false
            }
        }
        if numeric,
           let whole = NumberReader(words: parser.grammar.numberWords).readings(tokens, at: 0).first(where: { $0.end == tokens.count }) {
            return .number(whole.value)
        }
        // one of the values the field takes, said as stored: "who baby", "contents both"
        if let values = parser.grammar.listValues(of: kind)[field], let known = values.first(where: { $0 == tokens.joined(separator: " ") }) {
            return .text(known)
        }
        if sources.contains(where: \.takesWordsAsSaid) {
            return .text(String(value.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()))
        }
        return nil
    }

    /// Names people use for fields whose own names they would not guess.
    static let aliases = ["place": "where", "location": "where", "doctor": "with", "who": "with", "note": "text",
                          "dose": "amount", "reading": "value", "level": "value", "heart": "bpm", "rate": "bpm"]

    /// The kind's field a word names: its name, or the first word of it (`volume` for
    /// `volume_ml`), or an alias (`place` for `where`); `time` for the entry's time.
    static func field(named word: String, in kind: EntryKind) -> String? {
        let word = word.lowercased()
        if word == "time" { return "time" }
        if let alias = aliases[word], kind.fields.contains(alias) { return alias }
        return kind.fields.first { $0 == word } ?? kind.fields.first { $0.split(separator: "_").first.map(String.init) == word }
    }

    /// "'value 6.2' or 'tag after dinner'": the first two fields of the kind's example.
    private func hint(for kindName: String, now: LocalDateTime) -> String {
        let example = parser.grammar.kind(named: kindName)?.examples.first
        let fields = example.map { parser.parse($0, now: now).entries.first?.fields ?? [] } ?? []
        let named = fields.filter { field in parser.grammar.kind(named: kindName)?.fields.contains(field.name) == true }
        let phrases = named.prefix(2).map { "'\($0.name.split(separator: "_").first ?? "") \($0.value.displayText)'" }
        return phrases.isEmpty ? "'time 7:30'" : phrases.joined(separator: " or ")
    }
}
