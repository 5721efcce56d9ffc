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
        // an assistant asked with nothing after, a skill with no name: no range runs backwards
        "alexa ask", "alexa tell me", "ok google ask to", "wet/", "/dirty", "wet/dirty/wet",
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

    /// Bytes that are not UTF-8 text are not read as an entry, whatever text is around them.
    @Test func invalidUTF8IsUnrecognizedWithAMessage() {
        let bytes: [UInt8] = Array("glucose 6.2 ".utf8) + [0xFF, 0xFE, 0xC3]
        let result = Self.parser.parse(String(decoding: bytes, as: UTF8.self), now: Self.now)
        #expect(result.status == .unrecognized)
        #expect(result.entries.isEmpty)
        #expect(result.problems.first?.message.contains("not valid UTF-8 text") == true)
    }

    /// Control characters (a binary file, a terminal's escape codes) are not text to log.
    @Test(arguments: ["glucose 6\u{01}\u{02}\u{03}", "\u{1B}[31mglucose 6.2\u{07}\u{00}", "\u{00}\u{00}\u{00}\u{00}6"])
    func controlCharactersAreUnrecognized(input: String) {
        let result = Self.parser.parse(input, now: Self.now)
        #expect(result.status == .unrecognized, "\(result)")
        #expect(result.entries.isEmpty)
    }

    /// Random bytes never give an `ok` entry.
    @Test func randomBytesAreNeverOk() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let bytes = (0..<Int(generator.next() % 40 + 1)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let result = Self.parser.parse(String(decoding: bytes, as: UTF8.self), now: Self.now)
            #expect(result.status != .ok, "\(bytes)")
        }
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

/// Dates and clock times that do not exist are never resolved by rolling over.
@Suite struct ImpossibleTimeTests {
    static let parser = UtteranceParser(grammar: BundledGrammar.grammar)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    @Test(arguments: [("glucose 6.2 on 31 February", "31 February"), ("glucose 6.2 on 30 february", "30 February"),
                      ("glucose 6.2 on the 31st of april", "31 April"), ("glucose 6.2 at 13pm", "13pm"),
                      ("glucose 6.2 at 0am", "0am"), ("glucose 6.2 on 29 february", "29"),
                      ("appointment with dr lee on 31 june at 10 am", "31 June"), ("glucose 6.2 at 25:10", "25:10"),
                      ("calpol 5ml at 4:70", "4:70"), ("temp 38.2 at 0375", "3:75"), ("glucose 5.3 on 32 December", "32 December")])
    func impossibleTimesAreNotOk(sentence: String, named: String) {
        let result = Self.parser.parse(sentence, now: Self.now)
        #expect(result.status == .infeasible, "\(result)")
        #expect(result.problems.contains { $0.field == "time" && $0.message.contains(named) }, "\(result.problems)")
    }

    /// A time that does not exist is not rolled over into one that does: the entry keeps the
    /// reference time, and the time named is what was said.
    @Test func aClockTimePastTheDayIsNotRolledOver() {
        let result = Self.parser.parse("glucose 6.2 at 25:10", now: Self.now)
        #expect(result.status == .infeasible)
        #expect(result.entries.first?.time == Self.now)
    }

    /// "the 31st" said in a month of 30 days is the last month that had one.
    @Test func theThirtyFirstIsTheLatestMonthThatHasOne() {
        let result = Self.parser.parse("glucose 6.2 on the 31st", now: Self.now)
        #expect(result.status == .ok)
        #expect(result.entries.first?.time == LocalDateTime(iso: "2026-10-31T10:00:00"))
    }

    @Test(arguments: ["2026-02-30T10:00:00", "2026-04-31T10:00:00", "2025-02-29T00:00:00", "2026-13-01T00:00:00"])
    func aReferenceClockThatDoesNotExistIsRefused(iso: String) {
        #expect(LocalDateTime(iso: iso) == nil)
    }

    @Test func aLeapDayIsAReferenceClock() {
        #expect(LocalDateTime(iso: "2028-02-29T10:00:00") != nil)
    }
}

/// A note keeps the words after "note" exactly as typed.
@Suite struct NoteTextTests {
    @Test(arguments: [("note =HYPERLINK(\"http://x\",\"click\")", "=HYPERLINK(\"http://x\",\"click\")"),
                      ("note: Felt dizzy after the bus ride!", "Felt dizzy after the bus ride!"),
                      ("glucose 6.2 and note shaky (bad) :-(  ", "shaky (bad) :-("),
                      ("Note -- 50% of lunch eaten, @school", "-- 50% of lunch eaten, @school")])
    func theNoteIsKeptAsTyped(sentence: String, text: String) {
        let result = ImpossibleTimeTests.parser.parse(sentence, now: ImpossibleTimeTests.now)
        #expect(result.status == .ok, "\(result)")
        #expect(result.entries.last?["text"] == .text(text), "\(result)")
    }

    @Test func aNoteWithNoWordsIsIncomplete() {
        #expect(ImpossibleTimeTests.parser.parse("note : ", now: ImpossibleTimeTests.now).status == .incomplete)
    }
}
