import Testing
import VoiceLogCore
import VoiceLogGrammars

/// Whatever the input, the parser gives exactly one result and never crashes.
@Suite struct BadInputTests {
    static let parser = UtteranceParser(grammar: BundledGrammar.grammar)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    @Test(arguments: [
        "", "   ", "...!?", "\u{0}\u{0}", "asdfgh 123", "turn on the lights", "🙂🙂🙂", "glucose glucose glucose",
        String(repeating: "9", count: 400), "- - - / / %", "point point point", "minus",
    ])
    func nonsenseIsUnrecognizedWithAMessage(input: String) {
        let result = Self.parser.parse(input, now: Self.now)
        #expect(result.status == .unrecognized || result.status == .incomplete, "\(input): \(result.status)")
        #expect(!result.problems.isEmpty)
        #expect(result.problems.allSatisfy { !$0.message.isEmpty })
    }

    @Test func aHundredThousandCharacterLineIsRefusedQuickly() {
        let line = String(repeating: "glucose 6.2 ", count: 8_400)
        let result = Self.parser.parse(line, now: Self.now)
        #expect(result.status == .unrecognized)
        #expect(result.problems.first?.message.contains("too long") == true)
    }

    @Test func invalidUTF8BecomesReplacementCharactersAndStillParses() {
        let bytes: [UInt8] = Array("glucose 6.2 ".utf8) + [0xFF, 0xFE, 0xC3]
        let result = Self.parser.parse(String(decoding: bytes, as: UTF8.self), now: Self.now)
        #expect(result.status == .ok)
        #expect(result.entries.first?["value"] == .number(6.2))
    }

    @Test func hugeNumbersAreInfeasibleNotWrapped() {
        let result = Self.parser.parse("glucose 99999999999999999999", now: Self.now)
        #expect(result.status != .ok)
    }

    /// Found by the fuzzer: an offset too large for the clock ended the program.
    @Test(arguments: [("glucose 6 22222222222222222222222222 hours ago", "ago"),
                      ("glucose 6 in 22222222222222222222222222 hours", "ahead"),
                      ("glucose 6 200 years ago", "ago"),
                      ("appointment with dr patel in 1000 years", "ahead")])
    func timesBeyondALifetimeAreInfeasible(sentence: String, side: String) {
        let result = Self.parser.parse(sentence, now: Self.now)
        #expect(result.status == .infeasible)
        let problem = result.problems.first { $0.severity == .error }
        #expect(problem?.field == "time")
        #expect(problem?.message.hasSuffix("is more than 150 years \(side). Please check the time.") == true)
        let fuzzed = "g..(...Q....1....22...22222222222222in222222222222222222222222222222222222222..\0\0\"\u{12}d...: t."
        #expect(!Extractor(grammar: BundledGrammar.grammar).spans(in: fuzzed, now: Self.now).isEmpty)
    }

    @Test func aTimeWithinALifetimeIsKept() {
        #expect(Self.parser.parse("glucose 6 149 years ago", now: Self.now).status == .ok)
    }

    @Test func negationIsNotLogged() {
        let result = Self.parser.parse("I did not take my insulin", now: Self.now)
        #expect(result.status == .unrecognized)
        #expect(result.problems.first?.message.contains("'not'") == true)
    }
}
