import Testing
import VoiceLogCore
import VoiceLogGrammars

/// Every feasibility rule at its boundary: the `limit`, `warn`, `check` and `infer` lines are
/// read from the bundled grammar, so the table follows the grammar; the spec's own rules and
/// a few whole messages are pinned below.
@Suite struct FeasibilityRuleTests {
    static let grammar = BundledGrammar.grammar
    static let checker = FeasibilityChecker(grammar: grammar)
    static let parser = UtteranceParser(grammar: grammar)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    /// `value` moved by one hundredth, kept exact in decimal ("1.09", not "1.0899999").
    static func nudge(_ value: Double, _ hundredths: Double) -> Double {
        ((value * 100).rounded() + hundredths) / 100
    }

    /// An entry of `kind` that meets the limit's condition, with `value` at the limit's path.
    static func entry(_ kind: EntryKind, _ limit: Limit, value: Double) throws -> Entry {
        var entry = Entry(kind: kind.name, time: now)
        var unit = "mg"
        if let condition = limit.condition {
            guard case .oneOf(let options) = condition.test, let first = options.first else {
                Issue.record("\(kind.name): teach this test the condition of \(limit.path)")
                throw CancellationError()
            }
            if condition.path == "amount.unit" { unit = first } else { entry[condition.path] = .text(first) }
        }
        if limit.path == "amount.value" {
            entry["amount"] = .amount(value: value, unit: unit)
        } else {
            entry[limit.path] = .number(value)
        }
        return entry
    }

    /// Each limit and warning: both bounds pass, a hundredth beyond either fails, naming the
    /// field, the value heard and the bound.
    @Test func everyLimitAndWarningAtItsBounds() throws {
        var checked = 0
        for kind in Self.grammar.kinds {
            for limit in kind.limits {
                let severity: Problem.Severity = limit.isWarning ? .warning : .error
                let field = String(limit.path.prefix { $0 != "." })
                let low = limit.range.lowerBound, high = limit.range.upperBound
                for inside in [low, high] {
                    let problems = Self.checker.problems(in: try Self.entry(kind, limit, value: inside), now: Self.now)
                    #expect(!problems.contains { $0.field == field && $0.severity == severity },
                            "\(kind.name) \(limit.path) \(inside): \(problems)")
                }
                for (outside, bound) in [(Self.nudge(low, -1), low), (Self.nudge(high, 1), high)] {
                    let problems = Self.checker.problems(in: try Self.entry(kind, limit, value: outside), now: Self.now)
                    let problem = problems.first { $0.field == field && $0.severity == severity }
                    #expect(problem != nil, "\(kind.name) \(limit.path) \(outside): no \(severity) in \(problems)")
                    if let problem, outside < 0 {
                        // below a bound of zero the rule every kind follows speaks first
                        #expect(problem.message.contains("cannot be negative (\(JSONValue.format(outside)))"), "\(problem.message)")
                    } else if let problem {
                        #expect(problem.message.lowercased().contains("\(kind.label) \(JSONValue.format(outside))".lowercased()), "\(problem.message)")
                        #expect(problem.message.contains(JSONValue.format(bound)), "\(problem.message)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 15)
    }

    /// Each `check` line: values that keep the relation pass; the nearest that break it fail
    /// with a message naming both values.
    @Test func everyCheckAtItsBoundary() {
        var checked = 0
        for kind in Self.grammar.kinds {
            for comparison in kind.comparisons {
                let right = 100.0
                // the right field times its factor ("duration_min*1.5") is the bound
                let bound = right * comparison.rightFactor
                let (inside, outside): (Double, Double) = switch comparison.relation {
                case .greater: (bound + 1, bound)
                case .greaterOrEqual: (bound, bound - 1)
                case .less: (bound - 1, bound)
                case .lessOrEqual: (bound, bound + 1)
                }
                func problems(_ left: Double) -> [Problem] {
                    let entry = Entry(kind: kind.name, time: Self.now,
                                      fields: [(comparison.left, .number(left)), (comparison.right, .number(right))])
                    return Self.checker.problems(in: entry, now: Self.now)
                }
                #expect(problems(inside).isEmpty, "\(kind.name) \(comparison.left) \(inside): \(problems(inside))")
                let broken = problems(outside)
                #expect(broken.count == 1 && broken.first?.field == comparison.left, "\(broken)")
                #expect(broken.first.map { $0.message.contains(JSONValue.format(outside)) && $0.message.contains("100") } == true)
                checked += 1
            }
        }
        #expect(checked >= 1)
    }

    /// How each kind with `infer` lines is said with a bare number.
    static let bareNumberSentences = ["glucose": "glucose ", "temperature": "temperature ", "hba1c": "hba1c "]

    /// Kinds whose inferences test a whole number, so no value lies just outside a bound;
    /// `scoreGivesSeverity` checks them.
    static let wholeNumberInferences: Set<String> = ["symptom"]

    /// A pain score gives the severity (1-3 low, 4-6 moderate, 7-10 severe); a severity
    /// said outright wins.
    @Test(arguments: [("headache 0 out of 10", "low"), ("headache 3/10", "low"), ("headache 4 out of 10", "moderate"),
                      ("migraine 6/10", "moderate"), ("migraine 7 out of 10", "severe"), ("pain score 10", "severe"),
                      ("mild headache 8/10", "low")])
    func scoreGivesSeverity(sentence: String, severity: String) {
        let result = Self.parser.parse(sentence, now: Self.now)
        #expect(result.status == .ok, "\(result)")
        #expect(result.entries.first?["severity"]?.displayText == severity, "\(result)")
    }

    /// Each `infer` line: a value just inside fills the field; just outside, another line
    /// fills it or the result is infeasible, asking for the field with the value and bounds.
    @Test func everyInferenceAtItsBounds() throws {
        var checked = 0
        for kind in Self.grammar.kinds where !Self.wholeNumberInferences.contains(kind.name) {
            for (index, inference) in kind.inferences.enumerated() {
                let sentence = try #require(Self.bareNumberSentences[kind.name], "say how \(kind.name) is said with a bare number")
                let condition = try #require(inference.condition)
                let cases: [(inside: Double, outside: Double, bound: Double)] = switch condition.test {
                case .compare(.lessOrEqual, let bound): [(bound, Self.nudge(bound, 1), bound)]
                case .compare(.less, let bound): [(Self.nudge(bound, -1), bound, bound)]
                case .compare(.greaterOrEqual, let bound): [(bound, Self.nudge(bound, -1), bound)]
                case .compare(.greater, let bound): [(Self.nudge(bound, 1), bound, bound)]
                case .within(let range):
                    [(range.lowerBound, Self.nudge(range.lowerBound, -1), range.lowerBound),
                     (range.upperBound, Self.nudge(range.upperBound, 1), range.upperBound)]
                default: []
                }
                #expect(!cases.isEmpty, "teach this test the condition of \(kind.name)'s infer \(inference.field)")
                for (inside, outside, bound) in cases {
                    let filled = Self.parser.parse(sentence + JSONValue.format(inside), now: Self.now)
                    #expect(filled.entries.first?[inference.field]?.displayText == inference.value, "\(filled)")

                    let said = Entry(kind: kind.name, time: Self.now, fields: [(condition.path, .number(outside))])
                    let other = kind.inferences.first { $0.field == inference.field && $0.condition?.holds(for: said) == true }
                    let result = Self.parser.parse(sentence + JSONValue.format(outside), now: Self.now)
                    if let other {
                        #expect(result.entries.first?[inference.field]?.displayText == other.value, "\(result)")
                    } else {
                        #expect(result.status == .infeasible, "\(result)")
                        let problem = result.problems.first { $0.field == inference.field }
                        #expect(problem?.message.contains(JSONValue.format(outside)) == true, "\(result.problems)")
                        // the message names each value by its first rule ("C (34 to 43)", not a wider
                        // rule for readings out of range anyway)
                        let firstOfValue = kind.inferences.firstIndex { $0.field == inference.field && $0.value == inference.value }
                        if firstOfValue == index {
                            #expect(problem?.message.contains(JSONValue.format(bound)) == true, "\(result.problems)")
                        }
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 4)
    }

    /// The spec's feasibility table, said as a user would: each range's edges.
    @Test(arguments: [
        ("glucose 1.1 mmol/L", "ok"), ("glucose 1.0 mmol/L", "infeasible"),
        ("glucose 33.3 mmol/L", "ok"), ("glucose 33.4 mmol/L", "infeasible"),
        ("glucose 20 mg/dL", "ok"), ("glucose 19 mg/dL", "infeasible"),
        ("glucose 600 mg/dL", "ok"), ("glucose 601 mg/dL", "infeasible"),
        ("fed 5 ml formula", "ok"), ("fed 4 ml formula", "infeasible"),
        ("fed 350 ml formula", "ok"), ("fed 351 ml formula", "infeasible"),
        ("breastfed 1 minute", "ok"), ("breastfed 120 minutes", "ok"), ("breastfed 121 minutes", "infeasible"),
        ("drank 10 ml of water", "ok"), ("drank 9 ml of water", "infeasible"),
        ("drank 5000 ml of water", "ok"), ("drank 5001 ml of water", "infeasible"),
        ("temperature 34 C", "ok"), ("temperature 33.9 C", "infeasible"),
        ("temperature 43 C", "ok"), ("temperature 43.1 C", "infeasible"),
        ("temperature 93.2 F", "ok"), ("temperature 93.1 F", "infeasible"),
        ("temperature 109.4 F", "ok"), ("temperature 109.5 F", "infeasible"),
        ("oxygen 50 percent", "ok"), ("oxygen 49 percent", "infeasible"),
        ("oxygen 100 percent", "ok"), ("oxygen 101 percent", "infeasible"),
        ("blood pressure 260 over 160", "ok"), ("blood pressure 261 over 80", "infeasible"),
        ("blood pressure 60 over 30", "ok"), ("blood pressure 59 over 30", "infeasible"),
        ("blood pressure 120 over 29", "infeasible"), ("blood pressure 200 over 161", "infeasible"),
        ("blood pressure 120 over 80 pulse 30", "ok"), ("blood pressure 120 over 80 pulse 29", "infeasible"),
        ("blood pressure 120 over 80 pulse 220", "ok"), ("blood pressure 120 over 80 pulse 221", "infeasible"),
        ("blood pressure 81 over 80", "ok"), ("blood pressure 80 over 80", "infeasible"),
        ("took 10 tablets of paracetamol", "ok"), ("took 11 tablets of paracetamol", "infeasible"),
        ("took 100 units of insulin", "ok"), ("took 101 units of insulin", "infeasible"),
        ("took 0.5 units of insulin", "ok"), ("took 0.4 units of insulin", "infeasible"),
        ("walked for 600 minutes", "ok"), ("walked for 601 minutes", "infeasible"),
        ("weight 0.5 kg", "ok"), ("weight 0.4 kg", "infeasible"), ("weight 350 kg", "ok"), ("weight 351 kg", "infeasible"),
        ("weight 1 lb", "ok"), ("weight 770 lb", "ok"), ("weight 771 lb", "infeasible"),
    ])
    func specTableEdges(sentence: String, status: String) {
        let result = Self.parser.parse(sentence, now: Self.now)
        #expect(result.status.rawValue == status, "\(sentence): \(result.status) \(result.problems.map(\.message))")
    }

    @Test func negativeValuesAreInfeasibleForEveryNumberField() throws {
        for kind in Self.grammar.kinds {
            for limit in kind.limits where !limit.isWarning {
                let entry = try Self.entry(kind, limit, value: -1)
                let field = String(limit.path.prefix { $0 != "." })
                let problem = Self.checker.problems(in: entry, now: Self.now).first { $0.field == field }
                #expect(problem?.severity == .error && problem?.message.contains("cannot be negative (-1)") == true,
                        "\(kind.name) \(limit.path): \(String(describing: problem))")
            }
        }
        let said = Self.parser.parse("glucose minus 3", now: Self.now)
        #expect(said.status == .infeasible)
        #expect(said.problems.first?.message == "Glucose value cannot be negative (-3). Please check the number.")
    }

    @Test func systolicMustBeAboveDiastolic() {
        #expect(Self.parser.parse("blood pressure 120 over 119", now: Self.now).status == .ok)
        let result = Self.parser.parse("blood pressure 119 over 120", now: Self.now)
        #expect(result.status == .infeasible)
        #expect(result.problems.map(\.field) == ["systolic"])
    }

    @Test func breastfeedingSideIsLeftRightOrBoth() {
        for (said, side) in [("left side", "left"), ("on the right", "right"), ("both sides", "both")] {
            let result = Self.parser.parse("breastfed 10 minutes \(said)", now: Self.now)
            #expect(result.status == .ok && result.entries.first?["side"] == .text(side), "\(said): \(result)")
        }
        // Another side is never guessed from the words...
        let middle = Self.parser.parse("breastfed 10 minutes middle side", now: Self.now)
        #expect(middle.entries.first?["side"] == nil)
        // ...and an entry holding one (an edit, a stored row) is refused.
        let edited = Entry(kind: "feeding", time: Self.now,
                           fields: [("method", .text("breastfeeding")), ("duration_min", .number(10)), ("side", .text("middle"))])
        let problems = Self.checker.problems(in: edited, now: Self.now)
        #expect(problems.map(\.field) == ["side"])
        #expect(problems.first?.message == "Feeding side 'middle' is not one of left, right, both. Please check the side.")
    }

    @Test func anEntryMayBeFiveMinutesAheadButNoMore() {
        let glucose: [(String, FieldValue)] = [("value", .number(6.2)), ("unit", .text("mmol/L"))]
        let ahead = { (seconds: Int64) in
            Self.checker.problems(in: Entry(kind: "glucose", time: Self.now.adding(seconds: seconds), fields: glucose), now: Self.now)
        }
        #expect(ahead(FeasibilityChecker.futureSlackSeconds).isEmpty)
        #expect(ahead(FeasibilityChecker.futureSlackSeconds + 1).map(\.field) == ["time"])
        #expect(Self.parser.parse("glucose 6.2 in 4 minutes", now: Self.now).status == .ok)
        #expect(Self.parser.parse("glucose 6.2 in 6 minutes", now: Self.now).status == .infeasible)

        let appointment = Entry(kind: "appointment", time: Self.now.adding(days: 30), fields: [("with", .text("dr patel"))])
        #expect(Self.checker.problems(in: appointment, now: Self.now).isEmpty)
        #expect(Self.parser.parse("appointment with dr patel tomorrow at 9 am", now: Self.now).status == .ok)
    }

    /// Whole messages, word for word.
    @Test(arguments: [
        ("glucose 75 mmol/L", "value",
         "The entered number is not reasonable: glucose 75 mmol/L is above the highest meter reading (33.3 mmol/L). Please check the measurement."),
        ("bp 70 over 110", "systolic",
         "The first number (systolic, 70) must be higher than the second (diastolic, 110). Did you mean 110 over 70?"),
        ("temperature 75", "unit",
         "Temperature 75 could be C (34 to 43) or F (93 to 110), and it fits neither, so the unit is not clear. Please say the unit."),
        ("temp 45.2", "value",
         "The entered number is not reasonable: temperature 45.2 °C is above the highest body temperature (43 °C). Please check the measurement."),
        ("glucose 6.2 tomorrow at 9 am", "time",
         "The time understood, tomorrow 09:00, is later than now (today 10:00). Please check the time."),
        ("fed 400 ml formula", "volume_ml",
         "The entered number is not reasonable: feeding 400 ml is above the highest amount for one feed (350 ml). Please check the measurement."),
    ])
    func wholeMessages(sentence: String, field: String, message: String) {
        let result = Self.parser.parse(sentence, now: Self.now)
        #expect(result.status == .infeasible)
        let problem = result.problems.first { $0.severity == .error }
        #expect(problem?.field == field)
        #expect(problem?.message == message)
    }

    @Test func aWarningKeepsTheStatusOk() {
        let result = Self.parser.parse("glucose 3.8", now: Self.now)
        #expect(result.status == .ok)
        #expect(result.problems.map(\.message) == [
            "Glucose 3.8 mmol/L is below 3.9 mmol/L, outside the usual target range. Please check the reading and follow your care plan.",
        ])
    }
}
