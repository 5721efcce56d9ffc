import Testing
@testable import VoiceLogCore
import VoiceLogGrammars

@Suite struct NumberReaderTests {
    static let reader = NumberReader(words: BundledGrammar.grammar.numberWords)

    /// The longest reading of the whole phrase.
    static func value(_ text: String) -> Double? {
        let tokens = Tokenizer.tokens(of: text).map(\.text)
        return reader.readings(tokens, at: 0).last { $0.end == tokens.count }?.value
    }

    static let basic: [(String, Double)] = [
        ("six point two", 6.2), ("seven point oh five", 7.05), ("one hundred and twenty", 120),
        ("a hundred", 100), ("two and a half", 2.5), ("one twenty", 120), ("one forty", 140),
        ("6.2", 6.2), ("6,2", 6.2), ("minus three", -3), ("-5", -5), ("forty five", 45),
        ("thirty eight point two", 38.2), ("ninety eight point six", 98.6), ("three quarters", 0.75),
        ("one thousand two hundred", 1200), ("two thousand and five", 2005), ("point five", 0.5),
        ("3/4", 0.75), ("1,000", 1000), ("nineteen", 19), ("one oh five", 105), ("zero", 0),
        ("a half", 0.5), ("one hundred thirty", 130), ("twelve hundred", 1200),
        ("to hundred and thirty", 230), ("too hundred", 200),
        // a recogniser's homophones beside a number's own words
        ("for point ate", 4.8), ("six point to", 6.2), ("won forty", 140),
    ]

    /// Leading point, written number times a scale, "k".
    static let scaled: [(String, Double)] = [
        (".77", 0.77), (".08", 0.08), ("5 thousand", 5000), ("2 million", 2_000_000), ("322 hundred", 32200),
        ("3 hundred and 21", 321), ("4 thousand 3 hundred", 4300), ("2.12 hundred", 212),
        ("two point two million", 2_200_000), ("1 point 1", 1.1), ("10k", 10000), ("2.33 k", 2330),
        ("hundred thousand", 100_000), ("half million", 500_000), ("five and a half million", 5_500_000),
        ("one million and a half", 1_500_000), ("two thirds of a million", 2_000_000.0 / 3),
    ]

    /// Dozens and pairs.
    static let counted: [(String, Double)] = [
        ("a dozen", 12), ("two dozen", 24), ("half a dozen", 6), ("200 dozens", 2400), ("a couple", 2),
        ("a couple of", 2), ("a pair", 2), ("three hundred and two dozens", 324),
    ]

    /// Fraction words and mixed fractions.
    static let fractions: [(String, Double)] = [
        ("five eighths", 0.625), ("one and a fourth", 1.25), ("twenty and three fifths", 20.6), ("a fifth", 0.2),
        ("twenty fifths", 4), ("a hundredth", 0.01), ("three and one fourth", 3.25), ("one-eighth", 0.125),
        ("2 1/4", 2.25), ("2½", 2.5), ("⅔", 2.0 / 3), ("20/100", 0.2),
    ]

    /// Thousands parted by spaces.
    static let grouped: [(String, Double)] = [
        ("40 000", 40000), ("1 234 567", 1_234_567), ("1\u{202F}234\u{202F}567.89", 1_234_567.89), ("1.111,11", 1111.11),
    ]

    @Test(arguments: basic + scaled + counted + fractions + grouped)
    func reads(text: String, expected: Double) {
        let value = Self.value(text)
        #expect(value.map { abs($0 - expected) < 1e-9 } == true, "\(text) read as \(String(describing: value))")
    }

    /// Readings that must not be offered: they say something else in a health log (a date,
    /// blood pressure, metres, grams).
    static let misreadings: [(String, Double)] = [
        ("twenty fifth", 4), ("three hundred and two dozens", 3624), ("half a dozen", 0.5 * 13), ("2 500", 2500), ("one twenty over eighty", 1.5), ("120/80", 1.5),
        ("10 m", 10_000_000), ("3 g", 3_000_000_000), ("a glass", 2), ("to", 2), ("to five", 7),
        ("seven point one for", 7.14), ("for twenty", 420), ("for twenty", 24), ("for", 4), ("ate", 8),
        ("three hundred and fifty", 150), ("a three hundred ml bottle", 100), ("two hundred thousand", 1000),
    ]

    @Test(arguments: misreadings)
    func doesNotRead(text: String, wrong: Double) {
        let tokens = Tokenizer.tokens(of: text).map(\.text)
        let values = (0..<tokens.count).flatMap { Self.reader.readings(tokens, at: $0).map(\.value) }
        #expect(!values.contains { abs($0 - wrong) < 1e-9 }, "\(text) read as \(wrong)")
    }

    @Test func everyPrefixReadingIsOffered() {
        let tokens = ["one", "hundred", "and", "twenty"]
        let readings = Self.reader.readings(tokens, at: 0).map { [$0.end, Int($0.value)] }
        #expect(readings.contains([1, 1]))
        #expect(readings.contains([2, 100]))
        #expect(readings.contains([4, 120]))
    }
}
