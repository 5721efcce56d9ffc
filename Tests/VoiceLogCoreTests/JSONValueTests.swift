import Testing
import VoiceLogCore
import VoiceLogGrammars

/// Numbers in the JSON contract are written so that the text reads back as the same text.
@Suite struct JSONValueTests {
    /// Found by the fuzzer: 1.1 hours is 66.00000000000001 minutes, written "66.0", read back
    /// as 66 and written again as "66".
    @Test func aDurationInHoursIsWrittenInWholeMinutes() throws {
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let result = parser.parse("walked 1.1 hours", now: LocalDateTime(iso: "2026-11-21T10:00:00")!)
        let json = result.json.serialized()
        #expect(json.contains("\"duration_min\": 66,"), "\(json)")
        #expect(try JSONParser.parse(json).serialized() == json)
    }

    @Test func numbersReadBackAsTheSameText() throws {
        let tenthsOfHours = (1...240).map { Double($0) / 10 * 60 }
        // decimals typed with up to 7 places at every magnitude, as a sentence can hold them
        let typed = (0..<20_000).map { index in
            Double(index &* 2_654_435_761 % 100_000_000) / Double([1, 10, 1_000, 10_000_000][index % 4])
                * Double([1, 1_000, 1_000_000][index % 3])
        }
        let awkward = [0.1 + 0.2, 1e-7, -2.5e-7, 4e-5, 123.4567894, 999_999.9999996, 999_999_999.9999996, 12_345_678_901.123457,
                       1e15, 2.5e20, -0.0000004, 7.0]
        for value in tenthsOfHours + typed + awkward {
            let text = JSONValue.format(value)
            #expect(!text.hasSuffix(".0"), "\(value) written as \(text)")
            let again = try JSONParser.parse(text).numberValue.map(JSONValue.format)
            #expect(again == text, "\(value): \(text) reads back as \(String(describing: again))")
        }
        #expect(JSONValue.format(6.2) == "6.2")
        #expect(JSONValue.format(0.1 + 0.2) == "0.3")
        #expect(JSONValue.format(-0.0000004) == "0")
    }
}
