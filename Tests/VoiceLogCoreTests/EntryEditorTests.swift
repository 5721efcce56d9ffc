import Testing
import VoiceLogCore
import VoiceLogGrammars

/// Edits typed at the review prompt: a field and its value, unnamed fields, or a new sentence.
@Suite struct EntryEditorTests {
    static let parser = UtteranceParser(grammar: BundledGrammar.grammar)
    static let editor = EntryEditor(parser: parser)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    /// The entry that `sentence` parses to, after `edit`, as the entry contract's JSON.
    private func edited(_ sentence: String, _ edit: String) -> (json: String?, problems: [String], refusal: String?) {
        let entry = Self.parser.parse(sentence, now: Self.now).entries[0]
        switch Self.editor.apply(edit, to: entry, now: Self.now) {
        case .edited(let entry, let problems):
            return (entry.json.serialized(), problems.map(\.message), nil)
        case .notUnderstood(let message):
            return (nil, [], message)
        }
    }

    @Test(arguments: [
        ("glucose 6.2 after dinner", "value 6.8",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 6.8, "tag": "after dinner", "unit": "mmol/L"}"#),
        ("glucose 6.2 after dinner", "value six point eight",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 6.8, "tag": "after dinner", "unit": "mmol/L"}"#),
        ("glucose 6.2 after dinner", "tag before dinner",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 6.2, "tag": "before dinner", "unit": "mmol/L"}"#),
        ("glucose 6.2 after dinner", "time 7:30",
         #"{"kind": "glucose", "time": "2026-11-21T07:30:00", "value": 6.2, "tag": "after dinner", "unit": "mmol/L"}"#),
        ("glucose 120", "unit mmol/L",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 120, "unit": "mmol/L"}"#),
        ("glucose 6.2", "value 112 mg/dL",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 112, "unit": "mg/dL"}"#),
        ("glucose 6.2", "value 120",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 120, "unit": "mg/dL"}"#),
        ("glucose 120", "value 6.8",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 6.8, "unit": "mmol/L"}"#),
        ("temperature 38", "value 101",
         #"{"kind": "temperature", "time": "2026-11-21T10:00:00", "value": 101, "unit": "F"}"#),
        ("glucose 6.2 after dinner", "6.8 before lunch",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 6.8, "tag": "before lunch", "unit": "mmol/L"}"#),
        ("glucose 6.2 after dinner", "at half past eight",
         #"{"kind": "glucose", "time": "2026-11-21T08:30:00", "value": 6.2, "tag": "after dinner", "unit": "mmol/L"}"#),
        ("glucose 6.2 after dinner", "glucose 7.1",
         #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 7.1, "unit": "mmol/L"}"#),
        ("glucose 6.2 after dinner", "bp 120 over 80",
         #"{"kind": "blood_pressure", "time": "2026-11-21T10:00:00", "systolic": 120, "diastolic": 80}"#),
        ("bp 120 over 80", "pulse 70",
         #"{"kind": "blood_pressure", "time": "2026-11-21T10:00:00", "systolic": 120, "diastolic": 80, "pulse": 70}"#),
        ("fed 120 ml formula", "volume 4 oz",
         #"{"kind": "feeding", "time": "2026-11-21T10:00:00", "method": "formula", "volume_ml": 118.294, "amount": {"value": 4, "unit": "oz"}}"#),
        ("took 1 tablet of panadol", "name ibuprofen",
         #"{"kind": "medication", "time": "2026-11-21T10:00:00", "name": "ibuprofen", "amount": {"value": 1, "unit": "tablet"}}"#),
    ])
    func editsGiveTheEntry(sentence: String, edit: String, expected: String) {
        let result = edited(sentence, edit)
        #expect(result.refusal == nil)
        #expect(result.json == expected)
    }

    @Test func anInfeasibleEditIsShownWithTheRulesMessage() {
        // 35 is neither a likely mmol/L nor a likely mg/dL value, so the unit stays as it was.
        let result = edited("glucose 6.2 after dinner", "value 35")
        #expect(result.json == #"{"kind": "glucose", "time": "2026-11-21T10:00:00", "value": 35, "tag": "after dinner", "unit": "mmol/L"}"#)
        #expect(result.problems == ["The entered number is not reasonable: glucose 35 mmol/L is above the highest meter reading (33.3 mmol/L). Please check the measurement.",
                                   "Glucose 35 mmol/L is above 13.9 mmol/L, outside the usual target range. Please check the reading and follow your care plan."])
    }

    @Test func aTimeLaterThanNowIsRefusedByTheRules() {
        let result = edited("glucose 6.2", "time tomorrow at 9 am")
        #expect(result.problems == ["The time understood, tomorrow 09:00, is later than now (today 10:00). Please check the time."])
    }

    @Test(arguments: [
        ("glucose 6.2", "value lots",
         "'lots' is not a value of a glucose. Type it like 'value 6.2' or 'tag after dinner'."),
        ("glucose 6.2", "tag",
         "Nothing is not a tag of a glucose. Type it like 'value 6.2' or 'tag after dinner'."),
        ("glucose 6.2", "turn on the lights",
         "'turn on the lights' is neither a field of this glucose nor an entry. Type a field and its new value, such as 'value 6.2' or 'tag after dinner', or the whole entry again."),
        ("glucose 6.2", "glucose 6.8 and bp 120 over 80",
         "'glucose 6.8 and bp 120 over 80' holds 2 entries; type one entry to replace this one."),
        ("glucose 6.2", "blood pressure 120",
         "Blood pressure needs both numbers, the upper and the lower, like 'blood pressure 120 over 80'."),
    ])
    func editsNotUnderstoodSayWhatToType(sentence: String, edit: String, message: String) {
        #expect(edited(sentence, edit).refusal == message)
    }
}

/// Every field of every kind can be edited by the name a person uses for it, with the rules
/// applied again.
@Suite struct FieldByNameEditTests {
    @Test(arguments: [
        ("bp 120/80", "diastolic 85", "diastolic", "85"), ("bp 120/80", "systolic 130", "systolic", "130"),
        ("bp 120/80", "pulse 70", "pulse", "70"), ("glucose 6.2", "tag before dinner", "tag", "before dinner"),
        ("glucose 6.2", "unit mg/dL", "unit", "mg/dL"), ("walked 30 minutes", "duration 40 minutes", "duration_min", "40"),
        ("walked 30 minutes", "intensity high", "intensity", "high"), ("walked 30 minutes", "steps 5000", "steps", "5000"),
        ("ran 5k", "distance 8 km", "distance_km", "8"), ("fed 120 ml formula", "volume 150 ml", "volume_ml", "150"),
        ("fed 120 ml formula", "method breast milk", "method", "breast_milk"), ("breastfed 10 minutes left", "side right", "side", "right"),
        ("had toast for breakfast", "meal dinner", "meal", "dinner"), ("had toast for breakfast", "food porridge", "food", "porridge"),
        ("drank a glass of water", "volume 400 ml", "volume_ml", "400"), ("drank a glass of water", "drink tea", "drink", "tea"),
        ("mild headache", "severity severe", "severity", "severe"), ("migraine 5/10", "score 7", "score", "7"),
        ("mild headache", "name migraine", "name", "migraine"), ("feeling happy", "mood unhappy", "mood", "unhappy"),
        ("temp 38.2", "value 38.5", "value", "38.5"), ("sats 97", "percent 95", "percent", "95"),
        ("weight 81 kg", "value 80", "value", "80"), ("took 2 paracetamol", "amount 1 tablet", "amount", "1 tablet"),
        ("5u novorapid", "insulin basal", "insulin", "basal"), ("heart rate 70", "bpm 80", "bpm", "80"),
        ("45g carbs", "grams 50", "grams", "50"), ("45g carbs", "meal lunch", "meal", "lunch"),
        ("hba1c 48", "value 52", "value", "52"), ("pumped 90 ml", "side left", "side", "left"),
        ("baby slept 2 hours", "duration 90 minutes", "duration_min", "90"), ("wet nappy", "contents dirty", "contents", "dirty"),
        ("note felt dizzy", "text felt fine", "text", "felt fine"),
        ("appointment with dr lee on monday at 10am", "with Dr Patel", "with", "Dr Patel"),
        ("appointment with dr lee on monday at 10am", "place City Clinic", "where", "City Clinic"),
        ("appointment with dr lee on monday at 10am", "where City Clinic", "where", "City Clinic"),
    ])
    func aFieldIsEditedByItsName(sentence: String, edit: String, field: String, value: String) {
        let parser = EntryEditorTests.parser
        let entry = parser.parse(sentence, now: EntryEditorTests.now).entries[0]
        guard case .edited(let edited, _) = EntryEditorTests.editor.apply(edit, to: entry, now: EntryEditorTests.now) else {
            Issue.record("\(sentence) / \(edit): \(EntryEditorTests.editor.apply(edit, to: entry, now: EntryEditorTests.now))")
            return
        }
        #expect(edited[field]?.displayText == value, "\(edited)")
    }

    @Test func anEditBreakingARuleIsInfeasible() {
        let entry = EntryEditorTests.parser.parse("bp 120/80", now: EntryEditorTests.now).entries[0]
        guard case .edited(_, let problems) = EntryEditorTests.editor.apply("diastolic 130", to: entry, now: EntryEditorTests.now) else {
            Issue.record("not edited")
            return
        }
        #expect(problems.contains { $0.severity == .error })
    }
}

/// The prompt's own examples ("Type it like 'systolic 120' or 'diastolic 80'") always work.
@Suite struct PromptExampleTests {
    @Test(arguments: BundledGrammar.grammar.kinds.map(\.name))
    func theHintsOfEachKindAreEdits(kind: String) throws {
        let parser = EntryEditorTests.parser
        let example = try #require(parser.grammar.kind(named: kind)?.examples.first)
        let entry = try #require(parser.parse(example, now: EntryEditorTests.now).entries.first)
        let declared = try #require(parser.grammar.kind(named: kind)).fields
        for field in entry.fields.filter({ declared.contains($0.name) }).prefix(2) {
            let edit = "\(field.name.split(separator: "_").first ?? "") \(field.value.displayText)"
            guard case .edited(let edited, _) = EntryEditorTests.editor.apply(edit, to: entry, now: EntryEditorTests.now) else {
                Issue.record("\(kind): '\(edit)' is not understood")
                continue
            }
            #expect(edited[field.name] == field.value, "\(kind): '\(edit)' gave \(edited)")
        }
    }
}
