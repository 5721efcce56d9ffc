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

    @Test(arguments: [
        ("six point two", 6.2), ("seven point oh five", 7.05), ("one hundred and twenty", 120),
        ("a hundred", 100), ("two and a half", 2.5), ("one twenty", 120), ("one forty", 140),
        ("6.2", 6.2), ("6,2", 6.2), ("minus three", -3), ("-5", -5), ("forty five", 45),
        ("thirty eight point two", 38.2), ("ninety eight point six", 98.6), ("three quarters", 0.75),
        ("one thousand two hundred", 1200), ("two thousand and five", 2005), ("point five", 0.5),
        ("3/4", 0.75), ("1,000", 1000), ("nineteen", 19), ("one oh five", 105), ("zero", 0),
        ("a half", 0.5), ("one hundred thirty", 130), ("twelve hundred", 1200),
    ])
    func reads(text: String, expected: Double) {
        let value = Self.value(text)
        #expect(value.map { abs($0 - expected) < 1e-9 } == true, "\(text) read as \(String(describing: value))")
    }

    @Test func everyPrefixReadingIsOffered() {
        let tokens = ["one", "hundred", "and", "twenty"]
        let readings = Self.reader.readings(tokens, at: 0).map { [$0.end, Int($0.value)] }
        #expect(readings.contains([1, 1]))
        #expect(readings.contains([2, 100]))
        #expect(readings.contains([4, 120]))
    }
}
