import Testing
import VoiceLogCore
import VoiceLogGrammars

/// What the parser reports is what was said: values rendered to words (and to digits) for
/// a sweep of each kind's range parse back to the same entry.
@Suite struct RoundTripTests {
    static let parser = UtteranceParser(grammar: BundledGrammar.grammar)
    static let speller = NumberSpeller(words: BundledGrammar.grammar.numberWords)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    /// Every way `value` is spelled with `places` decimals, and its digits.
    static func sayings(_ value: Double, places: Int) -> [String] {
        let whole = places == 0 ? speller.spellings(of: Int(value)) : [speller.spelling(of: value, places: places)]
        return whole + [JSONValue.format(value)]
    }

    static func check(_ sentence: String, kind: String, _ expected: [String: Double]) {
        let result = parser.parse(sentence, now: now)
        #expect(result.entries.count == 1 && result.entries.first?.kind == kind, "\(sentence): \(result.entries.map(\.kind))")
        for (field, value) in expected {
            let got = result.entries.first?.lookup(field)?.number
            #expect(got.map { abs($0 - value) < 1e-9 } == true, "\(sentence): \(field) = \(String(describing: got)), said \(value)")
        }
    }

    @Test func glucoseInMillimoles() {
        for tenths in stride(from: 11, through: 333, by: 1) {
            let value = Double(tenths) / 10
            for saying in Self.sayings(value, places: value == value.rounded() ? 0 : 1) {
                Self.check("glucose \(saying) mmol/L", kind: "glucose", ["value": value])
            }
        }
    }

    @Test func glucoseInMilligrams() {
        for value in stride(from: 40, through: 600, by: 7) {
            for saying in Self.sayings(Double(value), places: 0) {
                Self.check("blood sugar \(saying) mg/dL", kind: "glucose", ["value": Double(value)])
            }
        }
    }

    @Test func bloodPressure() {
        for systolic in stride(from: 90, through: 200, by: 11) {
            for diastolic in stride(from: 50, through: 120, by: 9) where diastolic < systolic {
                for upper in Self.sayings(Double(systolic), places: 0) {
                    for lower in Self.sayings(Double(diastolic), places: 0) {
                        Self.check("blood pressure \(upper) over \(lower)", kind: "blood_pressure",
                                   ["systolic": Double(systolic), "diastolic": Double(diastolic)])
                    }
                }
            }
        }
    }

    @Test func temperatureAndOxygenAndWeight() {
        for tenths in stride(from: 350, through: 420, by: 3) {
            let value = Double(tenths) / 10
            for saying in Self.sayings(value, places: 1) {
                Self.check("temperature \(saying) celsius", kind: "temperature", ["value": value])
            }
        }
        for percent in 50...100 {
            for saying in Self.sayings(Double(percent), places: 0) {
                Self.check("oxygen \(saying) percent", kind: "oxygen", ["percent": Double(percent)])
            }
        }
        for kilograms in stride(from: 3, through: 180, by: 7) {
            for saying in Self.sayings(Double(kilograms), places: 0) {
                Self.check("weight \(saying) kg", kind: "weight", ["value": Double(kilograms)])
            }
        }
    }

    @Test func feedsAndDoses() {
        for millilitres in stride(from: 10, through: 340, by: 15) {
            for saying in Self.sayings(Double(millilitres), places: 0) {
                Self.check("fed \(saying) ml formula", kind: "feeding", ["volume_ml": Double(millilitres)])
            }
        }
        for units in 1...60 {
            for saying in Self.sayings(Double(units), places: 0) {
                Self.check("took \(saying) units of insulin", kind: "medication", ["amount.value": Double(units)])
            }
        }
    }
}
