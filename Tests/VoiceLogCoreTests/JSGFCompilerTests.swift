import Testing
import VoiceLogCore
import VoiceLogGrammars

/// The shape of the speech grammar compiled from `Grammars/`, rule by rule; that it loads in
/// PocketSphinx and what it hears are tested with the real decoder elsewhere.
@Suite struct JSGFCompilerTests {
    static let jsgf = JSGFCompiler(grammar: BundledGrammar.grammar, pronunciation: { $0 }).compile()

    /// The body of a rule, without its name and final semicolon.
    static func rule(_ name: String) -> String? {
        jsgf.split(separator: "\n").first { $0.hasPrefix("<\(name)> = ") }.map { String($0.dropFirst(name.count + 5).dropLast()) }
    }

    @Test func typedCommonPartsAreLeftOutOfSpeech() throws {
        let time = try #require(Self.rule("time"))
        #expect(time.contains("<list_period>"))  // "this morning" is said
        #expect(!Self.jsgf.contains("<list_month>"))  // dates are typed only
        #expect(!time.contains("half past"))
    }

    /// A list's `typed` lines are read in text only: "amox" is a medicine typed, never said.
    @Test func typedListLinesAreLeftOutOfSpeech() throws {
        let medicine = Set(try #require(Self.rule("list_medicine")).split { !$0.isLetter }.map(String.init))
        #expect(medicine.contains("paracetamol"))
        #expect(!medicine.contains("amox") && !medicine.contains("fluclox"))
    }

    @Test func typedUnitsAreLeftOutOfSpeech() throws {
        let units = try #require(Self.rule("units_dose"))
        #expect(units.contains("tablets") && !units.contains("pump"))
    }

    @Test func numbersComeFirstAfterTheIntroduction() throws {
        // "fed 120 ml of formula": the amount before the milk.
        let feeding = try #require(Self.rule("kind_feeding"))
        let first = try #require(Self.rule("kind_feeding_0"))
        #expect(first.contains("<quantity_feed_volume_5_300>"))
        #expect(feeding.contains("[<kind_feeding_0>]"))
    }

    @Test func aRequiredFieldOnlyTheTailGivesIsNotOptional() throws {
        let oxygen = try #require(Self.rule("kind_oxygen"))
        #expect(oxygen.hasSuffix(" <kind_oxygen_0>"))
        // A fluid's volume can come with its introduction ("a glass of water"), so it stays optional.
        let fluid = try #require(Self.rule("kind_fluid"))
        #expect(fluid.contains("[<kind_fluid_0>]"))
    }

    @Test func freeTextAtTheEndOfANoteBecomesTheCallersExpression() throws {
        // Without an expression the note is its introduction alone.
        #expect(Self.rule("kind_note")?.contains("free_text") == false)
        #expect(Self.rule("free_text") == nil)
        let withLoop = JSGFCompiler(grammar: BundledGrammar.grammar, pronunciation: { $0 }, freeText: "(a | b)+").compile()
        let lines = withLoop.split(separator: "\n")
        #expect(lines.contains("<free_text> = (a | b)+;"))
        let note = try #require(lines.first { $0.hasPrefix("<kind_note> = ") })
        #expect(note.hasSuffix(" [<free_text>]);"))
        // Inside a sentence ("{food:text} for breakfast") only when asked for (below).
        #expect(lines.filter { $0.contains("<free_text>") && !$0.hasPrefix("<free_text>") } == [note])
        #expect(!withLoop.contains("free_words"))
    }

    @Test func aFoodIsSaidWithTheWordsOfItsRuleAfterTheIntroduction() throws {
        // "had scrambled eggs for breakfast", "had fish and chips for tea"
        #expect(Self.rule("rule_food_said") == "<list_food_words> [<list_food_words>] [(and | with) <list_food_words> [<list_food_words>]]")
        #expect(Self.rule("kind_food_1") == "[of] [(a | an | some)] <rule_food_said>")
        // Never at the start of a sentence ("eggs for breakfast", "some toast had"): there the
        // words would compete with every kind.
        #expect(Self.rule("kind_food")?.contains("<rule_food_said> (for") == false)
        #expect(Self.rule("kind_food_lead")?.contains("rule_food_said") == false)
        // With free words asked for, those beside them.
        let withLoop = JSGFCompiler(grammar: BundledGrammar.grammar, pronunciation: { $0 }, freeText: "(a | b)+",
                                    freeWords: "(c | d)+").compile()
        #expect(withLoop.contains("<kind_food_1> = [of] [(a | an | some)] <rule_food_said_or_free>;"))
        #expect(withLoop.contains("<rule_food_said_or_free> = <list_food_words> [<list_food_words>] [(and | with) <list_food_words> [<list_food_words>]] | <free_words>;"))
        #expect(withLoop.contains("<free_words> = (c | d)+;"))
    }

    /// A `said(RULE)` capture in a spoken line is said as its rule's words, among the words of
    /// the choice around it: "dentist appointment" is said as before, and read with its `with`.
    @Test func aSaidCaptureIsItsRulesWordsInTheChoiceAroundIt() throws {
        let appointment = try #require(Self.rule("kind_appointment"))
        #expect(appointment.contains("| doctor | dentist | gp | dental | hospital |"))
    }

    @Test func ofSpellingsThatSoundTheSameOnlyTheFirstListedIsSaid() throws {
        let sounds = ["millilitre": "M", "milliliter": "M", "millilitres": "M Z", "milliliters": "M Z",
                      "doctor's": "D Z", "doctors": "D Z"]
        let jsgf = JSGFCompiler(grammar: BundledGrammar.grammar, pronunciation: { sounds[$0] ?? $0 }).compile()
        let lines = jsgf.split(separator: "\n")
        let millilitres = try #require(lines.first { $0.hasPrefix("<unit_feed_volume_ml> = ") })
        #expect(millilitres.contains("millilitre | millilitres"))
        #expect(!jsgf.contains("milliliter"))
        let appointment = try #require(lines.first { $0.hasPrefix("<kind_appointment> = ") })
        #expect(appointment.contains("doctor's |") && !appointment.contains("doctors"))
        // The text parser still reads every spelling.
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let now = LocalDateTime(iso: "2026-11-21T10:00:00")!
        #expect(parser.parse("fed 90 milliliters of formula", now: now).entries == parser.parse("fed 90 millilitres of formula", now: now).entries)
    }
}
