import Testing
import VoiceLogCore
import VoiceLogGrammars

/// How a sentence is shaped around its entries: numbers said again, choices, readings listed
/// with commas, clauses of what did not happen, an assistant's name, spans of clock time.
@Suite struct SentenceShapeTests {
    static let parser = UtteranceParser(grammar: BundledGrammar.grammar)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    static func parse(_ text: String) -> ParseResult { parser.parse(text, now: now) }

    /// The field's text in each entry of the text's reading, which must be `ok`.
    static func okTexts(_ text: String, _ field: String) -> [String?] {
        let result = parse(text)
        #expect(result.status == .ok, "\(text): \(result.problems)")
        return result.entries.map { $0.text(field) }
    }

    /// The kinds of the entries of the text's reading, which must be `ok`.
    static func okKinds(_ text: String) -> [String] {
        let result = parse(text)
        #expect(result.status == .ok, "\(text): \(result.problems)")
        return result.entries.map(\.kind)
    }

    /// The first entry of the kind in the text's reading, which must be `ok`.
    static func okEntry(_ text: String, kind: String) -> Entry? {
        let result = parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        return result.entries.first { $0.kind == kind }
    }

    /// A given name says who the line is about: skipped, never read as the grammar word one
    /// letter away, kept in free text; and a sport or a point of a match beside a reading is
    /// when it was taken, no activity to log.
    @Test(arguments: [
        ("Ruby bg 205 after dance", "glucose", "value", 205.0),
        ("Evie slept 13 hrs, the steroids knocked her out", "sleep", "duration_min", 780),
        ("Liam bg 3.3 at rugby, coach sorted him", "glucose", "value", 3.3),
        ("Josh had 20g carbs at half time", "carbs", "grams", 20),
        ("25g carbs mid run", "carbs", "grams", 25),
        ("dexcom says 180 and climbing", "glucose", "value", 180),
    ])
    func namesAndOccasionsAreNoEntries(text: String, kind: String, field: String, value: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == [kind])
        #expect(result.entries.first?.number(field) == value)
        #expect(!result.problems.contains { $0.message.hasPrefix("Read") })
    }

    @Test func aGivenNameStaysInFreeText() {
        let result = Self.parse("appointment with Sarah on Tuesday at 2pm")
        #expect(result.entries.first?.text("with") == "Sarah")
        #expect(Self.parse("olive oil drops in ear").problems.allSatisfy { !$0.message.contains("oliver") })
    }

    /// A number taken back and said again stands, and the warning names both.
    @Test(arguments: [
        ("pumped eighty no ninety mls", "volume_ml", 90.0),
        ("jogged twenty no twenty five minutes", "duration_min", 25),
        ("baby sleep fifty minutes no fifty five", "duration_min", 55),
        ("water four hundred ml no make that five hundred", "volume_ml", 500),
        ("formula 4oz oh no 3oz", "volume_ml", 88.7205),
        ("fed 90 ml no hang on 120 ml", "volume_ml", 120),
    ])
    func aNumberSaidAgainReplacesTheFirst(text: String, field: String, value: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.number(field) == value)
        #expect(result.problems.contains { $0.message.contains("as a correction of") })
        #expect(!result.takenBack.isEmpty)
    }

    /// A value denied beside the one that stands is no reading: "bg 7.3 not 3.7".
    @Test func aValueDeniedBesideAnotherIsNoReading() {
        let glucose = Self.okEntry("bg 7.3 not 3.7", kind: "glucose")
        #expect(glucose?.number("value") == 7.3)
        #expect(Self.okEntry("not 90 but 120 ml bottle", kind: "feeding")?.number("volume_ml") == 120)
    }

    /// A line that counts feeds or bottles, then lists them, is a feed for each; "each" after
    /// one amount repeats it; a pump's number after "and" is millilitres as the one before.
    @Test(arguments: [
        ("feeds so far: 90, 120, 100", "feeding", [90.0, 120, 100]),
        ("two bottles overnight, 90 ml at 1am and 110 ml at 4am", "feeding", [90, 110]),
        ("4 night feeds, 60ml each", "feeding", [60, 60, 60, 60]),
        ("pumped 85 ml at 7 and 95 at 9", "pumping", [85, 95]),
    ])
    func feedsListedAfterTheirCountAreEachLogged(text: String, kind: String, volumes: [Double]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.allSatisfy { $0.kind == kind })
        #expect(result.entries.map { $0.number("volume_ml") } == volumes)
    }

    /// Two values with "or" between them are a choice the parser does not make.
    @Test(arguments: ["bp 135/85 or maybe 135/88", "glucose 6.2 or 6.3"])
    func aChoiceOfTwoValuesIsAsked(text: String) {
        #expect(Self.parse(text).status == .incomplete)
    }

    /// Readings of one kind listed with commas are each an entry with its own tag.
    @Test func readingsListedWithCommasAreEachAnEntry() {
        let result = Self.parse("sugar 6.9 fasting, 8.9 after breakfast, 7.3 before lunch")
        #expect(result.status == .ok)
        #expect(result.entries.map { $0.number("value") } == [6.9, 8.9, 7.3])
        #expect(result.entries.map { $0.text("tag") } == ["fasting", "after breakfast", "before lunch"])
    }

    /// After a comma, a bare number is no second reading: "2 degrees outside" is no temperature.
    @Test func aNumberAfterACommaIsNoReadingWhenWordsFollowIt() {
        let result = Self.parse("temp 37.8, it's 2 degrees outside")
        #expect(result.status != .ok || result.entries.count == 1)
    }

    /// "N after H" is a clock time only with "at" or "minutes" before it: "headache 6/10 after 3
    /// coffees" was logged at 3:10, "carb ratio 1:10" at 1:10, "1 to 10" at 9:59.
    @Test func aCountAfterANumberIsNoClockTime() {
        #expect(Self.parse("headache 6/10 after 3 coffees").status != .ok)
        #expect(Self.parse("glucose 6.2 at 20 after 7").entries.first?.time.hour == 7)
        // a scale, a ratio or a dose counted is no time either
        #expect(Self.parse("on a scale of 1 to 10 my back pain is 6").entries.first?.time == Self.now)
        #expect(Self.parse("carb ratio 1:10, ate 60g carbs").entries.first?.time == Self.now)
        #expect(Self.parse("temp 37.8 on the 2nd dose of antibiotics").entries.first?.time == Self.now)
    }

    /// "sun" and "sat" are days only after a word that says so, before a date, a clock time or a
    /// dose, or opening the line: "mood good, sun is out" was dated last Sunday, "she sat him down"
    /// last Saturday; a flow "at 3 l/min" is no clock time (was 3 am).
    @Test func theSunAndAFlowAreNoTime() {
        #expect(Self.parse("mood: good, sun is out").entries.first?.time == Self.now)
        #expect(Self.parse("bs 9.3 sun 8pm").entries.first?.time == LocalDateTime(iso: "2026-11-15T20:00:00"))
        #expect(Self.parse("bg 5.4 last sun").entries.first?.time == LocalDateTime(iso: "2026-11-15T10:00:00"))
        // "sat" is a day only so placed, and a reading only before 85 or more or a "%"
        #expect(Self.parser.parse("bp 90 over 50, so she sat him down", now: LocalDateTime(iso: "2026-11-24T10:00:00")!).entries.first?.time
            == LocalDateTime(iso: "2026-11-24T10:00:00"))
        #expect(Self.parser.parse("Sat: bg 5.4", now: LocalDateTime(iso: "2026-11-24T10:00:00")!).entries.first?.time
            == LocalDateTime(iso: "2026-11-21T10:00:00"))
        #expect(Self.parse("sat 94").entries.first?.kind == "oxygen")
        let sats = Self.parse("sats 90 at 3 l/min")
        #expect(sats.entries.first?.time == Self.now)
        #expect(sats.entries.first?.number("flow_lpm") == 3)
    }

    /// "pain free" says there was none: nothing of pain is logged ("first pain free day in ages").
    @Test func painFreeIsNoPain() {
        #expect(Self.parse("pain free today").status == .unrecognized)
        #expect(Self.parse("mood great, first pain free day in ages").entries.map(\.kind) == ["mood"])
    }

    /// A drink had at a place is still a drink ("had a coffee at the cafe" was a food), and a food
    /// named before a reason or what was done next ends there.
    @Test func aPlaceOrAReasonEndsNoDrinkOrFood() {
        #expect(Self.parse("had a coffee at the cafe").entries.first?.kind == "fluid")
        #expect(Self.parse("had 3 jelly babies because my sugar was 3.2").entries.first?.text("food") == "jelly babies")
        #expect(Self.parse("ate 4 jelly babies and went back to bed").entries.first?.text("food") == "jelly babies")
    }

    /// "half 8" opening what was done is half past eight, as British English says it; never
    /// half a count ("half 2 tablets") or a dozen ("half a dozen").
    @Test func halfAnHourIsHalfPast() {
        #expect(Self.parse("half 8 bg 6.6").entries.first?.time == LocalDateTime(iso: "2026-11-21T08:30:00"))
        #expect(Self.parse("half 2 tablets").entries.first?.time == Self.now)
    }

    /// A combination's strength after its name stays in the name wherever the count is said:
    /// "took 2 co-codamol 30/500 at 9" was two medicines, one with no name; "co-codamol 30/500"
    /// alone was an amount of 0.06.
    @Test func aCombinationsStrengthIsPartOfItsName() {
        let result = Self.parse("took 2 co-codamol 30/500 at 9")
        #expect(result.entries.map { $0.text("name") } == ["co-codamol 30/500"], "\(result.entries)")
        for line in ["co-codamol 30/500", "took co-codamol 30/500"] {
            let alone = Self.parse(line)
            #expect(alone.entries.map { $0.text("name") } == ["co-codamol 30/500"], "\(line): \(alone.entries)")
            #expect(alone.entries.first?.lookup("amount") == nil, "\(line): \(alone.entries)")
        }
        #expect(Self.parse("entresto 49/51 mg one tablet").entries.first?.text("name") == "entresto 49/51 mg")
    }

    /// A span whose end is still to come today, within hours, is today's and so later than
    /// now: "nap from 10:30am to 11:15am" said at 10:00 was logged as yesterday's nap; a span
    /// that ended last night stays last night's.
    @Test func aSpanStillToComeIsNotYesterdays() {
        #expect(Self.parse("nap from 10:30am to 11:15am").status == .infeasible)
        #expect(Self.parse("slept 7pm-11pm").entries.first?.time == LocalDateTime(iso: "2026-11-20T19:00:00"))
    }

    /// A list kept for something else is asked of the assistant, not logged, wherever it is named.
    @Test func aShoppingListIsARequest() {
        #expect(Self.parse("add 6 eggs to the shopping list").status == .unrecognized)
        #expect(Self.parse("put nappies on the shopping list").status == .unrecognized)
    }

    /// A clause after the entries that says what did not happen is named, not logged, and
    /// does not undo the entries; one that holds a number or asks "how much" still stops.
    /// Words right after an entry that say it did not happen take it back whole; a dose said
    /// after a clause of what did not happen borrows nothing from it.
    @Test func anEntrySkippedOrRefusedIsNotLogged() {
        let refused = Self.parse("calpol refused, gave nurofen 2.5 ml instead")
        #expect(refused.status == .ok)
        #expect(refused.entries.compactMap { $0["name"]?.text } == ["nurofen"])
        #expect(refused.negated == ["calpol refused"])
        #expect(Self.parse("fybogel skipped, constipation mild").entries.map(\.kind) == ["symptom"])
        #expect(Self.parse("glucose 5.8, metformin not taken yet").entries.map(\.kind) == ["glucose"])
        #expect(Self.parse("lantus 14 units skipped").status == .unrecognized)
        // not what was done after: "breastfed 5 min left then refused" is a feed
        #expect(Self.parse("breastfed 5 min left then refused").entries.map(\.kind) == ["feeding"])
        #expect(Self.parse("didn't take paracetamol, 500 mg").status == .incomplete)
        // "no" after "and" or a pause, before no number, says there was none; else it corrects
        #expect(Self.parse("drank 3 glasses of water and no tea").entries.first?["drink"]?.text == "water")
        #expect(Self.parse("breastfed 20 min left no right").entries.first?["side"]?.text == "right")
        // a medicine a symptom is put down to is no dose
        #expect(Self.parse("nausea from the metformin").entries.map(\.kind) == ["symptom"])
        // a medicine stopped is no dose, a nurse off sick no symptom
        #expect(Self.parse("temp was 36.9 this morning, stopped the nurofen").entries.map(\.kind) == ["temperature"])
        #expect(Self.parse("picc flush skipped, nurse off sick").status == .unrecognized)
    }

    /// What a reading is set against (a dry weight, a target, a fluid limit, when to ring) is
    /// named, not logged; a change of weight is no weight.
    @Test func whatAReadingIsSetAgainstIsNoReading() {
        for text in ["weight 84.6 kg, dry weight is 82", "bp 126 over 74, target is under 130 over 80",
                     "drank 300 ml of tea, my limit is 1.5 litres a day", "weight 209 lbs, call the clinic if it goes over 212",
                     "weighed 91.2 kg, the heart failure nurse wants me under 90"] {
            let result = Self.parse(text)
            #expect(result.status == .ok, "\(text)")
            #expect(result.entries.count == 1, "\(text)")
            #expect(!result.asides.isEmpty, "\(text)")
        }
        #expect(Self.parse("weight's down 2 pounds on yesterday").status == .incomplete)
        #expect(Self.parse("weight 71.5 kg, up a bit on yesterday").status == .ok)
    }

    /// What is yet to happen is not logged: a plan before what is planned ("will take"), not
    /// "will be" or "gonna log".
    @Test func aPlanIsNotLogged() {
        #expect(Self.parse("gonna bolus 4 units").status == .unrecognized)
        #expect(Self.parse("planning 40g carbs for lunch").status == .unrecognized)
        let recheck = Self.parse("glucose 6.2, will recheck in an hour")
        #expect(recheck.status == .ok)
        #expect(recheck.problems.contains { $0.message.contains("yet to happen: 'will recheck in an hour'") })
        #expect(Self.parse("will start dexamethasone tomorrow, 4 mg").status != .ok)
        #expect(Self.parse("bp 135/85, the nurse will be pleased").status == .ok)
        #expect(Self.parse("gonna log bg 6.2").status == .ok)
    }

    /// A kind named with a question mark for its value is no entry to log whole ("carbs ?").
    @Test func aKindAskedWithAQuestionMarkIsIncomplete() {
        #expect(Self.parse("carbs 35 - carbs ? - pasta for lunch").status == .incomplete)
        #expect(Self.parse("glucose ?? - bg 96").status == .incomplete)
    }

    @Test func aClauseOfWhatDidNotHappenIsNamed() {
        let result = Self.parse("sugar 15.9 high, missed my glycomet")
        #expect(result.status == .ok)
        #expect(result.entries.map(\.kind) == ["glucose"])
        #expect(result.negated == ["missed my glycomet"])
        #expect(Self.parse("gave amoxicillin, forgot how much").status != .ok)
        #expect(Self.parse("ozempic jab done, cant remember dose").status != .ok)
        #expect(Self.parse("didnt take my metformin").status == .unrecognized)
        // right after an entry, without a comma; "no" there takes back instead
        #expect(Self.parse("bs 17.3 forgot to bolus").negated == ["forgot to bolus"])
        #expect(Self.parse("bs 17.3 😬 forgot to bolus").entries.map(\.kind) == ["glucose"])
        #expect(Self.parse("oxygen 94 no wait").status != .ok)
        // a clause starts at "and", "so", "but"...; before every entry, one ends at a break
        let walk = Self.parse("walked with the frame, took about fifteen minutes and she didn't need to stop")
        #expect(walk.status == .ok)
        #expect(walk.negated == ["and she didn't need to stop"])
        let sleep = Self.parse("didn't sleep well, glucose 9.1")
        #expect(sleep.entries.map(\.kind) == ["glucose"])
        #expect(sleep.negated == ["didn't sleep well"])
        // each clause of what did not happen is named
        #expect(Self.parse("couldn't find her glasses, bp 128/80 and she didn't want lunch").negated.count == 2)
    }

    /// A number a template reads and keeps in no field ("1 hr" of "1 hr after dinner") is
    /// named in a warning, never dropped in silence; a device's model is no reading.
    @Test func aNumberKeptInNoFieldIsNamed() {
        let result = Self.parse("post meal 1 hr 141")
        #expect(result.status == .ok)
        #expect(result.entries.map { $0.number("value") } == [141])
        #expect(result.entries.first?.text("tag") == "after meal")
        #expect(result.asides == ["1"])  // the count the template read, without its unit
        let dose = Self.parse("Omnipod 5 bolus 3.2u")
        #expect(dose.status == .ok && dose.entries.count == 1)
        #expect(dose.entries.first?.fields.first { $0.name == "amount" }?.value == .amount(value: 3.2, unit: "unit"))
    }

    @Test(arguments: ["hey google pee diaper", "alexa tell voicelog wet nappy", "ok google, wet nappy", "alexa tell voice log wet nappy"])
    func anAssistantsNameIsDropped(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok)
        #expect(result.entries.map(\.kind) == ["nappy"])
    }

    /// "note that" asks for the rest to be logged when it reads whole; else it is a note.
    @Test func noteThatLogsTheRestWhenItReadsWhole() {
        #expect(Self.parse("note that she had a wet nappy").entries.map(\.kind) == ["nappy"])
        #expect(Self.parse("note that the clinic moved").entries.map(\.kind) == ["note"])
    }

    /// Two clock times written in digits are a span; a range of an amount is not.
    @Test(arguments: [("nap 7:40-8:55", 75.0), ("LO slept 7pm-5am", 600), ("slept from 11:30pm to 2:55am", 205),
                      ("Sleep: 22:10 - 02:40", 270), ("slept from 11 to 6", 420)])
    func aSpanOfClockTimeIsItsMinutes(text: String, minutes: Double) {
        let result = Self.parse(text)
        #expect(result.entries.first?.number("duration_min") == minutes, "\(result.entries)")
    }

    @Test(arguments: ["baby slept 2-3 hours", "she took 3-4oz"])
    func aRangeOfAnAmountIsNoSpan(text: String) {
        #expect(Self.parse(text).status != .ok)
    }

    /// "forty five" and "six point three" are one number each, never two.
    @Test func aSpokenNumberIsNeverSplit() {
        let carbs = Self.parse("porridge for breakfast forty five carbs four units fiasp")
        #expect(carbs.entries.first { $0.kind == "carbs" }?.number("grams") == 45)
        let glucose = Self.parse("okay so before breakfast i was at six point three blood sugar")
        #expect(glucose.entries.first?.number("value") == 6.3)
    }

    /// Each breast's minutes are a feed of their own, so neither side's minutes are lost.
    @Test func eachSideIsAFeed() {
        let result = Self.parse("breastfed left 10 min, right 8 min")
        #expect(result.entries.map { $0.text("side") } == ["left", "right"])
        #expect(result.entries.map { $0.number("duration_min") } == [10, 8])
    }

    /// A day of a month said for a past entry is the nearer one: 9 days ahead is refused as
    /// in the future rather than read as a year ago.
    @Test func aDateNearerAheadIsRefused() {
        #expect(Self.parse("bp 160/95 on 30th november").status == .infeasible)
        #expect(Self.parse("glucose 6 on 3rd november").status == .ok)
    }

    /// Two units add up only when the larger counts in the smaller ("1 litre 200 ml", "8 pounds
    /// 6 ounces"); a cup is no count of millilitres, so "a cuppa, 200ml" is not 450 ml.
    @Test func onlyUnitsOfOneSystemAddUp() {
        #expect(Self.parse("fluid 1 litre 200 ml").entries.first?.number("volume_ml") == 1200)
        #expect(Self.parse("weight 8 pounds 6 ounces").entries.first?.number("value") == 8.375)
        let cuppa = Self.parse("had a cuppa, 200ml")
        #expect(!cuppa.entries.contains { $0.number("volume_ml") == 450 })
    }

    /// A reading said after "and" without its introduction takes what the kind carries
    /// (`carry name insulin`) from the one before: "10 last night" is levemir too.
    @Test func aReadingAfterAndCarriesItsName() {
        let doses = Self.parse("levemir 12 units this morning and 10 last night")
        #expect(doses.status == .ok)
        #expect(doses.entries.map { $0.text("name") } == ["levemir", "levemir"])
        #expect(doses.entries.map { $0.text("insulin") } == ["basal", "basal"])
        let feeds = Self.parse("fed 90 ml formula at 6 am and 120 ml at 9 am")
        #expect(feeds.entries.map { $0.text("method") } == ["formula", "formula"])
    }

    /// A unit of time or "am" left over with no number before it loses no value ("down from
    /// last week", "watch am"), nor does an everyday word; any other unit does ("took ml of
    /// oramorph" asks for the dose), and so does a blood test no kind logs.
    @Test func leftOverWordsCarryAValueOnlyWhereOneWasSaid() {
        #expect(Self.parse("weight 12 stone 6, down from last week").status == .ok)
        #expect(Self.parse("temp 38.5 since morning, we dey watch am").status == .ok)
        #expect(Self.parse("took ml of oramorph").status != .ok)
        // a word of an everyday list (`everyday_lists`: "back" of body_pain) carries none either
        #expect(Self.parse("gave calpol 5ml, he spat it back out").status == .ok)
        #expect(Self.parse("INR 3.2 on the warfarin").status != .ok)
        #expect(Self.parse("log a nappy change for the wee one").status == .incomplete)
    }

    /// The value a reading or an activity lacks, said after words the grammar does not know,
    /// completes it; words it knows between may say what the value is not ("between", "alarm set
    /// to"), and what is given or taken says its amount beside it.
    @Test(arguments: [
        ("hr in the queue at tesco, 134", "heart_rate", "bpm", 134.0),
        ("blood sugar um let me see 7.3", "glucose", "value", 7.3),
        ("walked the dug for forty minutes", "activity", "duration_min", 40),
    ])
    func aLackingValueAfterUnknownWordsCompletesTheEntry(text: String, kind: String, field: String, value: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == [kind])
        #expect(result.entries.first?.number(field) == value)
        #expect(Self.parse("sugar between 6 and 7").status != .ok)
        #expect(Self.parse("set my low alarm to 4.2").status != .ok)
        // what is given or taken says its amount beside it
        #expect(Self.parse("ff doula visited on cd 20").status != .ok)
    }

    /// A value a reading went "back to" is one more reading of the kind said before it, never a
    /// glucose of its own ("sats 86, back to 94" was a glucose of 94 mg/dL); said alone, it names
    /// no kind.
    @Test(arguments: [
        ("sats 86, back to 94", ["oxygen", "oxygen"]),
        ("hr 140 then back to 80", ["heart_rate", "heart_rate"]),
        ("bg 3.1, came back up to 5.6", ["glucose", "glucose"]),
        ("back to 94", []),
    ])
    func aValueGoneBackToIsTheKindBefore(text: String, kinds: [String]) {
        #expect(Self.parse(text).entries.map(\.kind) == kinds)
    }

    /// A count after a multiplication sign is how many of the entry before, never a reading.
    @Test func aCountAfterXStartsNoEntry() {
        let result = Self.parse("senna 7.5mg x2 at bedtime")
        #expect(result.entries.map(\.kind) == ["medication"])
        #expect(result.entries.first?.text("name") == "senna")
    }

    /// What a reading was taken after or during is no entry of its own unless it is whole.
    @Test func aReadingsCircumstanceIsNoEntry() {
        let climb = Self.parse("heart rate was 102 after climbing the hill")
        #expect(climb.status == .ok, "\(climb.problems)")
        #expect(climb.entries.map(\.kind) == ["heart_rate"])
        #expect(Self.parse("bp 124/80 before coffee").entries.map(\.kind) == ["blood_pressure"])
        #expect(Self.parse("bp 140/90 after walking 20 minutes").entries.map(\.kind) == ["blood_pressure", "activity"])
    }

    /// A tablet named by what it is for is its name, unless the medicine's own name is said too.
    @Test func aTabletNamedByItsPurposeIsItsName() {
        #expect(Self.okEntry("took my water tablets at half seven", kind: "medication")?.text("name") == "water tablets")
        let named = Self.parse("took my blood pressure tablet amlodipine ten milligrams")
        #expect(named.status == .ok, "\(named.problems)")
        #expect(named.entries.map { $0.text("name") } == ["amlodipine"])
    }

    /// A cup's or a glass's volume said after it is the volume drunk, not a second drink.
    @Test func aVolumeAfterItsVesselIsTheVolumeDrunk() {
        #expect(Self.okEntry("mug of tea 300ml", kind: "fluid")?.number("volume_ml") == 300)
        let glass = Self.parse("glass of water, only 200ml")
        #expect(glass.entries.map { $0.number("volume_ml") } == [200])
    }

    /// A patch put on is named between the verb and "patch"; where it went is in no field.
    @Test func aPatchPutOnIsNamedWithoutItsVerb() {
        #expect(Self.okEntry("put a new Evorel patch on this morning", kind: "medication")?.text("name") == "Evorel")
        let moved = Self.parse("changed my fentanyl patch at 9, 25 micrograms, moved it to the left arm")
        #expect(moved.status == .ok, "\(moved.problems)")
        #expect(moved.entries.map { $0.text("name") } == ["fentanyl"])
    }

    /// Which one of the day it was is kept in no field and named as not logged: "3rd today"
    /// is no dose of 3.
    @Test func anOrdinalCountingTheDayIsNamedNotLogged() {
        let dose = Self.parse("loperamide 2 mg, 2nd today")
        #expect(dose.status == .ok)
        #expect(dose.entries.count == 1)
        #expect(dose.asides == ["2nd"])
        let nappy = Self.parse("3rd wet nappy today")
        #expect(nappy.status == .ok)
        #expect(nappy.entries.map(\.kind) == ["nappy"])
        #expect(nappy.asides == ["3rd"])
    }

    /// What was paid is no measurement: "paid 40 quid" is no weight of 40 lb, and the entry
    /// beside it is logged.
    @Test func whatWasPaidIsNamedNotLogged() {
        let weight = Self.parse("paid 40 quid for new scales, weighed 68.9kg")
        #expect(weight.status == .ok)
        #expect(weight.entries.map { $0.number("value") } == [68.9])
        #expect(weight.asides.first?.hasPrefix("paid 40 quid") == true)
        #expect(Self.parse("paid 12 pounds for parking").status == .unrecognized)
    }

    /// A time after words that carry nothing is the entry's time; after an aside it is not,
    /// nor when the entry says a time of its own.
    @Test func aTimeAfterAWordThatCarriesNothingIsTheEntrys() {
        let patch = Self.parse("rivastigmine patch 9.5mg changed this morning")
        #expect(patch.status == .ok, "\(patch.problems)")
        #expect(patch.entries.first?.text("time_of_day") == "morning")
        #expect(Self.parse("took 2 tablets of paracetamol 3 times today").status != .ok)
        // "yesterday" compared with, not when: the reading stays this morning's
        let weight = Self.parse("weight 13 stone 8lb this morning, up on yesterday")
        #expect(weight.entries.first?.time.dayNumber == Self.now.dayNumber)
    }

    /// A field an entry lacks, or the value it needs, said after words that carry nothing is
    /// the entry's; one word alone only where the clause ends.
    @Test func aFieldLeftAfterAnEntryIsItsOwn() {
        let breathless = Self.parse("breathless at rest, bad")
        #expect(breathless.status == .ok)
        #expect(breathless.entries.first?.text("severity") == "severe")
        #expect(Self.parse("cramps not too bad").entries.first?.text("severity") == "low")
        #expect(Self.parse("pumped 100ml before she left for work").entries.first?.text("side") == nil)
        #expect(Self.parse("fluids poor 400ml").entries.first?.number("volume_ml") == 400)
        // a limit is no amount taken
        #expect(Self.parse("fluid restriction 1.5 litres, drank 900ml so far").entries.map { $0.number("volume_ml") } == [900])
    }

    /// A pulse said later in the sentence than a blood pressure without one is its pulse
    /// (`join blood_pressure.pulse = bpm`), past other readings, not past someone else named.
    @Test func aPulseSaidLaterIsThePressuresPulse() {
        let obs = Self.parse("bp 117/72, sats 95, temp 36.9, pulse 80")
        #expect(obs.entries.map(\.kind) == ["blood_pressure", "oxygen", "temperature"])
        #expect(obs.entries.first?.number("pulse") == 80)
        let two = Self.parse("bp 127/81 for mum, sats 97, dad hr 64")
        #expect(two.entries.map(\.kind) == ["blood_pressure", "oxygen", "heart_rate"])
        // a pressure that has its pulse keeps it: a later heart rate is a reading of its own
        #expect(Self.parse("bp 120/80 pulse 70, sats 97, hr 90").entries.map(\.kind) == ["blood_pressure", "oxygen", "heart_rate"])
    }

    /// A number written like a clock right before a unit of measure is that measure, never a
    /// time: read as 4:35, "4.35kg" let the second weight stand alone, with a time no one said.
    @Test func aNumberBeforeAUnitOfMeasureIsNoClock() {
        let twins = Self.parse("weight 4.35kg and Mia 3.98kg")
        #expect(twins.entries.map { $0.number("value") } == [4.35, 3.98])
        #expect(twins.entries.map(\.time) == [Self.now, Self.now])
        // a thing counted is no measure: "8.15 bottle 150" is a bottle at 8:15
        #expect(Self.parse("8.15 bottle 150, 9.00 wet nappy").entries.map(\.time.hour) == [8, 9])
    }

    /// "again" or "another" with a time of its own logs the entry before once more at that time.
    @Test func anEntrySaidAgainWithATimeIsLoggedAgain() {
        let doses = Self.parse("calpol 5ml at 3am and again at 7am")
        #expect(doses.status == .ok)
        #expect(doses.entries.map(\.time.hour) == [3, 7])
        #expect(doses.entries.map { $0.text("name") } == ["calpol", "calpol"])
        #expect(doses.entries.map { $0.fields.first { $0.name == "amount" }?.value } == [.amount(value: 5, unit: "ml"), .amount(value: 5, unit: "ml")])
        // a time alone after "and" is the dose once more, on the day of the first unless it says one
        let twice = Self.parse("naproxen 500mg yesterday at 8am and 8pm")
        #expect(twice.entries.map(\.time.hour) == [8, 20])
        #expect(twice.entries.map(\.time.dayNumber) == Array(repeating: Self.now.dayNumber - 1, count: 2))
        #expect(twice.entries.map { $0.fields.first { $0.name == "amount" }?.value } == [.amount(value: 500, unit: "mg"), .amount(value: 500, unit: "mg")])
        // of a kind whose entry is complete only with a field the time lacks, too: two nappies
        let nappies = Self.parse("wet nappy at 06:00 and 08:30")
        #expect(nappies.status == .ok)
        #expect(nappies.entries.map(\.time.hour) == [6, 8])
        #expect(nappies.entries.map { $0.text("contents") } == ["wet", "wet"])
        // but a day alone is no clock time: "up on yesterday" is no weight of yesterday's
        #expect(Self.parse("weight 101.8 kg, a kilo up on yesterday").entries.count == 1)
        // a count said without its unit after "and" is in the unit of the dose before
        // after "was" a number is a state, not another dose: with its point, a reading
        #expect(Self.parse("gave 2u novo at 2am, he was 15.1").entries.map(\.kind) == ["medication", "glucose"])
        let puffs = Self.parse("2 puffs of ventolin at 5am and 2 more at 7am")
        #expect(puffs.entries.map { $0.fields.first { $0.name == "amount" }?.value } == [.amount(value: 2, unit: "puff"), .amount(value: 2, unit: "puff")])
        let readings = Self.parse("bp 140/90 at 8am, again at 9 it was 135/85")
        #expect(readings.entries.map { $0.number("systolic") } == [140, 135])
    }

    /// A count or amount with words that end with a food's name and no verb is a food; an
    /// unknown name with a count may be a medicine, and is not read as a food.
    @Test func aFoodSaidWithItsCountAndNoVerb() {
        let cakes = Self.parse("2 Jaffa cakes")
        #expect(cakes.status == .ok)
        #expect(cakes.entries.first?.text("food") == "Jaffa cakes")
        #expect(Self.parse("4 oz grilled salmon").entries.first?.text("food") == "grilled salmon")
        #expect(Self.parse("falafel x4").entries.first?.kind == "food")
        #expect(Self.parse("2 sinemet").entries.allSatisfy { $0.kind != "food" })
        #expect(Self.parse("baby kicked 10 times in 20 mins").entries.allSatisfy { $0.kind != "food" })
    }

    /// A typed slip is read as the one grammar word it is one letter from; of two words a
    /// letter longer, the one with a final silent "e" ("headach" is no "headachy").
    @Test func aSlipIsReadAsTheWordItIsOneLetterFrom() {
        #expect(Self.parse("glucsoe 6.2").entries.first?.number("value") == 6.2)
        #expect(Self.parse("headach 5/10").entries.first?.text("name") == "headache")
    }

    /// A time after a few words that carry nothing is the entry's ("oxygen 87 percent after he'd
    /// been to the bathroom this morning"); after words that compare, it is what the value is
    /// compared with ("sats 94, better than yesterday" is today's).
    @Test func aTimeAfterComparingWordsIsNotTheEntrys() {
        let oxygen = Self.parse("oxygen 87 percent after he'd been to the bathroom this morning")
        #expect(oxygen.status == .ok)
        #expect(oxygen.entries.first?.time.description == "2026-11-21T08:00:00")
        let sats = Self.parse("sats 94, better than yesterday")
        #expect(sats.status == .ok)
        #expect(sats.entries.first?.time.description == "2026-11-21T10:00:00")
    }

    /// Free text does not start after a meal and a comma: what follows is a new clause, not the
    /// meal's food; a food named before its meal is that meal's.
    @Test func aMealAndACommaCloseTheClause() {
        let sugar = Self.parse("Dad's blood sugar 4.0 before his lunch, bang on the line the nurse gave us.")
        #expect(sugar.entries.map(\.kind) == ["glucose"])
        let snack = Self.parse("banana snack, nausea mild, glass of water")
        #expect(snack.status == .ok)
        #expect(snack.entries.first?.text("food") == "banana")
    }

    /// A point said after a number with no figure after it is a decimal left unsaid: never a
    /// whole number in silence; said again after "no", the number that follows stands.
    @Test func aPointLeftUnsaidIsNamed() {
        #expect(Self.parse("temperature thirty six point").status == .incomplete)
        #expect(Self.parse("blood glucose six point no sorry seven point six").entries.map { $0.number("value") } == [7.6])
        #expect(Self.parse("please remind Mum her eye appointment is next Wednesday at 2").status == .unrecognized)
    }

    /// "one" after a word that describes a thing is that thing, no count; a unit of distance
    /// carries a value only after a number ("meter says HI" loses none).
    @Test func aDescribedOneIsNoCount() {
        #expect(Self.parse("dirty diaper, a huge one").status == .ok)
        #expect(Self.parse("sugar 7.3 before lunch, meter needs new strips").status == .ok)
        #expect(Self.parse("Ran 12 km, 1 hour 5, 5:25/km").status != .ok)
        // named as a pace, it is the one the distance and time give, said in passing
        #expect(Self.parse("Ran 12 km, 1 hour 5, avg pace 5:25/km").status == .ok)
    }

    /// A line that ends with a word no sentence ends with was cut off: not logged as whole.
    @Test func aLineCutOffIsIncomplete() {
        #expect(Self.parse("Dad ate a few spoonfuls of").status == .incomplete)
        #expect(Self.parse("her temp's 100.4 so we're heading to the ER").status == .ok)
    }

    /// A kind named again with nothing of its own, beside a whole entry of that kind, is that
    /// entry; but a value after a word of change is no reading ("weight up two kilos").
    @Test func aKindNamedAgainIsTheSameEntry() {
        let weight = Self.parse("insisted on weighing himself on the old dial scales and it says 13 stone 9")
        #expect(weight.status == .ok)
        #expect(weight.entries.map { $0.number("value") } == [191])
        #expect(Self.parse("weight up two kilos since yesterday").status != .ok)
        #expect(Self.parse("sats 92 on 2L oxygen").entries.allSatisfy { $0.kind != "feeding" })
    }

    /// A slip is read as a grammar word only where an entry then holds it: "soon" left over is
    /// no "spoon", a unit that would make the line incomplete.
    @Test func aSlipNoEntryHoldsIsReadAsTyped() {
        let pulse = Self.parse("Her pulse is 130, the nurse will come round as soon as she can.")
        #expect(pulse.status == .ok)
        #expect(!pulse.problems.contains { $0.message.hasPrefix("Read") })
        #expect(Self.parse("glucsoe 6.2").problems.map(\.message) == ["Read 'glucsoe' as 'glucose'."])
    }

    /// A letter typed three times or more is read once or twice ("glucoseee", "goood"); a
    /// double letter stays as typed ("loo" is no "lo", "grrr" no "gr").
    @Test func aStretchedWordIsReadAsTheWordItStretches() {
        #expect(Self.parse("glucoseee 11.2 after supper").entries.first?.number("value") == 11.2)
        #expect(Self.parse("feeling goood").entries.first?.text("mood") == "happy")
        #expect(Self.parse("weight 62.3 kg after the loo").status == .ok)
        #expect(Self.parse("fasting 5.2 grrr").status == .ok)
    }

    /// A count of nappies is that many entries; a clock written with a point is a time, never
    /// a count ("9.00 wet nappy" is one nappy at nine), and stands without "at" beside a
    /// reading ("bp 131/83 8.30"), but not beside a dose ("bisoprolol 1.25").
    @Test func aWrittenClockIsATimeNotACount() {
        #expect(Self.parse("3 wet nappies").entries.count == 3)
        let nappy = Self.parse("9.00 wet nappy")
        #expect(nappy.entries.count == 1)
        #expect(nappy.entries.first?.time.description == "2026-11-21T09:00:00")
        #expect(Self.parse("bp 131/83 8.30").entries.first?.time.description == "2026-11-21T08:30:00")
        #expect(Self.parse("bisoprolol 1.25").entries.first?.time.description == "2026-11-21T10:00:00")
    }

    /// A sensor's model is no reading: "Libre 2 glucose 7.8" is one reading of 7.8.
    @Test func aSensorsModelIsNoReading() {
        let reading = Self.parse("Libre 2 glucose 7.8")
        #expect(reading.entries.map { $0.number("value") } == [7.8])
        #expect(Self.parse("NovoMix 30, 22 units with breakfast").entries.map { $0.text("name") } == ["novomix 30"])
        // a Libre's model alone is the sensor, never a reading of 2 or 3; "libre 3.2" is a reading
        #expect(Self.parse("libre 3 keeps losing signal").status != .ok)
        #expect(Self.parse("BG 5.7 mmol/L (Libre 2)").entries.map { $0.number("value") } == [5.7])
        #expect(Self.parse("libre 3.2").entries.map { $0.number("value") } == [3.2])
    }

    /// "he pooped" is a dirty nappy; "she popped off" (the breast) is no poo.
    @Test func aNappyIsNamedByWhatItHeld() {
        #expect(Self.parse("he pooped").entries.first?.text("contents") == "dirty")
        #expect(Self.parse("changed a poonami").entries.first?.text("contents") == "dirty")
        #expect(Self.parse("changed her, just wet").entries.first?.text("contents") == "wet")
        let feed = Self.parse("nursed right side twelve minutes and then she popped off")
        #expect(feed.entries.map(\.kind) == ["feeding"])
    }

    /// A target or range said beside a reading is no reading: "aim is 4 to 7" logs no 7, and
    /// "target is 10st 7" no second weight.
    @Test func aTargetIsNoReading() {
        let fasting = Self.parse("aim is 4 to 7 fasting, this morning fasting 6.0")
        #expect(fasting.entries.map { $0.number("value") } == [6])
        #expect(Self.parse("weight 11st 2, target is 10st 7").entries.count == 1)
        #expect(Self.parse("glucose 7.4, my range is 4-10").status == .ok)
    }

    /// How far through a course, with its length, is named and not logged: "day 4 of 5" is no
    /// dose of 5.
    @Test(arguments: ["pred 30mg day 4 of 5", "Abasaglar 14 units, pen 2 of 5", "dose three of five amoxicillin 250 mg"])
    func aDayOfACourseWithItsLengthIsNamedNotLogged(text: String) {
        let dose = Self.parse(text)
        #expect(dose.status == .ok, "\(dose.problems)")
        #expect(dose.entries.map(\.kind) == ["medication"])
        #expect(dose.asides.count == 1)
    }

    /// A part of an entry said after an aside, or after what brought it on, is still the
    /// entry's: "nausea after ozempic, mild" is a mild nausea; "headache on day 3 of 5, mild" too.
    @Test func aPartAfterAnAsideIsTheEntrys() {
        let nausea = Self.parse("nausea after ozempic, mild")
        #expect(nausea.status == .ok, "\(nausea.problems)")
        #expect(nausea.entries.map { $0.text("severity") } == ["low"])
        let headache = Self.parse("headache on day 3 of 5, mild")
        #expect(headache.entries.map { $0.text("severity") } == ["low"] && headache.asides.count == 1)
    }

    /// A count of a unit with a count of a smaller one says a weight without a verb; one unit
    /// alone does not.
    @Test func aPairOfUnitsIsAWeight() {
        #expect(Self.parse("DD 12lb 4oz today").entries.map { $0.number("value") } == [12.25])
        #expect(Self.parse("Weight: 3 kg 250 g").entries.map { $0.number("value") } == [3.25])
        #expect(Self.parse("4 oz at 3am").entries.map(\.kind) != ["weight"])
    }

    /// Grams after words that name a food are the food's amount, but before a word that says
    /// carbohydrate they are the carbs', and the food is logged beside them.
    @Test func gramsAfterAFoodAreItsAmountUnlessTheyAreCarbs() {
        let beans = Self.parse("baked beans 200 grams")
        #expect(beans.entries.map(\.kind) == ["food"])
        #expect(beans.entries.first?.text("food") == "baked beans")
        let carbs = Self.parse("banana 25g carbs")
        #expect(carbs.entries.map(\.kind) == ["food", "carbs"])
        #expect(carbs.entries.first?.text("food") == "banana")
        #expect(carbs.entries.last?.number("grams") == 25)
        // exchanges and portions are no grams: the count is left over, not logged as grams
        #expect(Self.parse("breakfast was 3 carb exchanges").status != .ok)
    }

    /// A strength written between a medicine's name and its dose is part of the name: the dose
    /// is the amount, and no number is dropped.
    @Test(arguments: [("co-codamol 30/500, 2 tablets", "co-codamol 30/500", 2.0), ("Clenil 100 - 2 puffs", "clenil 100", 2)])
    func aStrengthBeforeTheDoseIsPartOfTheName(text: String, name: String, dose: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("name") } == [name])
        guard case .amount(let value, _)? = result.entries.first?.fields.first(where: { $0.name == "amount" })?.value else {
            Issue.record("no amount in \(result.entries)")
            return
        }
        #expect(value == dose)
        // a liquid's strength is named in a warning, not logged
        let liquid = Self.parse("calpol 120mg/5ml, gave 7.5ml")
        #expect(liquid.status == .ok, "\(liquid.problems)")
        #expect(liquid.entries.map { $0.text("name") } == ["calpol"])
        #expect(liquid.asides == ["120mg/5ml"])
        // a small number after an insulin is a dose, not its strength
        #expect(Self.parse("novorapid 10 4 units").entries.first?.text("name") == "novorapid")
    }

    /// A reading said to be "before" or "after" alone is before or after the meal or activity
    /// said last; with none said, it has no tag and a warning says why.
    @Test(arguments: [("sugar 5.1 before breakfast, 8.7 after", "after breakfast"),
                      ("da had 2 slices of toast for breakfast, sugar 8.2 after", "after breakfast"),
                      ("walked 20 minutes and sugar after was 6.1", "after workout")])
    func beforeOrAfterAloneIsTheOccasionSaidLast(text: String, tag: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.last?.text("tag") == tag)
        let alone = Self.parse("sugar 7.2 after")
        #expect(alone.status == .ok)
        #expect(alone.entries.first?.text("tag") == nil)
        #expect(alone.problems.contains { $0.message.contains("'after' names no meal") })
        // "after" that goes on is no tag: "feeling low after the diagnosis" has no glucose
        #expect(Self.parse("feeling low after the diagnosis").entries.map(\.kind) == ["mood"])
    }

    /// Parts said before "and" go with the entry before it, never with an introduction after
    /// it: "bedtime 5.6" is a glucose reading, not 5.6 units of the levemir named next.
    @Test func partsBeforeAndAreNotTheNextEntrys() {
        let result = Self.parse("bedtime 5.6 and levemir 14 units")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["glucose", "medication"])
        #expect(result.entries.first?.number("value") == 5.6)
        #expect(result.entries.first?.text("tag") == "bedtime")
        // after a comma, a number after "was" is a state, no dose
        let state = Self.parse("3u correction at 6am, was 16.1")
        #expect(state.status == .incomplete)
        #expect(state.entries.map { $0.lookup("amount.value")?.number } == [3])
    }

    /// A number with "am" or "pm" after it is a time, never a dose or a reading.
    @Test func aNumberBeforeAmOrPmIsATime() {
        let result = Self.parse("gave the 6am dose of calpol, 7.5ml")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.lookup("amount.value")?.number == 7.5)
        #expect(result.entries.first?.time.hour == 6)
    }

    /// A side word in a phrase that says no side ("right after", "she left") carries no value.
    @Test(arguments: ["poopy diaper right after the feed", "pumped 100ml before she left for work"])
    func aSideWordThatSaysNoSideIsNoValue(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(!result.problems.contains { $0.severity == .error })
    }

    /// The insulin dose limit holds for insulins, not for other medicines dosed in units.
    @Test func unitsOfOtherMedicinesAreNoInsulinDose() {
        #expect(Self.parse("Vitamin D 1000 IU").status == .ok)
        #expect(Self.parse("dalteparin 5000 units").status == .ok)
        #expect(Self.parse("lantus 150 units").status == .infeasible)
        #expect(Self.parse("took 150 units").status == .infeasible)
        #expect(Self.parse("novomix 30 150 units").status == .infeasible)
        // an unknown name in units keeps the limit: it may be an insulin the lists lack
        #expect(Self.parse("insulatard mix 150 units").status == .infeasible)
        #expect(Self.parse("EPO injection 4000 units").status == .ok)
    }

    /// A liquid medicine's form after its name is kept in the name, and its dose is the amount,
    /// whether the lists know the name or not.
    @Test(arguments: [("Stopayne syrup 5ml", "stopayne syrup"), ("calpol suspension 5ml", "calpol suspension")])
    func aLiquidsFormIsPartOfItsName(text: String, name: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("name") } == [name])
        #expect(result.entries.first?.lookup("amount.value")?.number == 5)
    }

    /// "One" after a word that describes a thing, ending the sentence or a part of it, is that
    /// thing: "migraine, bad one" has no score of one; "pain one out of ten" has.
    @Test func oneAfterADescribingWordIsNoScore() {
        let bad = Self.parse("migraine, bad one")
        #expect(bad.status == .ok)
        #expect(bad.entries.first?.number("score") == nil)
        #expect(Self.parse("pain one out of ten").entries.first?.number("score") == 1)
    }

    /// "No" after "and" says what did not happen; it takes back nothing.
    @Test func noAfterAndIsANegationNotATakingBack() {
        let result = Self.parse("ate a slice of cake and no reaction so far")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["food"])
    }

    /// One unfinished entry that names its kind, or beside a verb that logs, is an entry to
    /// finish; a bare verb among words that make no entry is none.
    @Test func anUnfinishedEntryBesideAVerbIsIncomplete() {
        #expect(Self.parse("took my tablets").status == .incomplete)
        #expect(Self.parse("temp check").status == .incomplete)
        let none = Self.parse("give me today's summary")
        #expect(none.status == .unrecognized)
        #expect(none.problems.first?.message.contains("'summary' make no entry here") == true)
    }

    /// A medicine named with its inhaler is one dose of that medicine, not two entries.
    @Test(arguments: ["ventolin inhaler 2 puffs", "gave her 2 puffs of her salbutamol inhaler at 3am"])
    func aMedicineWithItsInhalerIsOneDose(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.lookup("amount.value")?.number == 2)
    }

    /// A negation's clause may say when ("no more spikes since 2am"), and "forgot to log" opens
    /// an entry logged late.
    @Test func aNegatedClauseMaySayWhenAndForgotToLogIsALateEntry() {
        let spikes = Self.parse("Temp 36.6, no more spikes since 2am")
        #expect(spikes.status == .ok, "\(spikes.problems)")
        #expect(spikes.entries.map(\.kind) == ["temperature"])
        #expect(spikes.negated == ["no more spikes since 2am"])
        let late = Self.parse("forgot to log: weight 90.4kg on thursday at 7am")
        #expect(late.status == .ok, "\(late.problems)")
        #expect(late.entries.first?.number("value") == 90.4)
    }

    /// Words of any kind after a comma open a remark, not a food's name; words that name a
    /// food may still follow one.
    @Test func freeTextAfterACommaIsARemarkUnlessItNamesAFood() {
        let weight = Self.parse("Weight 68.4 kg, dressed, after breakfast, on the same scales as usual in the bathroom")
        #expect(weight.status == .ok, "\(weight.problems)")
        #expect(weight.entries.map(\.kind) == ["weight"])
        let dinner = Self.parse("had breakfast at 8am, chicken stir fry")
        #expect(dinner.status == .ok, "\(dinner.problems)")
        #expect(dinner.entries.first?.text("food") == "chicken stir fry")
    }

    /// A meal said beside an activity or a dose says when, and makes no food of its own.
    @Test(arguments: ["walked 40 min at lunch", "bolus 3u for the snack"])
    func aMealBesideAnotherKindIsNoFood(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.count == 1)
        #expect(!result.entries.contains { $0.kind == "food" })
    }

    /// Carbs counted beside a meal named before them are that meal's; with none, they have no meal.
    @Test func carbsTakeTheMealSaidBeforeThem() {
        let dinner = Self.parse("bg 9.2 before dinner, 60g carbs, humalog 7u")
        #expect(dinner.status == .ok, "\(dinner.problems)")
        #expect(dinner.entries.first { $0.kind == "carbs" }?.text("meal") == "dinner")
        let fasting = Self.parse("bg 5.0 fasting, 30g carbs")
        #expect(fasting.entries.first { $0.kind == "carbs" }?.text("meal") == nil)
    }

    /// "In" a while after a feed is how long it took; after a reading it is still a time ahead.
    @Test func aFeedInTwentyFiveMinutesTookThatLong() {
        let feed = Self.parse("took 6oz of formula in 25 minutes")
        #expect(feed.status == .ok, "\(feed.problems)")
        #expect(feed.entries.first?.number("duration_min") == 25)
        #expect(Self.parse("glucose 6 in 2 hours").status == .infeasible)
    }

    /// A recogniser's "to" or "for" before a unit it hears after a count is that count; before
    /// units of time it is not.
    @Test func aHomophoneOfADigitBeforeAUnitIsTheDigit() {
        let dose = Self.parse("took for units of fiasp")
        #expect(dose.status == .ok, "\(dose.problems)")
        #expect(dose.entries.first?.lookup("amount.value")?.number == 4)
        #expect(Self.parse("slept for hours").status != .ok)
    }

    /// A glucose reading may come before the tag that says when it was taken.
    @Test func aReadingBeforeItsTagIsAGlucose() {
        let result = Self.parse("Mum 5.7 before lunch yesterday")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.number("value") == 5.7)
        #expect(result.entries.first?.text("tag") == "before lunch")
    }

    /// The hours since a meal, as a pregnancy clinic asks for them, leave the meal as the tag.
    @Test(arguments: [("1hr post bfast 8.1", 8.1, "after breakfast"), ("2hr pp lunch 112", 112, "after lunch"),
                      ("lunch 1hr: 132", 132, "after lunch"), ("salad for lunch then 7.3 two hours after", 7.3, "after lunch")])
    func aReadingHoursAfterAMealHasThatMealsTag(text: String, value: Double, tag: String) {
        let glucose = Self.okEntry(text, kind: "glucose")
        #expect(glucose?.number("value") == value)
        #expect(glucose?.text("tag") == tag)
    }

    /// After "tell", a skill named like a log ("baby log", "coeliac tracker") is no part of the entry.
    @Test func aSkillNamedLikeALogIsDropped() {
        let feed = Self.parse("alexa tell baby log she took 120 ml of formula")
        #expect(feed.status == .ok, "\(feed.problems)")
        #expect(feed.entries.map(\.kind) == ["feeding"])
        #expect(Self.parse("alexa ask health log how many carbs are in a banana").status == .unrecognized)
    }

    /// Nappies counted as a tally are one entry each, with no word for the nappy after the first.
    @Test func nappiesCountedAsATallyAreEachAnEntry() {
        let result = Self.parse("nappies: 1 wet 1 dirty")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("contents") } == ["wet", "dirty"])
    }

    /// Milk pumped from each side, each with its amount, is a session a side.
    @Test func milkPumpedFromEachSideIsASessionASide() {
        let result = Self.parse("pumped 70ml L 50ml R")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("side") } == ["left", "right"])
        #expect(result.entries.map { $0.number("volume_ml") } == [70, 50])
    }

    /// As much from each side is a session on each, so that none of the milk goes unlogged.
    @Test(arguments: ["pumped 30ml each side", "pumped 30 from each side", "expressed 30 ml of milk per side"])
    func milkPumpedAlikeFromEachSideIsASessionOnEach(_ text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("side") } == ["left", "right"])
        #expect(result.entries.map { $0.number("volume_ml") } == [30, 30])
    }

    /// A remark on a reading a few words after it is no negation of it.
    @Test func aRemarkAFewWordsAfterAReadingKeepsIt() {
        let result = Self.parse("temp thirty seven point nine post op nurse not worried")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.number("value") == 37.9)
    }

    /// The care of a pump, sensor or meter is no reading and no milk pumped.
    @Test func theCareOfADeviceIsNoEntry() {
        #expect(Self.parse("pump site fell out").status == .unrecognized)
        #expect(Self.parse("new sensor started").status == .unrecognized)
        let reading = Self.parse("Bg 19.8 after my pump site fell out")
        #expect(reading.status == .ok, "\(reading.problems)")
        #expect(reading.entries.map(\.kind) == ["glucose"])
    }

    /// One of a drink served by the cup is a cup of it, never a food named after it; what a
    /// reading came after and things named after a drink are no drinks.
    @Test func aCoffeeIsACupOfCoffee() {
        let coffee = Self.parse("had a coffee")
        #expect(coffee.status == .ok, "\(coffee.problems)")
        #expect(coffee.entries.first?.kind == "fluid")
        #expect(coffee.entries.first?.number("volume_ml") == 250)
        #expect(Self.parse("had a coffee cake").entries.first?.kind == "food")
        #expect(Self.parse("BP 146/94 after coffee").entries.map(\.kind) == ["blood_pressure"])
        #expect(Self.parse("period cramps bad, hot water bottle on").entries.map(\.kind) == ["symptom"])
    }

    /// Medicines named by what they are for, beside another entry, are no dose of their own.
    @Test(arguments: ["slept five hours with the pain meds", "pain 3/10 on the new dose", "bp 118/74 new meds working"])
    func medicinesNamedInPassingAreNoDose(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(!result.entries.contains { $0.kind == "medication" })
    }

    /// Where it hurts, as people write it, is the symptom's name.
    @Test func whereItHurtsIsPartOfTheName() {
        #expect(Self.parse("lower belly pain 3 on a scale of 10").entries.first?.text("name") == "lower belly pain")
        #expect(Self.parse("long run 16k 1h35, shin pain mild").entries.last?.text("name") == "shin pain")
        let swollen = Self.parse("my ankles are really swollen today")
        #expect(swollen.entries.first?.text("name") == "swollen ankles")
        #expect(swollen.entries.first?.text("severity") == "severe")
    }

    /// Shorthand of the `abbreviations` list is read as the word it stands for.
    @Test func bfastIsBreakfast() {
        let result = Self.parse("60g carbs bfast, 6u fiasp")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.text("meal") == "breakfast")
        #expect(Self.parse("creon 2 capsules w/ lunch").entries.first?.text("tag") == "lunch")
    }

    /// A visit named with no word for an appointment, its day and clock time straight after it,
    /// is an appointment; a reading taken at a clinic is not.
    @Test func aVisitWithItsDayAndClockIsAnAppointment() {
        let visit = Self.parse("heart failure clinic tomorrow at 2pm")
        #expect(visit.status == .ok, "\(visit.problems)")
        #expect(visit.entries.first?.kind == "appointment")
        #expect(visit.entries.first?.time == LocalDateTime(iso: "2026-11-22T14:00:00"))
        #expect(Self.parse("hba1c 6.4 at the diabetes clinic").entries.map(\.kind) == ["hba1c"])
        #expect(Self.parse("bp 140/90 at the clinic yesterday").entries.map(\.kind) == ["blood_pressure"])
    }

    /// An entry that lacks its value takes one with its unit a few words on, where the clause
    /// ends; a target set is none.
    @Test func aValueAFewWordsOn() {
        let cases: [(String, String, Double)] = [
            ("yoga for fertility 30 minutes", "duration_min", 30), ("first run since the birth, 20 minutes", "duration_min", 20),
            ("treadmill at rehab 12 minutes, hr up to 110", "duration_min", 12), ("drinking lots, 2.5 litres so far", "volume_ml", 2500),
        ]
        for (text, field, value) in cases {
            let result = Self.parse(text)
            #expect(result.status == .ok, "\(text): \(result.problems)")
            #expect(result.entries.first?.number(field) == value, "\(text)")
        }
    }

    /// A gel is named with its form; a gel alone is food ("had a gel, 22g carbs").
    @Test func aGelKeepsItsForm() {
        #expect(Self.parse("voltarol gel applied").entries.first?.text("name") == "voltarol gel")
        #expect(Self.parse("had a gel, 22g carbs").entries.map(\.kind) == ["food", "carbs"])
    }

    /// When a symptom began or lasted names its part of the day; what was pumped and then given
    /// is expressed milk.
    @Test func sinceLastNightAndOfIt() {
        #expect(Self.parse("migraine 9/10 since last night").entries.first?.text("time_of_day") == "night")
        #expect(Self.parse("nausea all morning").entries.first?.text("time_of_day") == "morning")
        let fed = Self.parse("pumped 100ml, gave him 60ml of it")
        #expect(fed.entries.map(\.kind) == ["pumping", "feeding"])
        #expect(fed.entries.last?.text("method") == "breast_milk")
    }

    /// A meal said at the end of a list is each food's, past a drink between, back to an entry
    /// with a time of its own.
    @Test func aMealSaidLastIsEachFoods() {
        let breakfast = Self.parse("Had 2 crumpets and a cup of tea for breakfast")
        #expect(breakfast.entries.map(\.kind) == ["food", "fluid"])
        #expect(breakfast.entries.first?.text("meal") == "breakfast")
        let day = Self.parse("had toast, metformin 500mg at 8, also had soup and bread for dinner")
        #expect(day.entries.first?.text("meal") == nil)
    }

    /// A dose said in two pieces, one naming its class or nothing, is one dose by its own name;
    /// two medicines named, or a dose denied, stay apart.
    @Test(arguments: [
        ("Gave mam her insulin, novorapid 4 units", "novorapid", 4.0),
        ("inhaler 2 puffs salbutamol", "salbutamol", 2.0),
        ("took my lantus, 24 units", "lantus", 24.0), ("Tresiba U100 pen, 16 units", "tresiba", 16.0),
    ])
    func aDoseSaidInTwoPieces(text: String, name: String, amount: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.text("name") == name)
        #expect(result.entries.first?.lookup("amount.value")?.number == amount)
    }

    @Test func twoMedicinesOrADenialStayApart() {
        #expect(Self.parse("didn't take lantus, 20 units novorapid").entries.map { $0.text("name") } == ["novorapid"])
        #expect(Self.parse("metformin, 10 units lantus").entries.count == 2)
        #expect(Self.parse("max bolus set to 12 units").status == .unrecognized)
    }

    /// A feed by its brand given by tube is a feed of formula; water down the tube a drink.
    @Test func aTubeFeedIsAFeed() {
        let feed = Self.parse("250ml jevity via peg")
        #expect(feed.entries.map(\.kind) == ["feeding"])
        #expect(feed.entries.first?.text("method") == "formula")
        #expect(Self.parse("water 100ml down the PEG at 8am").entries.map(\.kind) == ["fluid"])
    }

    /// A fit is a seizure where it opens the line or is had; jeans that fit are none.
    @Test func aFitIsASeizure() {
        #expect(Self.parse("had a fit at half 6").entries.first?.text("name") == "fit")
        #expect(Self.parse("fit in the night, severe").entries.first?.text("severity") == "severe")
        #expect(Self.parse("jeans fit again").status == .unrecognized)
    }

    /// An activity said in two pieces is one, named as the whole piece names it; "then" adds
    /// another.
    @Test func anActivityInTwoPieces() {
        let ride = Self.parse("treadmill 40 min incline walk")
        #expect(ride.entries.map { $0.text("name") } == ["treadmill"])
        #expect(ride.entries.first?.number("duration_min") == 40)
        #expect(Self.parse("walked 20 mins then yoga").entries.count == 2)
    }

    @Test func aGoalSetIsNoReading() {
        #expect(Self.parse("set my water goal to 2.5 litres").status == .unrecognized)
    }

    /// Who a visit is with, said alone before its day and clock, is who it is with; one named with
    /// "with" stands instead.
    @Test(arguments: [
        ("dentist thursday 4:15", "dentist"), ("optician 10am 1st dec", "optician"),
        ("dentist Dec 14 at 9am", "dentist"), ("dsn appointment on 1 December at 10am", "dsn"),
        ("dietitian appt 2nd dec 10:40 with sarah", "sarah"),
    ])
    func whoAVisitIsWith(text: String, with: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["appointment"])
        #expect(result.entries.first?.text("with") == with)
    }

    /// A mood that has lasted is a mood ("she's been quite down all morning", "down in the dumps").
    @Test(arguments: ["She's been quite down all morning", "down in the dumps", "he's been really down since he came home"])
    func aMoodThatHasLastedIsAMood(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.text("mood") == "unhappy")
    }

    /// What did not happen ends at the next break: an entry said after it is logged, not taken
    /// along ("forgot to bolus, novorapid 5u now" had dropped the dose in silence).
    @Test func aNegatedClauseTakesNoEntryAfterItsBreakAlong() {
        let result = Self.parse("bg 17.9 forgot to bolus, novorapid 5u now")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["glucose", "medication"])
        #expect(result.entries.last?.lookup("amount.value")?.number == 5)
    }

    /// A word that joins clauses ends what did not happen too, with no comma: the feed after it
    /// is logged ("didn't note it then fed 130 ml" had been read as a note and dropped with the
    /// clause, in silence).
    @Test(arguments: ["temp 37 but didn't note it then fed 130 ml of formula", "temp 37 but didn't note it and he had 130 ml of formula"])
    func aNegatedClauseEndsAtAWordThatJoinsClauses(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["temperature", "feeding"])
        #expect(result.entries.last?.number("volume_ml") == 130)
        #expect(result.negated == ["but didn't note it"])
    }

    /// In a log written time first, a time set off from the entry before it leads the next one;
    /// a time followed by a break stays with the entry before.
    @Test(arguments: [
        ("6.55am bg 7.5 b4 breakfast | 7:45 am: 100g carbs for breakfast", ["06:55", "07:45"]),
        ("ok 6.30am - 50 carbs; 8:10am: 21u of toujeo - 9am bgl 7.2", ["06:30", "08:10", "09:00"]),
        ("fed 120ml, 6am. slept 2 hrs", ["06:00", "10:00"]),
    ])
    func aTimeBetweenTwoEntriesLeadsTheNextWhenSetOffFromTheFirst(text: String, clocks: [String]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { String($0.time.description.dropFirst(11).prefix(5)) } == clocks)
    }

    /// A clock time said with one entry is the time of the entries after it in the same sentence
    /// that say no time of their own: what was done about a reading at 3am was done then. Not
    /// past "now", a tag that places the entry, a full stop, or from an appointment ahead.
    @Test(arguments: [
        ("sugar 4.1 at 3am so gave him a glass of apple juice", ["03:00", "03:00"]),
        ("gave Dad his morning meds at 8 - bisoprolol 2.5mg, ramipril 5mg", ["08:00", "08:00"]),
        ("temp 37.5 at 6am and 37.9 now", ["06:00", "10:00"]),
        ("lantus 18 units at 7am and sugar 6.0 fasting", ["07:00", "10:00"]),
        ("appointment with Dr Khan tomorrow at 9am, note ordered more strips", ["09:00", "10:00"]),
    ])
    func aClockTimeCarriesToTheEntriesAfterIt(text: String, clocks: [String]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { String($0.time.description.dropFirst(11).prefix(5)) } == clocks)
    }

    /// A correction that starts with a time corrects the time, never the dose.
    @Test func aCorrectionAtATimeCorrectsTheTime() {
        let result = Self.parse("lantus twenty four units at ten last night no wait at eleven")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.lookup("amount.value")?.number == 24)
        #expect(result.entries.first?.time == LocalDateTime(iso: "2026-11-20T23:00:00"))
    }

    /// A device, formula or insulin strength named with its number holds no value of its own.
    @Test(arguments: [("resting heart rate 52 on my garmin 255", "heart_rate"), ("Fitbit Charge 5: 8,000 steps", "activity"),
                      ("U100 humalog 5u", "medication"), ("she had 120ml of aptamil 1", "feeding")])
    func aModelNumberIsNoValue(text: String, kind: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == [kind])
    }

    /// A severity after a comma goes with the symptom it comes before, not the one before it.
    @Test func aSeverityAfterACommaIsTheNextSymptoms() {
        let result = Self.parse("tired, bad headache")
        #expect(result.entries.map { $0.text("severity") } == ["moderate", "severe"])
    }

    /// A number said with its side after a pumping session is another session, not a feed.
    @Test func anotherSideAfterPumpingIsPumped() {
        let result = Self.parse("pumped sixty on the left and forty five on the right")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["pumping", "pumping"])
        #expect(result.entries.map { $0.number("volume_ml") } == [60, 45])
    }

    /// Each side's bare number after a word for pumping is a session of its own, with or without
    /// "and" between them; a feed's minutes only where no session was said just before.
    @Test(arguments: [("pumped left 40 right 55", [40.0, 55]), ("Pumped: L 80 / R 65", [80, 65]),
                      ("expressed 45 left 60 right", [45, 60]), ("pumped 60 ml left 40 right", [60, 40])])
    func bareSidesAfterPumpingArePumped(text: String, volumes: [Double]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["pumping", "pumping"])
        #expect(result.entries.map { $0.number("volume_ml") } == volumes)
        #expect(Self.parse("40 right").entries.map(\.kind) == ["feeding"])
    }

    /// Minutes written onto hours are minutes, whatever follows them.
    @Test(arguments: [("breastfed for 1h20 on the left", "feeding", 80.0), ("walked 2h15m", "activity", 135),
                      ("ran 1hr5min", "activity", 65), ("breastfed 1 hour 20 both sides", "feeding", 80),
                      ("an hour and ten on the breast", "feeding", 70)])
    func minutesWrittenOntoHours(text: String, kind: String, minutes: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == [kind])
        #expect(result.entries.first?.number("duration_min") == minutes)
        #expect(result.entries.first?.number("volume_ml") == nil)
        #expect(result.entries.first?.number("distance_km") == nil)
    }

    /// A reading said of a person is a glucose when it has a point; a whole number there is an
    /// age, and a temperature's range is above a glucose's.
    @Test(arguments: [("she was 4.9 at midnight", "glucose"), ("im 16.8 rn gave 2.5 fiasp", "glucose"),
                      ("i was three point three so i had fifteen grams of carbs", "glucose"), ("Panadol 7.5 mls, she was 38.3", "temperature")])
    func aReadingSaidOfAPerson(text: String, kind: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind).contains(kind))
        #expect(Self.parse("she's 7").entries.isEmpty)
    }

    /// A tablet's weight beside a count of tablets is its strength, a field of its own; the
    /// count is the dose and the name is the medicine's alone.
    @Test(arguments: [("paracetamol 500mg x2 tabs", "paracetamol", 500.0), ("tylenol 500 mg two tabs", "tylenol", 500),
                      ("2 x paracetamol 500mg at 9.15", "paracetamol", 500), ("Ibuprofen 200mg, two tablets", "ibuprofen", 200)])
    func aTabletsWeightBesideItsCount(text: String, name: String, milligrams: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("name") } == [name])
        let field = { (field: String) in result.entries.first?.fields.first { $0.name == field }?.value }
        #expect(field("amount") == .amount(value: 2, unit: "tablet"))
        #expect(field("strength") == .amount(value: milligrams, unit: "mg"))
    }

    /// A run's time written with hours, minutes and seconds, a race named for its distance, a pace
    /// said in passing; a time read as minutes and seconds that would make a speed nobody moves
    /// at is read again as hours and minutes, with a warning that says so and why, and a time
    /// said in minutes is never read again.
    @Test func aWorkoutAsAWatchShowsIt() {
        let half = Self.parse("ran the half marathon in 1:52:07")
        #expect(half.status == .ok, "\(half.problems)")
        #expect(half.entries.first?.number("duration_min").map { ($0 * 100).rounded() } == 11212)
        #expect(half.entries.first?.number("distance_km") == 21.0975)
        let paced = Self.parse("ran 10k in 47:30 at a 4:45 pace")
        #expect(paced.entries.first?.number("duration_min") == 47.5)
        let watch = Self.parse("Ran 5 km in 25:59, average HR 168, max HR 189.")
        #expect(watch.entries.compactMap { $0.number("bpm") } == [168, 189])
        let hours = Self.parse("ran 14 km in 1:15")
        #expect(hours.status == .ok, "\(hours.problems)")
        #expect(hours.entries.first?.number("duration_min") == 75)
        #expect(hours.problems.contains { $0.field == "duration_min" && $0.message.contains("not 1.25 (14 km in 1.25 minutes is faster than anyone") })
        // a time in pieces is said in one place: another is never added to it
        #expect(Self.parse("plank 1:15, ran 5k in 24:30").entries.first { $0.kind == "activity" }?.number("duration_min") == 24.5)
        let tooFast = Self.parse("ran 14 km in 2 minutes")
        #expect(tooFast.status == .infeasible)
        #expect(tooFast.problems.contains { $0.message.contains("faster than anyone") })
        #expect(Self.parse("bench pressed 80 kg").entries.isEmpty)
        // a score announced with no number is not logged as whole
        #expect(Self.parse("migraine pain score").status == .incomplete)
        #expect(Self.parse("pain score 6").status == .ok)
    }

    /// Pain scores said every way a diary says them: "5 on 10", "eight over ten", "about a 4",
    /// a part of the body with its score (named as said), how it came on or flares between.
    @Test(arguments: [("Headache paining since evening, 5 on 10", "headache", 5.0), ("migraine eight over ten", "migraine", 8),
                      ("my back's a six today", "back pain", 6), ("mood okay, knees a 4", "knees", 4),
                      ("sciatica flaring six out of ten", "sciatica", 6), ("gout in my big toe, 8/10", "gout in my big toe", 8),
                      ("jaw throbbing eight out of ten", "jaw", 8), ("yoga for 20 minutes, back's about a 3 after", "back pain", 3)])
    func painScoresAsDiariesSayThem(text: String, name: String, score: Double) {
        let symptom = Self.okEntry(text, kind: "symptom")
        #expect(symptom?.text("name") == name)
        #expect(symptom?.number("score") == score)
    }

    /// A measure no kind logs keeps its number out of every entry, with words for its reading
    /// between: "jaundice meter reading twelve" is no glucose.
    @Test func aMeasureNoKindLogsKeepsItsReading() {
        #expect(Self.parse("jaundice meter reading twelve").entries.isEmpty)
        #expect(Self.parse("ketone level 0.4").status != .ok)
        #expect(Self.parse("baby has jaundice").entries.map(\.kind) == ["symptom"])
        #expect(Self.parse("just finished pumping").entries.map(\.kind) == ["pumping"])
        let insulin = Self.parse("insulin novorapid 6u")
        #expect(insulin.entries.map { $0.text("name") } == ["novorapid"])
    }

    /// Clocks said with "past" and "to" an hour of one, and 24-hour clocks in the first hour.
    @Test(arguments: [("fed 3 oz at quarter past one", "2026-11-21T01:15:00"), ("nurofen 7.5ml at twenty past one", "2026-11-21T01:20:00"),
                      ("wet nappy at 0005", "2026-11-21T00:05:00")])
    func clocksNearMidnight(text: String, time: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.time == LocalDateTime(iso: time))
    }

    /// A reading said before a named dose with its own units is a reading, not a second dose:
    /// "bedtime 6.2 levemir 10 units" is no 6.2 units of levemir and 10 of insulin.
    @Test(arguments: ["bedtime 6.2 levemir 10 units", "pre dinner 8.8 humalog 7u"])
    func aReadingBeforeANamedDose(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["glucose", "medication"])
    }

    /// Observations written as wards write them: routes, rhythms, arms, eyes, room air.
    @Test(arguments: [("paracetamol 1g PO at 0600", ["medication"]), ("dexamethasone 6.6mg IV and ondansetron 4mg IV", ["medication", "medication"]),
                      ("HR 140 irreg, BP 110/70", ["blood_pressure"]), ("BP 170/100 manual L arm, pulse 80", ["blood_pressure"]),
                      ("Viscotears 1 drop R eye", ["medication"]), ("SpO2 96% RA", ["oxygen"]), ("cap glucose 5.9 fasting", ["glucose"]),
                      ("hypo 2.9, 150ml juice given, recheck BM 5.1", ["glucose", "fluid", "glucose"])])
    func clinicalShorthand(text: String, kinds: [String]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == kinds)
    }

    /// A flow of oxygen is kept beside the reading, in litres a minute: no number is dropped.
    @Test func anOxygenFlowIsNotDropped() {
        #expect(Self.okEntry("sats 91 on 2L", kind: "oxygen")?.number("flow_lpm") == 2)
        let flow = Self.okEntry("sats 91% on 4L via nasal specs", kind: "oxygen")
        #expect(flow?.number("percent") == 91)
        #expect(flow?.number("flow_lpm") == 4)
    }

    /// A number right after a verb that says a value moved is the change, never a reading.
    @Test(arguments: ["gained two pounds since yesterday", "lost 1.5 kg this week", "dropped 3 lbs"])
    func aChangeIsNoReading(_ sentence: String) {
        let result = Self.parse(sentence)
        #expect(result.status != .ok && !result.entries.contains { $0.kind == "weight" && $0.number("value") != nil }, "\(result.entries)")
    }

    /// How long a symptom lasted is kept; a duration said bare is no duration where it says how
    /// often ("ten a day") or when ("2 hours after lunch").
    @Test func aSymptomKeepsHowLongItLasted() {
        #expect(Self.okEntry("cramp in the night, lasted about 20 minutes", kind: "symptom")?.number("duration_min") == 20)
        #expect(Self.okEntry("dizzy spell at 4am 30 secs", kind: "symptom")?.number("duration_min") == 0.5)
        #expect(Self.okEntry("earache for 2 days", kind: "symptom")?.number("duration_min") == 2880)
        let often = Self.parse("sneezing fits, about six a day")
        #expect(!often.entries.contains { $0.number("duration_min") != nil }, "\(often.entries)")
        let when = Self.parse("heartburn 2 hours after dinner")
        #expect(!when.entries.contains { $0.number("duration_min") != nil }, "\(when.entries)")
        #expect(Self.parse("rash for 45 days").status == .infeasible)
    }

    /// A small whole count right after stones is their pounds, never an entry of its own; a count
    /// with a decimal that is no half is no pounds.
    @Test func poundsAfterStones() {
        let gym = Self.parse("weighed 12 stone 6 after the gym")
        #expect(gym.status == .ok && gym.entries.map(\.kind) == ["weight"] && gym.entries.first?.number("value") == 174, "\(gym.entries)")
        let two = Self.parse("weight 160 lbs 6.1 before breakfast")
        #expect(two.entries.map(\.kind) == ["weight", "glucose"] && two.entries.first?.number("value") == 160, "\(two.entries)")
        #expect(Self.okEntry("weight 11st 4.5", kind: "weight")?.number("value") == 158.5)
    }

    /// A score out of ten is no medicine's strength: the words before it name no medicine.
    @Test func aScoreIsNoStrength() {
        let result = Self.parse("knees aching on the climb 5/10, took 400mg ibuprofen")
        #expect(!result.entries.contains { $0.kind == "medication" && $0.text("name") != "ibuprofen" }, "\(result.entries)")
        #expect(Self.okEntry("co-codamol 8/500 2 tablets", kind: "medication")?.text("name") == "co-codamol 8/500")
    }

    /// Insulin is dosed in units: grams of it are refused, never logged ("780G" names a pump);
    /// a dose after "and" that names its own medicine takes nothing from the one before.
    @Test func insulinIsCountedInUnits() {
        #expect(Self.parse("780G bolus 4u").status != .ok)
        #expect(Self.parse("novorapid 5 g").status == .infeasible)
        let doses = Self.parse("took my lantus 20 units and my metformin 500 mg")
        #expect(doses.status == .ok && doses.entries.count == 2 && doses.entries[1].text("insulin") == nil, "\(doses.entries)")
    }

    /// Fertility hormones and vitamins are dosed in hundreds or thousands of units, no insulin
    /// dose; a gel in presses of its pump; a hormone said with a bare number may be a blood level.
    @Test func unitsPumpsAndLevels() {
        #expect(Self.okEntry("menopur 225 iu", kind: "medication") != nil)
        #expect(Self.parse("gonal f 300 units").status == .ok)
        #expect(Self.parse("novorapid 150 units").status == .infeasible)
        #expect(Self.parse("3 pumps of oestrogel on my thighs").entries.first?.text("name") == "oestrogel")
        #expect(Self.parse("day 21 progesterone 38").status == .incomplete)
        #expect(Self.parse("estradiol level 180 pmol").status == .unrecognized)
        #expect(Self.okEntry("bbt 36.58 at 6:50", kind: "temperature") != nil)
    }

    /// What a monitor, a watch or a form writes: a pulse after the pressure, labels, model
    /// numbers that are no value, dates with their year, a date of birth that is no time.
    @Test func devicesAndDatesWithYears() {
        #expect(Self.okEntry("128/82/71", kind: "blood_pressure")?.number("pulse") == 71)
        #expect(Self.okEntry("Omron HEM-7155T 132/88 72", kind: "blood_pressure")?.number("pulse") == 72)
        #expect(Self.okEntry("S 131 D 85 P 73", kind: "blood_pressure")?.number("systolic") == 131)
        #expect(Self.okEntry("Steps: 15,230 | Distance: 11.4 km", kind: "activity")?.number("distance_km") == 11.4)
        let dated = Self.parse("20/11/2026 22:40 glucose 9.3")
        #expect(dated.status == .ok && dated.entries.first?.time == LocalDateTime(year: 2026, month: 11, day: 20, hour: 22, minute: 40))
        #expect(Self.parse("glucose 6.2 on 20 Nov 2027").status == .infeasible)
        #expect(Self.parse("dob 14/03/2026, weight 6kg").entries.first?.time == Self.now)
        #expect(Self.parse("lithium levels came back at 1.1 on friday").status == .unrecognized)
    }

    /// Two readings said with nothing between share the time said after them; free text ends
    /// before words of when ("melatonin last night").
    @Test func readingsSaidTogetherShareTheirTime() {
        let both = Self.parse("spo2 98 pr 61 at 22:15 yesterday")
        #expect(both.status == .ok && both.entries.count == 2 && both.entries[0].time == both.entries[1].time)
        let dose = Self.parse("took 2mg melatonin last night and still only slept 4 hours")
        #expect(dose.entries.first?.text("name") == "melatonin")
        let appointment = Self.parse("bp 136/99 appt tomorrow at 3pm")
        #expect(appointment.entries.first?.time != appointment.entries.last?.time)
    }

    /// Supplies counted and counts of fertility treatment log nothing; a sensor's alarm with a
    /// number is a reading.
    @Test func suppliesAndAlarms() {
        #expect(Self.parse("2 humira pens left in the fridge").status == .unrecognized)
        #expect(Self.parse("11 eggs at EC").status == .unrecognized)
        #expect(Self.okEntry("colpermin 2 capsules, left the third for tonight", kind: "medication")?.text("name") == "colpermin")
        #expect(Self.okEntry("dexcom alarm 3.4 falling at 01:40", kind: "glucose")?.number("value") == 3.4)
        #expect(Self.parse("silence the dexcom alarm").status == .unrecognized)
    }

    /// What is yet to be done logs nothing: "going for a walk later", "supposed to take".
    @Test func plansSaidOtherWays() {
        #expect(Self.parse("going for a 30 minute walk later").status == .unrecognized)
        #expect(Self.parse("I'm supposed to take 2 puffs of Seretide twice a day").status == .unrecognized)
        #expect(Self.okEntry("went for a 30 minute walk", kind: "activity") != nil)
        #expect(Self.okEntry("temp 38.5 going to A&E", kind: "temperature") != nil)
    }

    /// A strong painkiller's dose is asked for with its unit ("oramorph 5" is 5 mg or 5 ml);
    /// a clotting factor's thousands of units are no insulin dose.
    @Test func dosesThatNeedTheirUnit() {
        #expect(Self.parse("oramorph 5").status == .infeasible)
        #expect(Self.parse("gave him some oramorph").status == .incomplete)
        #expect(Self.okEntry("oramorph 2.5ml at 4am", kind: "medication") != nil)
        #expect(Self.parse("elocta 2000 iu").status == .ok)
        #expect(Self.parse("gave factor 8 this morning").status == .incomplete)
    }

    /// Milk left over in a bottle is no pumping from the left side; a side said with its
    /// amount still is.
    @Test func milkLeftOverIsNoPumping() {
        #expect(!Self.parse("fed 120ml, 30ml left over").entries.contains { $0.kind == "pumping" })
        #expect(Self.okEntry("pumped 30ml left", kind: "pumping")?.text("side") == "left")
    }

    /// A pulse by position, as a stand test is written, is a heart rate each, and a position
    /// with a duration is none; a clock time said between entries carries on after it.
    @Test func aStandTestAndTimesBetween() {
        #expect(Self.parse("lying 58 / sitting 74 / standing 121").entries.compactMap { $0.number("bpm") } == [58, 74, 121])
        #expect(Self.parse("standing 10 minutes").entries.isEmpty)
        let night = Self.parse("4am temp 39 nurofen 5ml 6am temp 38.1")
        #expect(night.entries.map(\.time.hour) == [4, 6, 6], "\(night.entries)")
    }

    /// "And" with an article after it names a second thing where both make entries; a pair known
    /// as one stays one; a fall said with the verb is logged, "fell asleep" is no fall.
    @Test func aSecondThingAndAFall() {
        let lunch = Self.parse("ate a ham sandwich and a yoghurt")
        #expect(lunch.status == .ok && lunch.entries.compactMap { $0.text("food") } == ["ham sandwich", "yoghurt"], "\(lunch.entries)")
        // a food named alone at the line's start is one of its own
        #expect(Self.parse("sausage roll and a satsuma at lunch").entries.compactMap { $0.text("food") } == ["sausage roll", "satsuma"])
        #expect(Self.parse("fish and chips for tea").entries.compactMap { $0.text("food") } == ["fish and chips"])
        #expect(Self.parse("soup and a roll for lunch").entries.compactMap { $0.text("food") } == ["soup and a roll"])
        #expect(Self.okEntry("fell at 08:15", kind: "symptom")?.text("name") == "fall")
        #expect(!Self.parse("she fell asleep at 8").entries.contains { $0.kind == "symptom" })
        #expect(!Self.parse("sensor fell off").entries.contains { $0.kind == "symptom" })
    }

    /// A reading said again with its own time, straight after one said with its time.
    @Test func readingsEachWithItsTime() {
        let result = Self.parse("temp 38.3 at 2am 39.0 at 4am")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.time.hour } == [2, 4])
        #expect(result.entries.map { $0.number("value") } == [38.3, 39])
    }

    /// A line that ends with "at" or "until" was cut off.
    @Test(arguments: ["gave calpol at", "novorapid 3u at", "slept from 11 until"])
    func aLineEndingWithAtWasCutOff(text: String) {
        #expect(Self.parse(text).status == .incomplete)
    }

    /// A reading taken again after a treatment and an aside of how long after.
    @Test func aReadingAgainAfterAnAsideOfHowLong() {
        let result = Self.parse("low 3.1, 5 jelly babies, 15 mins later 4.9")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["glucose", "food", "glucose"])
    }

    /// A time that ends the line is every entry's when only "and" joins them, or after "all".
    @Test(arguments: ["oxygen ninety seven percent and heart rate one thirty five at 8 am",
                      "temp 37.3, sats 97, all at 8 am", "gliclazide 80 mg and metformin 500 mg at 8am as usual"])
    func aTimeSaidOnceAtTheEndIsEveryEntrys(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.count == 2)
        #expect(result.entries.allSatisfy { $0.time.hour == 8 })
    }

    /// A measure no kind logs loses a value only when a number follows it in its clause; that
    /// number is its own, no entry of another kind ("ketones 0.6 mmol/L" is no glucose).
    @Test func aMeasureNoKindLogsCarriesTheNumberAfterIt() {
        #expect(Self.parse("ketones 1.1 mmol at 3 am").status != .ok)
        #expect(Self.parse("bg 22.1 checking ketones").status == .ok)
        #expect(Self.parse("ketones 0.6 mmol/L").entries.isEmpty)
        let both = Self.parse("ketones 0.6, bg 12.4")
        #expect(both.status == .incomplete)
        #expect(both.entries.map { $0.number("value") } == [12.4])
    }

    /// A score out of ten is a score, never a fraction of a dose.
    @Test func aScoreOutOfTenAfterADoseIsTheSymptoms() {
        let result = Self.parse("took 400mg ibuprofen for knee pain 5/10")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["medication", "symptom"])
        #expect(result.entries.last?.number("score") == 5)
    }

    /// A time said once after a dose "for" carbs is both entries'; a symptom "started" at a time
    /// began then.
    @Test(arguments: ["6u fiasp for 55g carbs at 8am", "cramps started at 8am, took 2 imodium capsules at 8am"])
    func aTimeSaidWithTwoEntriesIsBoths(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.count == 2)
        #expect(result.entries.allSatisfy { $0.time.hour == 8 })
    }

    /// What a reading is compared with is said in phrases too ("same as", "up from"): a time after
    /// one is not the reading's.
    @Test(arguments: ["weight 83.1 kg, same as yesterday morning", "weight 70.2 kg down from last week"])
    func aComparisonPhraseTakesTheTimeAfterIt(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["weight"])
        #expect(result.entries.first?.time.hour == 10)
    }

    /// A carer's start and asides around the entries say nothing: "right," before a comma,
    /// "sorry, late entry for Gordon", "for the nurses", "can't read my own writing", a name
    /// written with a capital (no "tremor" in "Trevor").
    @Test(arguments: [("Right, Linda today - she had 120ml of Lucozade", ["fluid"]),
                      ("Sorry late entry for Gordon, bisoprolol 2.5mg given yesterday at 6pm", ["medication"]),
                      ("BP 113/52, for the nurses when they ask", ["blood_pressure"]),
                      ("total fluids one point five litres and um can't read my own writing anyway um sats ninety five percent", ["fluid", "oxygen"]),
                      ("Sorry late entry for Trevor, he's 13 stone 8 today", ["weight"]),
                      ("she took 2 tablets of senna - we've had the heating on all day", ["medication"]),
                      ("Dad's heart rate on his watch says 112", ["heart_rate"]),
                      ("she's drunk 600ml since breakfast", ["fluid"])])
    func aCarersWordsAroundTheEntries(text: String, kinds: [String]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == kinds)
    }

    /// "right" alone opens a line only before a comma: in "right boob 9 min" it is the side.
    @Test func rightBeforeAnEntryIsItsSide() {
        #expect(Self.parse("right boob 9 min").entries.first?.text("side") == "right")
    }

    /// Fluid taken off by dialysis or a drain is no entry of any kind.
    @Test func fluidTakenOffIsNoEntry() {
        #expect(Self.parse("Dialysis took 2.2 litres off").status == .unrecognized)
    }

    /// A pint is a British pint; a cuppa is a cup of tea; a glass holds 250 ml whatever its size.
    @Test(arguments: [("drank a pint of water", 568.0), ("a cuppa and two biscuits", 250), ("had 2 pints of water", 1136),
                      ("a small glass of orange juice", 250), ("hypo 2.5, had a full can of coke 330ml", 330)])
    func drinksByTheirMeasure(text: String, millilitres: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first { $0.kind == "fluid" }?.number("volume_ml") == millilitres)
        #expect(!result.entries.contains { $0.kind == "food" && ["can", "full can", "small glass of orange"].contains($0.text("food")) })
    }

    /// A drink the lists lack, drunk by the millilitre, is a drink, not a medicine; a bath that
    /// was run is no run; a sensor put in is no glucose reading.
    @Test(arguments: [("drank 350ml of bone broth", ["fluid"]), ("had 300ml of Huel", ["fluid"]), ("ran a bath", []),
                      ("ran out of gluten free bread", []), ("new libre sensor in", []), ("kayaked 2 hrs", ["activity"]),
                      ("had a 20 min power nap", ["sleep"]), ("itchy throat, mild", ["symptom"]),
                      ("had a paracetamol tablet", ["medication"]), ("she had a Phosex tablet", ["medication"]),
                      ("had a sandwich for lunch at the pub", ["food"]), ("a cup of ginseng tea", ["fluid"]),
                      ("boricha 2 cups", ["fluid"]), ("2 cups of rice", ["food"]),
                      ("can the office ring the pharmacy re her blister packs", [])])
    func wordsNamedForWhatTheyAre(text: String, kinds: [String]) {
        let result = Self.parse(text)
        #expect(result.entries.map(\.kind) == kinds, "\(result.problems)")
        #expect(result.status == (kinds.isEmpty ? .unrecognized : .ok))
    }

    /// "pm" said once after a span is both ends' when the span stays within the afternoon.
    @Test func anAfternoonSpanSaysPmOnce() {
        #expect(Self.parse("nap 1:10-2:40pm").entries.first?.number("duration_min") == 90)
        #expect(Self.parse("slept 11-2pm").entries.first?.number("duration_min") == 180)
    }

    /// Half of a food is its amount; a speaker's "right so" before a whole entry says nothing.
    @Test(arguments: [("baby ate half a banana for a snack", "food"), ("right so bolus four and a half units", "medication"),
                      ("weight 83.1 kilos up from yesterday", "weight")])
    func wordsAroundAWholeEntryAreNoValue(text: String, kind: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == [kind])
    }

    /// A sleep logged as when the baby went down and when she woke is the time between.
    @Test(arguments: [("down 7:15pm up 6:15am", 660.0), ("asleep 8:15pm, woke 4:30am", 495), ("down for nap 7:40am, up 8:25am", 45)])
    func aSleepFromDownToUpIsTheTimeBetween(text: String, minutes: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.number("duration_min") } == [minutes])
    }

    /// A number runs across a hesitation ("one uh twenty") but never across "about" or "around":
    /// "one ninety, about two hours ago" is 190 two hours ago, not 192 hours ago.
    @Test(arguments: [("sugar one ninety, uh, about two hours ago", 190.0, 8), ("glucose one uh twenty", 120, 10),
                      ("sugar one ninety around two hours ago", 190, 8)])
    func aNumberEndsBeforeAbout(text: String, value: Double, hour: Int) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.number("value") } == [value])
        #expect(result.entries.first?.time.hour == hour)
    }

    /// "lb" and "rb" beside a breastfeed are the left and right breast, never pounds.
    @Test func breastsInShorthand() {
        let result = Self.parse("bf lb 10 min rb 8 min")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("side") } == ["left", "right"])
        #expect(Self.parse("weight 10 lb").entries.first?.text("unit") == "lb")
    }

    /// A dash between spaces ends a clause: what did not happen after it takes no entry along.
    @Test func aSpacedDashEndsTheClauseOfANegation() {
        let result = Self.parse("gave her omeprazole 20mg - the cat wouldn't leave her alone")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["medication"])
    }

    /// "right" opens a dictation before a hesitation, or where the rest alone reads whole; it
    /// stays a side where the words as said read whole.
    @Test(arguments: ["right um mrs okafor took four mg chlorphenamine", "right my husband took five hundred mg of paracetamol"])
    func rightOpensADictation(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["medication"])
    }

    /// Free text stops at a bracket ("120ml of Lucozade (bless her)"); "each" alone names no
    /// medicine ("500mg each" is the strength of each tablet, never a dose of "each").
    @Test func bracketsAndEachNameNothing() {
        let drink = Self.parse("she had 120ml of Lucozade (bless her)")
        #expect(drink.entries.first?.text("drink")?.lowercased() == "lucozade")
        let strength = Self.parse("took 2 paracetamol (500mg each)")
        #expect(!strength.entries.contains { $0.text("name") == "each" })
        #expect(strength.entries.first?.fields.first { $0.name == "strength" }?.value == .amount(value: 500, unit: "mg"))
        #expect(strength.entries.first?.fields.first { $0.name == "amount" }?.value == .amount(value: 2, unit: "tablet"))
    }

    /// A time said with only a bare verb goes to the entry right after it.
    @Test func aTimeWithABareVerbIsTheNextEntrys() {
        let result = Self.parse("on Wednesday at 4pm she had a temp of 38.9")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["temperature"])
        #expect(result.entries.first?.time == LocalDateTime(iso: "2026-11-18T16:00:00"))
    }

    /// A part said once after "both" is each entry's; "both" alone names no food.
    @Test func aPartAfterBothIsEachEntrys() {
        let result = Self.parse("nausea and bloating, both mild")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("severity") } == ["low", "low"])
        #expect(!Self.parse("novorapid 5 units, humalog 4 units, both with breakfast").entries.contains { $0.text("food") == "both" })
    }

    /// A meal named once is the meal of each food listed after it.
    @Test func foodsListedAfterAMealAreItsFoods() {
        let result = Self.parse("dinner: 1 cup pasta, 100g chicken")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("meal") } == ["dinner", "dinner"])
    }

    /// A full stop ends free text (but not after "Dr."); so do "so", "me" and "instead", and a
    /// syrup that is a food names no medicine.
    @Test func freeTextEndsWithItsSentence() {
        let stop = Self.parse("so expect chaos. Omeprazole 40mg, weight 59kg")
        #expect(stop.entries.first?.text("name")?.lowercased() == "omeprazole")
        #expect(Self.parse("appointment with Dr. Okafor on Friday at 3pm").entries.first?.text("with") == "Dr. Okafor")
        #expect(Self.parse("New gastro wants me on budesonide, 9mg taken this morning").entries.first?.text("name") == "budesonide")
        #expect(Self.parse("oatmeal with maple syrup for breakfast").entries.map(\.kind) == ["food"])
    }

    /// A recogniser's homophone of a digit after tens is that digit where the number ends: at
    /// the end, before a unit or before "out of ten"; never before another number (a range).
    @Test(arguments: [("pulse sixty for", "bpm", 64.0), ("oxygen eighty ate percent", "percent", 88),
                      ("joint pain ate out of ten", "score", 8), ("a one c fifty sex", "value", 56),
                      ("glucose ninety ate fasting", "value", 98), ("glucose seventy to after breakfast", "value", 72),
                      ("heart rate sixty ate and oxygen ninety seven percent", "bpm", 68),
                      ("glucose one thirty to before lunch", "value", 132), ("temperature thirty ate point two", "value", 38.2),
                      ("blood pressure one twenty to over eighty", "systolic", 122)])
    func aDigitHeardAsAWord(text: String, field: String, value: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.number(field) == value)
        #expect(Self.parse("heart rate seventy to eighty").status != .ok)
    }

    /// A day said first, alone, is the day of every entry after it, with or without a clock time.
    @Test func aDaySaidFirstIsEveryEntrys() {
        let result = Self.parse("thursday: 14 units novorapid at 8:35am, bgl 13.2 before lunch")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.time.dayNumber) == [Self.now.dayNumber - 2, Self.now.dayNumber - 2])
        #expect(result.entries.first?.time.hour == 8)
        #expect(Self.parse("today so far: took 20mg buscopan").status == .ok)
    }

    /// A negation that takes nothing back ends at a word that joins clauses, as others do.
    @Test func aClauseOfWhatDidNotHappenEndsAtPlus() {
        let result = Self.parse("no bloating for once plus had a chicken salad for lunch")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["food"])
    }

    /// What did not happen, after a number no entry takes, is its own clause from the break
    /// before it; the number is still asked about.
    @Test func aNegationAfterAnUnloggedNumberIsItsOwnClause() {
        let result = Self.parse("blood ketones 1.2, didn't take the metformin. carbs 12g")
        #expect(result.negated == ["didn't take the metformin"])
        #expect(result.entries.map(\.kind) == ["carbs"])
        #expect(result.status == .incomplete)
    }

    /// A brand a recogniser wrote as two unknown words is read whole, and the answer says so.
    @Test func aNameWrittenAsTwoWordsIsReadWhole() {
        let result = Self.parse("gave him five ml of cal pol")
        #expect(result.entries.first?.text("name") == "calpol")
        #expect(result.problems.contains { $0.message.contains("'cal pol' as 'calpol'") })
    }

    /// "bf" is a breastfeed, so a bottle of formula after it is another feed.
    @Test func aBreastfeedThenFormulaAreTwoFeeds() {
        let result = Self.parse("bf 10min then ff 2oz")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("method") } == ["breastfeeding", "formula"])
    }

    /// A capitalised name the lists lack, before the amount of a listed medicine, is whom it
    /// was given to, no medicine: "gave Noah 4 puffs of ventolin" is 4 puffs of ventolin.
    @Test func aDoseIsGivenToSomeone() {
        let result = Self.parse("gave Noah 4 puffs of ventolin")
        #expect(result.entries.map { $0.text("name") } == ["ventolin"])
        #expect(result.entries.first?.fields.first { $0.name == "amount" }?.value == .amount(value: 4, unit: "puff"))
    }

    /// Words of a compound count as named ones: "overnight oats" is a food, not oats overnight.
    @Test func aCompoundNameIsReadWhole() {
        #expect(Self.parse("had overnight oats for breakfast").entries.first?.text("food") == "overnight oats")
    }

    /// A dose form names no medicine alone ("metformin tablet 500mg" is no medicine called
    /// "tablet"); one after whose it is counts one ("took my iron tablet").
    @Test func aDoseFormIsNoName() {
        #expect(!Self.parse("took my metformin tablet 500mg").entries.contains { $0.text("name") == "tablet" })
        let iron = Self.parse("took my iron tablet")
        #expect(iron.status == .ok, "\(iron.problems)")
        #expect(iron.entries.first?.text("name") == "iron")
        #expect(iron.entries.first?.fields.first { $0.name == "amount" }?.value == .amount(value: 1, unit: "tablet"))
    }

    /// A reading taken again after what was done about it is one more reading of its kind
    /// ("bg 4.0, 10g carbs, 4.8 at 3:05"); a value that could also be more of what was done
    /// ("temp 39.2, gave calpol 5ml, 38.1") is neither, so the line is said again.
    @Test func aReadingTakenAgainAfterATreatment() {
        let again = Self.parse("bg 4.0 at 2:45am, 10g carbs, 4.8 at 3:05")
        #expect(again.status == .ok, "\(again.problems)")
        #expect(again.entries.map(\.kind) == ["glucose", "carbs", "glucose"])
        #expect(again.entries.last?.number("value") == 4.8)
        #expect(Self.parse("temp 39.2, gave calpol 5ml, 38.1 at 9am").status == .incomplete)
    }

    /// Words of a clause that say a value is not known ("forgot how much") leave the entry
    /// before them unfinished: the line is to be said again, not logged without it.
    @Test func aValueNotKnownLeavesTheLineIncomplete() {
        for text in ["gave amoxicillin, forgot how much", "took my bolus but can't remember how much"] {
            let result = Self.parse(text)
            #expect(result.status == .incomplete, "\(text): \(result.problems)")
            #expect(result.problems.contains { $0.message.contains("says a value is not known") })
            #expect(Set(result.problems).count == result.problems.count, "\(text): a problem said twice")
        }
        #expect(Self.parse("before I forget, bg 7.2").entries.map(\.kind) == ["glucose"])
    }

    /// A span's ends said as a part of an hour: "half 11" is half past, as said in Britain.
    @Test(arguments: [
        ("slept from half 11 till 6", 390.0),
        ("baby napped from 4 till quarter to 6", 105),
        ("slept from half past 10 to quarter past 6", 465),
    ])
    func aSpanEndsAtAPartOfAnHour(text: String, minutes: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.number("duration_min") == minutes)
    }

    /// A clock written with a colon and another with a dot are two times, never one read over
    /// the other: "dirty nappy at 4am and another at 6.30" is two changes.
    @Test func twoClocksAreTwoTimes() {
        #expect(Self.parse("dirty nappy at 4am and another at 6.30").entries.count == 2)
    }

    /// A pulse said before a blood pressure is the pulse taken with it, as after it.
    @Test func aPulseBeforeABloodPressureIsItsPulse() {
        let result = Self.parse("pulse 80 and bp 118/76")
        #expect(result.entries.map(\.kind) == ["blood_pressure"])
        #expect(result.entries.first?.number("pulse") == 80)
    }

    /// Texting shorthand: "w/" is "with", "v" is "very", "ngl" and "lowkey" are no food or
    /// value; a restart said twice is said once ("my sugar my sugar was 7.5").
    @Test func textingShorthandAndRestarts() {
        let lunch = Self.parse("60g carbs for lunch w/ 5 units fiasp")
        #expect(lunch.entries.map(\.kind) == ["carbs", "medication"], "\(lunch.entries)")
        #expect(Self.parse("walked for an hour and a half w/ the dog").entries.first?.number("duration_min") == 90)
        #expect(Self.parse("period pain v bad ngl").entries.first?.text("severity") == "severe")
        let restart = Self.parse("my sugar my sugar was seven point five")
        #expect(restart.status == .ok, "\(restart.problems)")
        #expect(restart.entries.first?.number("value") == 7.5)
        // a number said twice is never taken for a restart
        #expect(Self.parse("bp one twenty one twenty over eighty").status != .ok)
    }

    /// A title and the surname after it say who the line is about: no medicine is named
    /// "Mrs Okafor humalog"; free text keeps them; a title in capitals is none ("MS fatigue").
    @Test func aTitleAndSurnameAreAPerson() {
        #expect(Self.okEntry("Mrs Okafor humalog 6 units at 08:10", kind: "medication")?.text("name") == "humalog")
        #expect(Self.okEntry("Room 14, Mrs Doyle, 89, temp 37.4", kind: "temperature")?.number("value") == 37.4)
        #expect(Self.okEntry("appointment with Mrs Patel on tuesday 10am", kind: "appointment")?.text("with") == "Mrs Patel")
        #expect(Self.okEntry("MS fatigue 9/10 today", kind: "symptom")?.number("score") == 9)
        #expect(Self.parse("didn't miss a dose of keppra").status != .ok)
    }

    /// Charting shorthand: a round of readings named after its time ("4am obs:") shares it; "P"
    /// is a pulse; a glucose named by the hour after a meal said before it takes that meal.
    @Test func chartingShorthandKeepsEveryNumber() {
        let round = Self.parse("4am obs: temp 36.4, sats 93%")
        #expect(round.status == .ok, "\(round.problems)")
        #expect(round.entries.count == 2)
        #expect(round.entries.allSatisfy { $0.time == LocalDateTime(iso: "2026-11-21T04:00:00") })
        #expect(Self.okEntry("P 88 reg, T 36.7, BM 6.3", kind: "heart_rate")?.number("bpm") == 88)
        #expect(Self.okEntry("ate pasta for dinner and 1hr later 8.9", kind: "glucose")?.text("tag") == "after dinner")
    }

    /// A food named before a clock time was eaten then; symptoms of pain diaries are named whole.
    @Test func aFoodAtItsTimeAndSymptomsNamedWhole() {
        let cereal = Self.okEntry("cereal at 9:15", kind: "food")
        #expect(cereal?.text("food") == "cereal")
        #expect(cereal?.time == LocalDateTime(iso: "2026-11-21T09:15:00"))
        #expect(Self.parse("Ellie 200ml formula via her button at 7").entries.map(\.kind) == ["feeding"])
        #expect(Self.okEntry("back spasm at 7:15 getting out of bed, 9/10", kind: "symptom")?.number("score") == 9)
        #expect(Self.okEntry("c/o SOB", kind: "symptom")?.text("name") == "sob")
        // a word the grammar lacks before a symptom is part of its name; a name's, or one a comma
        // parts from it, is not
        #expect(Self.okEntry("TMJ pain 4", kind: "symptom")?.text("name") == "TMJ pain")
        #expect(Self.okEntry("Zara's stomach cramps moderate", kind: "symptom")?.text("name") == "stomach cramps")
        #expect(Self.okEntry("glutened at nandos, cramps 8/10", kind: "symptom")?.text("name") == "cramps")
    }

    /// "Left" and "right" left over carry a side only right after a number: "lying on my left"
    /// and "is that right" lose nothing, "fed 15 left 10 right" is two feeds.
    @Test func aSideLeftOverCarriesAValueOnlyAfterANumber() {
        #expect(Self.okEntry("bp 127/81 lying on my left", kind: "blood_pressure")?.number("systolic") == 127)
        #expect(Self.okEntry("rhr 38 is that right", kind: "heart_rate")?.number("bpm") == 38)
        #expect(Self.parse("bf 15 left 10 right").entries.compactMap { $0.number("duration_min") } == [15, 10])
    }

    /// Biologics are medicines, a pen or infusion of one is its dose, and a bare number of one
    /// asks its unit; one booked ahead is an appointment; how one works is said in passing.
    @Test func biologicsAndTheirInfusions() {
        #expect(Self.okEntry("kesimpta pen done at 8:30", kind: "medication")?.text("name") == "kesimpta")
        #expect(Self.okEntry("tysabri infusion 300mg at 11.30 yesterday", kind: "medication")?.text("name") == "tysabri")
        #expect(Self.parse("cosentyx 150 done").status == .infeasible)
        #expect(Self.parse("Entyvio infusion Tuesday at 2pm at the Royal Free").entries.map(\.kind) == ["appointment"])
        #expect(Self.parse("itch 3/10 today, skyrizi working").entries.map(\.kind) == ["symptom"])
    }

    /// A visit's day and clock time come in either order, its place may come between, and who
    /// it is with may have a follow-up.
    @Test func visitsSaidInAnyOrder() {
        #expect(Self.okEntry("physio at 2pm on thursday at the leisure centre", kind: "appointment")?.text("with") == "physio")
        #expect(Self.okEntry("surgeon follow up on friday at 10:15", kind: "appointment")?.text("with") == "surgeon")
        #expect(Self.okEntry("colonoscopy 9 december 8.30am at st marks", kind: "appointment")?.text("where") == "st marks")
    }

    /// Training said around a reading is in passing ("after the rain ride", "skipping the club
    /// run"); energy gels taken on the move are counted foods, and a medicine's gel is none.
    @Test func trainingSaidInPassingAndGelsTaken() {
        #expect(Self.parse("temp 38.3, skipping the club run").entries.map(\.kind) == ["temperature"])
        #expect(Self.parse("blood sugar 3.3 at 2am after yesterday's long run").entries.map(\.kind) == ["glucose"])
        #expect(Self.okEntry("2 gels + 500ml water during the run", kind: "food")?.text("food") == "gels")
        #expect(!Self.parse("dovobet gel on knees and elbows").entries.contains { $0.kind == "food" })
    }

    /// "1h 15m" is 75 minutes, not an hour and 15 metres; yards are a distance; a race run in a
    /// time is a run of its distance; a race of one's own around a reading is in passing.
    @Test func minutesAfterHoursYardsAndRaces() {
        let walk = Self.okEntry("walked 1h 15m", kind: "activity")
        #expect(walk?.number("duration_min") == 75 && walk?.number("distance_km") == nil)
        #expect(Self.okEntry("swam 1000 yards", kind: "activity")?.number("distance_km") == 0.9144)
        #expect(Self.okEntry("marathon in 4 hours 12 minutes", kind: "activity")?.number("distance_km") == 42.195)
        #expect(Self.parse("bolus 1.5u before my 5k").entries.map(\.kind) == ["medication"])
        #expect(Self.okEntry("hr shot up to 192", kind: "heart_rate")?.number("bpm") == 192)
    }

    /// A weight lost or still to lose is no weight: "half a stone down", "10 lbs to go".
    @Test func aWeightLostIsNoWeight() {
        #expect(Self.parse("half a stone down").status == .unrecognized)
        #expect(Self.parse("total loss 21.6 kg").status == .unrecognized)
        #expect(Self.okEntry("weight 92.1kg, 4kg to go", kind: "weight")?.number("value") == 92.1)
        #expect(Self.okEntry("weighed 10st 3lb, lost a bit", kind: "weight") != nil)
    }

    /// Where a symptom is, said right after it, is part of its name; said after how bad it
    /// is, it is in passing.
    @Test func whereASymptomIsSaidRightAfterIt() {
        #expect(Self.parse("mild numbness in my left hand").entries.first?.text("name") == "numbness in my left hand")
        #expect(Self.parse("pins and needles in both feet, 3/10").entries.first?.text("name") == "pins and needles in both feet")
        #expect(Self.parse("joint pain bad in her knees").entries.first?.text("name") == "joint pain")
        #expect(Self.parse("pain in my knees and elbows").entries.first?.text("name") == "pain in my knees and elbows")
    }

    /// A symptom the lists lack is read where the line opens with it, right before how bad it
    /// is; a symptom they have, with where or when after it, is no new name, and a severity
    /// that opens the next clause's symptom is that one's.
    @Test func aSymptomTheListsLackOpeningTheLine() {
        #expect(Self.okEntry("mucus, slight", kind: "symptom")?.text("name") == "mucus")
        #expect(Self.okEntry("daytime sleepiness 7/10", kind: "symptom")?.number("score") == 7)
        #expect(Self.parse("breathless on the stairs, mild").entries.map { $0.text("name") } == ["breathless"])
        #expect(Self.parse("chale, mild stomach ache").entries.map { $0.text("name") } == ["stomach ache"])
        #expect(Self.parse("nausea after ozempic, mild").entries.map { $0.text("name") } == ["nausea"])
    }

    /// A part of the body named with a symptom, before or after it, is part of its name as said;
    /// "back" after one says it came again, and a part after a comma starts something else.
    @Test func aPartOfTheBodyNamedWithASymptom() {
        #expect(Self.parse("leg swelling 6 out of 10").entries.first?.text("name") == "leg swelling")
        #expect(Self.parse("tingling feet 4/10").entries.first?.text("name") == "tingling feet")
        #expect(Self.parse("wearing off at 9.30, tremor back").entries.last?.text("name") == "tremor")
        #expect(Self.parse("mild nausea, mild fatigue, mouth fine").entries.last?.text("name") == "fatigue")
    }

    /// A dose counted after its weight, or before the medicine and its weight, is how many
    /// tablets of that weight; "x1" is the one's weight; how often it is taken is no count ("x2 a
    /// day"); a combination's strength counted is tablets of it, one too.
    @Test func aDoseCountedAfterItsWeight() {
        let amount = { (text: String) in Self.parse(text).entries.first?.fields.first { $0.name == "amount" }?.value }
        #expect(amount("buscopan 10mg x 2") == .amount(value: 2, unit: "tablet"))
        #expect(amount("2 x paracetamol 500mg at 7am") == .amount(value: 2, unit: "tablet"))
        #expect(amount("co-codamol 30/500 x2") == .amount(value: 2, unit: "tablet"))
        #expect(amount("sinemet 25/100 x1 at 6:30") == .amount(value: 1, unit: "tablet"))
        #expect(amount("tegretol retard 200mg x1") == .amount(value: 200, unit: "mg"))
        #expect(amount("paracetamol 500mg x2 tabs") == .amount(value: 2, unit: "tablet"))
        #expect(Self.parse("paracetamol 500mg x2 a day").status == .incomplete)
    }

    /// A bare value after a dose is more of it only at the dose's scale: "metformin 850mg, 6.1
    /// before dinner" is a glucose, "levemir 6 units this morning and 8 last night" two doses.
    @Test func moreOfADoseIsOfItsScale() {
        let result = Self.parse("took 850mg metformin, 6.1 before dinner")
        #expect(result.entries.map(\.kind) == ["medication", "glucose"], "\(result.entries)")
        #expect(Self.parse("levemir 6 units this morning and 8 last night").entries.map(\.kind) == ["medication", "medication"])
    }

    /// Soup is a food, unless how much was drunk is said: "had soup for lunch", "300 ml of soup".
    @Test func soupIsAFoodUnlessMeasuredAsADrink() {
        #expect(Self.parse("had soup for lunch").entries.first?.kind == "food")
        #expect(Self.parse("drank 750 ml of water and 300 ml of soup").entries.compactMap { $0.number("volume_ml") } == [750, 300])
    }

    /// An adult's pad or pull-up, with what was in it, is a change as a nappy is; a pad alone
    /// (a heating pad) is none.
    @Test func anAdultsPadIsANappy() {
        #expect(Self.parse("changed her pad, wet").entries.first?.text("contents") == "wet")
        #expect(Self.parse("incontinence pad wet at 5am").entries.first?.text("contents") == "wet")
        #expect(!Self.parse("heating pad on my tummy, cramps 6/10").entries.contains { $0.kind == "nappy" })
    }

    /// Sore said before what hurts names the symptom as said: "sore tummy", "achy wrist".
    @Test func soreBeforeWhatHurtsIsASymptom() {
        #expect(Self.parse("sore tummy yesterday afternoon").entries.first?.text("name") == "sore tummy")
        #expect(Self.parse("really achy wrist").status == .ok)
    }

    /// A food the lists lack, weighed in grams alone on its line, is a food; a dose in grams is
    /// smaller, and grams before more words are no food's ("entered 40g carbs").
    @Test func aFoodWeighedAloneIsAFood() {
        #expect(Self.parse("pringles 30g").entries.first?.text("food") == "pringles")
        #expect(Self.parse("entered 40g carbs into the tslim").entries.map(\.kind) == ["carbs"])
        #expect(Self.parse("pcm 1g").entries.first?.kind != "food")
    }

    /// Where it was eaten and the pump it went through are in no field: "a snickers on the bus",
    /// "stopped the pump"; nor is where a symptom came on: "breathless walking to the loo".
    @Test func placesAndPumpsSaidInPassingAreNoEntries() {
        #expect(Self.parse("had a snickers on the bus").entries.first?.text("food") == "snickers")
        #expect(Self.parse("mood okay, bored of the pump").status == .ok)
        #expect(Self.parse("short of breath 7/10 walking to the loo").entries.map(\.kind) == ["symptom"])
        #expect(Self.parse("going to check bp at 6").status != .ok)
    }

    /// Drinks read in text only take their measure as the spoken ones do: "pint of guinness",
    /// "330ml bottle of peroni", "500ml of alcohol free lager".
    @Test func typedDrinksTakeTheirMeasure() {
        #expect(Self.parse("pint of guinness").entries.first?.number("volume_ml") == 568)
        #expect(Self.parse("330ml bottle of peroni").entries.first?.number("volume_ml") == 330)
        #expect(Self.parse("500ml of alcohol free lager").entries.first?.text("drink") == "alcohol free lager")
    }

    /// A meal as a point in the day is no food ("water 60 mls with his lunch", "that's my lot till
    /// dinner"); nor is which reading of several, or how it compares ("reading 1: 156/98", "3rd
    /// high one this week").
    @Test func mealsAsTimesAndReadingNumbersAreNoEntries() {
        #expect(Self.parse("water 60 mls with his lunch").entries.map(\.kind) == ["fluid"])
        #expect(Self.parse("drank 450 ml of water over lunch").status == .ok)
        #expect(Self.parse("reading 1: 156/98 reading 2: 150/95").entries.map(\.kind) == ["blood_pressure", "blood_pressure"])
        #expect(Self.parse("BP 145/92 3rd high one this week").entries.map(\.kind) == ["blood_pressure"])
    }

    /// A number right before symptoms it counts is no score: "2 headaches today" asks what the 2
    /// is, while "pain 5 fatigue 7" scores each.
    @Test func aCountBeforeSymptomsIsNoScore() {
        let counted = Self.parse("2 headaches today")
        #expect(counted.status == .incomplete && counted.entries.first?.number("score") == nil)
        #expect(Self.parse("pain 5 fatigue 7").entries.compactMap { $0.number("score") } == [5, 7])
        #expect(Self.parse("he had a grand mal yesterday at 7pm").entries.first?.kind == "symptom")
    }

    /// Where or when a reading was taken, said in passing, is no other entry: "bp 126/80 fasting",
    /// "bp 118 over 74 pulse 80 at the endo".
    @Test func aReadingsPlaceOrFastIsNoEntry() {
        #expect(Self.parse("bp 126/80 fasting").entries.map(\.kind) == ["blood_pressure"])
        let clinic = Self.parse("bp 118 over 74 pulse 80 at the endo")
        #expect(clinic.status == .ok && clinic.entries.first?.number("pulse") == 80)
    }

    /// A symptom said plainly and then by another of its names with how bad it is is one
    /// symptom; a different one said after stays apart.
    @Test(arguments: [
        ("i'm exhausted, fatigue eight out of ten", ["fatigue"]),
        ("felt sick after dinner, mild nausea", ["nausea"]),
        ("tired, headache 5/10", ["tired", "headache"]),
    ])
    func aSymptomRestatedIsOne(text: String, names: [String]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("name") ?? "" } == names)
    }

    /// A symptom scored again later in the sentence is that symptom again (`again name`); a
    /// score said after one that had none is its own.
    @Test func aSymptomScoredAgainIsNamedAgain() {
        let twice = Self.parse("pain 8/10 at 5am and 4/10 at 8am")
        #expect(twice.status == .ok && twice.entries.map { $0.text("name") ?? "" } == ["pain", "pain"])
        #expect(twice.entries.compactMap { $0.number("score") } == [8, 4])
        #expect(Self.parse("migraine again, 8 of 10").entries.count == 1)
    }

    /// The baby's sleep said other ways, and again later in the sentence, is the baby's.
    @Test(arguments: ["baby had a catnap, 15 minutes", "sleep baby 1h", "the baby's nap was 25 minutes",
                      "baby napped 35 min this morning and 1 hour 10 yesterday afternoon"])
    func theBabysSleep(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(!result.entries.isEmpty && result.entries.allSatisfy { $0.kind == "sleep" && $0.text("who") == "baby" })
    }

    /// What a feed was given in is no drink of its own: "gave 120ml expressed milk in a cup".
    @Test func aFeedsCupIsNoDrink() {
        let result = Self.parse("gave 120ml expressed milk in a cup")
        #expect(result.status == .ok && result.entries.map(\.kind) == ["feeding"])
    }

    /// A reading taken again after what was done about it, said straight after the first with no
    /// comma, is another reading of its kind.
    @Test func aRecheckAfterATreatmentWithNoComma() {
        let result = Self.parse("bg 3.8 drank 150ml juice then 5.2")
        #expect(result.status == .ok && result.entries.map(\.kind) == ["glucose", "fluid", "glucose"])
    }

    /// A carer's "pad changed" is a nappy change, what was in it said after; alone it asks.
    @Test func aPadChanged() {
        let pad = Self.parse("pad changed at 06:30 - wet")
        #expect(pad.status == .ok && pad.entries.first?.text("contents") == "wet")
        #expect(Self.parse("pad changed").status == .incomplete)
    }

    /// How much of a food, said without a number, is no part of its name; "a few" before a
    /// length of time is no amount of food.
    @Test(arguments: [("a few blueberries as a snack", "blueberries"), ("ate a whole packet of quavers", "quavers"),
                      ("mum had a bit of ice lolly", "ice lolly"), ("ate a bowl of lentil soup for lunch", "lentil soup")])
    func howMuchOfAFoodIsNoPartOfItsName(text: String, food: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok && result.entries.first?.text("food") == food)
        #expect(Self.parse("my son had an absence at breakfast, just a few seconds").entries.map(\.kind) == ["symptom"])
    }

    /// A remark after a food's amount, past a comma, is no food: the food is the one named.
    @Test(arguments: [("dark chocolate 20g, might be a trigger", "dark chocolate"), ("avocado 2 tbsp, she loved it", "avocado"),
                      ("20g dark chocolate", "dark chocolate")])
    func aRemarkAfterAFoodsAmountIsNoFood(text: String, food: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok && result.entries.map { $0.text("food") } == [food], "\(result.entries)")
    }

    /// Which dose it was ("new dose", "last dose of the course") is no medicine of its own.
    @Test(arguments: ["folic acid 5mg (high dose)", "Pred 30mg, last dose of the course", "bisoprolol 3.75mg (new dose)"])
    func whichDoseItWasIsNoMedicine(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok && result.entries.map(\.kind) == ["medication"], "\(result.entries)")
    }

    /// Medicines carers name by brand or shorthand, with a number and no unit, are doses; a
    /// pancreatic enzyme's thousands of units are no impossible insulin dose.
    @Test(arguments: [("entacapone 200 with the first dose", "entacapone"), ("took 2 Hedex at 6 am", "hedex"),
                      ("dad: lasix 40, spiro 25", "spiro"), ("glucogel given", "glucogel"),
                      ("Creon 25000 units with lunch", "creon"), ("nutrizym 2 caps", "nutrizym")])
    func medicinesByShorthandAreDoses(text: String, name: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok && result.entries.last?.text("name") == name, "\(result.entries)")
    }

    /// A medicine a child is given by weight asks for its dose; one said as a bare number is
    /// logged as said.
    @Test func aChildsMedicineAsksForItsDose() {
        let result = Self.parse("gave him some calpol")
        #expect(result.status == .incomplete && result.problems.contains { $0.field == "amount" }, "\(result.problems)")
        #expect(Self.parse("calpol 5").status == .ok)
        #expect(Self.parse("nurofen 2.5ml at 6").status == .ok)
        #expect(Self.parse("took paracetamol at 8").status == .ok)
    }

    /// A clinic named for what it treats, with its day and clock, is where the appointment is;
    /// with a place said after it, the clinic is whom it is with.
    @Test func aClinicNamedIsWhereTheAppointmentIs() {
        let clinic = Self.parse("renal clinic appt 2 dec 10:40")
        #expect(clinic.status == .ok && clinic.entries.first?.text("where") == "renal clinic", "\(clinic.entries)")
        let placed = Self.parse("tongue tie clinic wednesday 11am at St Mary's")
        #expect(placed.status == .ok && placed.entries.first?.text("where") == "St Mary's", "\(placed.entries)")
        let person = Self.parse("appointment with Sister Reid at Kings College Hospital on Friday at 10am")
        #expect(person.entries.first?.text("with") == "Sister Reid" && person.entries.first?.text("where") == "Kings College Hospital")
    }

    /// A symptom's score out of ten said a few words after it, at the clause's end, is its own;
    /// a date is no score, and being free of a symptom is no symptom.
    @Test func aScoreAFewWordsOnIsTheSymptoms() {
        #expect(Self.parse("pain on the left ovary 6/10").entries.map { $0.number("score") } == [6])
        #expect(Self.parse("headache coming on 2/10").entries.map { $0.number("score") } == [2])
        #expect(Self.parse("pain out of 10").status == .incomplete)
        #expect(Self.parse("epipen expires 03/27").status != .ok)
        #expect(Self.parse("she's been seizure free for 42 days").entries.isEmpty)
    }

    /// Where a walk went and came back from is in no field; its minutes after that are its own.
    @Test func whereAWalkWentIsNoField() {
        let result = Self.parse("walked to the post box and back 8 mins, sats 90 after")
        #expect(result.status == .ok && result.entries.first?.number("duration_min") == 8, "\(result.entries)")
    }

    /// A feed said to time something else is no feed of its own.
    @Test func aFeedThatTimesSomethingElseIsNoFeed() {
        let result = Self.parse("drank a glass of water during the feed")
        #expect(result.status == .ok && result.entries.map(\.kind) == ["fluid"], "\(result.entries)")
    }

    /// A race named after a reading says it was after exercise: "glucose 33.3 after the marathon".
    @Test func aRaceTagsTheReading() {
        #expect(Self.parse("Sugar 14.6 after the crit race, took 1.5 units of fiasp").entries.first?.text("tag") == "after workout")
        #expect(Self.parse("glucose 33.3 after the marathon").entries.first?.text("tag") == "after workout")
    }

    /// The machine an activity was done on names it when nothing else does: "did 20 mins on the
    /// cross trainer"; a walk on a treadmill stays a walk.
    @Test func theMachineNamesAnActivity() {
        #expect(Self.parse("did 20 mins on the cross trainer").entries.first?.text("name") == "cross trainer")
        #expect(Self.parse("walked 30 min on the treadmill").entries.first?.text("name") == "walking")
    }

    /// What brought a symptom on, or what the writer thinks did, said after it, is in no field
    /// and no entry of its own; a meal said alone says when, and a drink with its amount is logged.
    @Test(arguments: [
        ("nausea after the lentil soup, moderate", ["symptom"]),
        ("Mild diarrhoea after the new antibiotics", ["symptom"]),
        ("bloating after a glass of milk", ["symptom", "fluid"]),
        ("Pain 9 out of 10 when coughing.", ["symptom"]),
        ("wound pain severe on the left side when he coughs", ["symptom"]),
        ("headache 4/10 think it was the red wine", ["symptom"]),
        ("migraine 7/10, trigger probably lack of sleep", ["symptom"]),
        ("headache, think it was the 2 glasses of wine", ["symptom", "fluid"]),
    ])
    func whatBroughtASymptomOnIsNoEntry(text: String, kinds: [String]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == kinds)
        #expect(Self.parse("nausea after her tablets mild").entries.first?.text("severity") == "low")
        #expect(Self.parse("headache after lunch").entries.first?.text("tag") == "after lunch")
    }

    /// How long after what brought it on a symptom began is in no field, and its score said
    /// after that is still its own.
    @Test func howLongAfterASymptomBeganKeepsItsScore() {
        let result = Self.parse("ice cream for dessert, stomach cramps 20 min after, 7/10")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["food", "symptom"])
        #expect(result.entries.last?.number("score") == 7)
        #expect(Self.parse("cramps 40 mins later 5/10").entries.map { $0.number("score") } == [5])
    }

    /// A pain score said right after a painful condition that has none is that condition's
    /// score; a condition with its own severity, or one that is no pain, keeps the pain apart.
    @Test(arguments: [
        ("migraine, pain 6 out of 10", ["migraine"]),
        ("lupus flare. pain 8/10", ["lupus flare"]),
        ("mastitis pain 7 out of 10", ["mastitis pain"]),
        ("nausea mild, pain 7/10", ["nausea", "pain"]),
        ("nausea, pain 7/10", ["nausea", "pain"]),
    ])
    func painScoreOfTheConditionBefore(text: String, names: [String]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("name") ?? "" } == names)
        #expect(result.entries.contains { $0.number("score") != nil })
    }

    /// A feeding tube flushed with a volume is fluid taken; a flush without one, or a hot flush,
    /// is none, and a volume before a full stop is not the next sentence's flush.
    @Test func tubeFlushIsFluid() {
        let flushes = ["flush 20ml", "flushed tube with 35ml", "60ml flush before meds", "water flush 30mls"]
        for text in flushes {
            let result = Self.parse(text)
            #expect(result.status == .ok, "\(text): \(result.problems)")
            #expect(result.entries.map(\.kind) == ["fluid"], "\(text)")
        }
        #expect(Self.parse("water flush 30mls").entries.first?.text("drink") == "water")
        #expect(Self.parse("Flushed three mils.").status == .infeasible)
        let fed = Self.parse("Feed: 200mL. Flush: 30mL.")
        #expect(fed.entries.map(\.kind) == ["feeding"])
        #expect(fed.status != .ok)
        #expect(Self.parse("hot flush 8/10").entries.map(\.kind) == ["symptom"])
    }

    /// Someone said to be coming today at a clock time is an appointment with them.
    @Test func visitorComingTodayIsAnAppointment() {
        let result = Self.parse("district nurse coming at 2pm")
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.first?.kind == "appointment")
        #expect(result.entries.first?.text("with") == "district nurse")
        #expect(Self.parse("OT coming at 3pm today").entries.first?.text("with") == "ot")
    }

    /// A mood said of a child, of someone by title, or seeming so, is a mood; said twice in a
    /// line it is one mood.
    @Test(arguments: [
        ("happy boy today", "happy"),
        ("bit down this evening", "unhappy"),
        ("seems happy this morning", "happy"),
        ("Mr Bell happy after his lunch", "happy"),
        ("good day, feeling happy", "happy"),
        ("anxious and low, mood not great", "unhappy"),
        ("she was in great form at lunch", "happy"),
    ])
    func moodSaidOfSomeone(text: String, mood: String) {
        let result = Self.parse(text)
        #expect(result.entries.map(\.kind) == ["mood"], "\(result.entries)")
        #expect(result.entries.first?.text("mood") == mood)
    }

    /// How a dose went in, or whose word it followed, is no part of the medicine's name.
    @Test(arguments: [
        ("gave 5 mls oramorph under tongue at 9.10", "oramorph"),
        ("gave 2.5 u of lyumjev through the tslim", "lyumjev"),
        ("took 2 tablets of sertraline like the dr said", "sertraline"),
    ])
    func howADoseWentInIsNoPartOfItsName(text: String, name: String) {
        let result = Self.parse(text)
        #expect(result.entries.first?.text("name") == name, "\(result.entries)")
    }

    /// A change of weight alone is no weight: it is logged incomplete, asking for the weight
    /// itself, never as a weight of the change.
    @Test func weightChangeAloneAsksForTheWeight() {
        let result = Self.parse("lost 2kg this week")
        #expect(result.status == .incomplete)
        #expect(result.entries.map(\.kind) == ["weight"])
        #expect(result.entries.first?.number("value") == nil)
        #expect(Self.parse("weight 71.5 kg").entries.first?.number("value") == 71.5)
    }

    /// A food named alone as the line's first clause is a food, as a diary writes it; where it
    /// was had is no part of its name.
    @Test(arguments: [
        ("crumpets", "crumpets"),
        ("pasta bake and garlic bread", "pasta bake and garlic bread"),
        ("rice pudding, small bowl", "rice pudding"),
        ("nibbled a rich tea biscuit", "rich tea biscuit"),
        ("ate 2 bananas at the aid station", "bananas"),
        ("snack was 30g of almonds at my desk", "almonds"),
        ("shepherds pie at nursery for lunch", "shepherds pie"),
    ])
    func foodNamedAlone(text: String, food: String) {
        #expect(Self.okTexts(text, "food").first == food)
    }

    /// An activity is named as said, with the session it was; a machine said after a name
    /// already given is in no field, and what follows stays the same activity's.
    @Test(arguments: [
        ("football training 90 mins", "football training"),
        ("swim squad at 6am 1 hour", "swim squad"),
        ("stretches 15 mins", "stretches"),
        ("hiked 8 miles in 3 hrs 45", "hike"),
        ("cardiac rehab class 45 minutes", "cardiac rehab class"),
        ("stationary bike 15 min", "stationary bike"),
        ("strength training 40 min", "strength training"),
        ("rode 60k on the bike, 2 hrs 15", "cycling"),
    ])
    func activityNamedAsSaid(text: String, name: String) {
        #expect(Self.okTexts(text, "name") == [name])
    }

    /// Cystic fibrosis medicines as their users write them: an enzyme's strength and a saline's
    /// percent are part of the name, nebulised antibiotics are dosed in millions of units, and a
    /// tablet's colour is no name.
    @Test(arguments: [
        ("took 3 capsules of creon 25000 with lunch", "creon 25000", 3.0),
        ("creon 25000 x3 with lunch", "creon 25000", 3),
        ("colomycin 2 million units", "colomycin", 2_000_000),
        ("hypertonic saline 7% 4ml neb", "hypertonic saline 7%", 4),
        ("kaftrio 2 orange tablets this morning", "kaftrio", 2),
    ])
    func cysticFibrosisMedicines(text: String, name: String, amount: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.text("name") } == [name], "\(result.entries)")
        #expect(result.entries.first?.lookup("amount.value")?.number == amount, "\(result.entries)")
    }

    /// Appointments as carers and patients write them: with someone and at a place, before or
    /// after the day and clock; half past; for whom; someone here or visiting; one seen already.
    @Test(arguments: [
        ("pharmacist review with Priya at Boots on Friday at 4pm", "2026-11-27T16:00", "Priya"),
        ("physio monday at half 3", "2026-11-23T15:30", "physio"),
        ("GP for mum Monday 11.20", "2026-11-23T11:20", "gp"),
        ("transfusion on the 2nd of december at 8:30 at evelina", "2026-12-02T08:30", nil),
        ("Doctor Okafor visiting Tuesday at 3pm", "2026-11-24T15:00", "Doctor Okafor"),
        ("saw the GP yesterday at 4pm", "2026-11-20T16:00", "gp"),
    ])
    func appointmentsAsWritten(text: String, time: String, with: String?) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == ["appointment"])
        #expect(result.entries.first?.time.description.hasPrefix(time) == true, "\(result.entries)")
        if let with { #expect(result.entries.first?.text("with") == with) }
    }

    /// Babies named at the breast, and two named with one amount or time each, are feeds of
    /// their own.
    @Test(arguments: [
        ("arlo at the breast for forty minutes", 1, "duration_min", 40.0),
        ("Sam and Zara both 6 oz", 2, "amount.value", 6),
        ("Oli and Rosie on the breast 20 min each at 3:30am", 2, "duration_min", 20),
    ])
    func babiesNamedFeeds(text: String, count: Int, field: String, value: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map(\.kind) == Array(repeating: "feeding", count: count))
        #expect(result.entries.allSatisfy { $0.lookup(field)?.number == value }, "\(result.entries)")
    }

    /// A random reading named after the word, and "coming" for "is", as Indian and West African
    /// English say them.
    @Test(arguments: [("sugar random 189 mg/dl", 189.0), ("sugar is coming 9.6 after lunch", 9.6)])
    func glucoseAsSaidInIndianAndWestAfricanEnglish(text: String, value: Double) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.number("value") } == [value])
    }

    /// A poo alone opening a line, a "number 2" and a soggy nappy say what the nappy held.
    @Test(arguments: [("big poo", "dirty"), ("Poo at 8.45", "dirty"), ("number 2 nappy", "dirty"), ("soggy nappy for Theo", "wet")])
    func whatANappyHeldInPlainWords(text: String, contents: String) {
        #expect(Self.okTexts(text, "contents") == [contents])
    }

    /// A meal named beside a whole entry with no food of its own is when, not a food to finish.
    @Test(arguments: ["carbs 120 at the airport lunch", "ate 3 crackers instead of lunch, sugar 6.9"])
    func aMealBesideAWholeEntryIsNoEmptyFood(text: String) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(!result.entries.contains { $0.kind == "food" && $0.text("food") == nil })
    }

    /// The meals of a fast say when a dose was taken and are no food or tag of their own.
    @Test func theMealsOfAFast() {
        let doses = Self.parse("levemir 12 units at suhoor and 10 units at iftar")
        #expect(doses.status == .ok, "\(doses.problems)")
        #expect(doses.entries.map { $0.text("name") } == ["levemir", "levemir"])
        #expect(doses.entries.map { $0.lookup("amount.value")?.number } == [12, 10])
        #expect(Self.okEntry("bg 5.4 before suhoor", kind: "glucose")?.number("value") == 5.4)
        #expect(Self.okTexts("oats with milk for suhoor", "food") == ["oats with milk"])
    }

    /// A journey, a seat or a gate, and which night of a run of shifts, hold no value.
    @Test(arguments: [
        ("seat 34C, sugar 7.1", "glucose"), ("Flight EK 5 delayed 3 hours, bg 9.2", "glucose"),
        ("ankles swollen after 11 hours in the air", "symptom"), ("night 2, slept 6 hours 15 mins", "sleep"),
        ("tresiba 12u, splitting the time difference 5 hours", "medication"),
    ])
    func aJourneyOrAShiftHoldsNoValue(text: String, kind: String) {
        #expect(Self.okKinds(text) == [kind])
    }

    /// A greeting, a round of the day named first, and how the night went hold no value; how
    /// often something happened today is still asked about.
    @Test func greetingsAndRoundsOfTheDay() {
        #expect(Self.okKinds("morning call: sugar 8.4, bp 142/80") == ["glucose", "blood_pressure"])
        #expect(Self.parse("Good morning. I have taken my levothyroxine 75 micrograms at 6:30").status == .ok)
        #expect(Self.okEntry("slept 4 hours, awful night", kind: "sleep")?.number("duration_min") == 240)
        #expect(Self.parse("diarrhoea 5 times today").status != .ok)
    }

    /// Physio with its length beside it is a session; named alone it is who came.
    @Test func physioWithItsLengthIsASession() {
        #expect(Self.okEntry("physio 35 minutes at 8am", kind: "activity")?.number("duration_min") == 35)
        #expect(Self.okEntry("fifteen minutes of physio", kind: "activity")?.number("duration_min") == 15)
        #expect(Self.okTexts("walked 10 minutes with the physio", "name") == ["walking"])
        #expect(Self.okEntry("physio monday at 4pm", kind: "appointment") != nil)
    }

    /// Milk a baby drank is a feed; formulas for babies born early and fortified milk name its kind.
    @Test(arguments: [
        ("BB drink 150ml milk", nil), ("baby took 210 ml of milk at 6h", nil),
        ("Nutriprem 55 mls", "formula"), ("gave her 70ml fortified EBM", "breast_milk"),
    ] as [(String, String?)])
    func milkABabyDrankIsAFeed(text: String, method: String?) {
        let feed = Self.okEntry(text, kind: "feeding")
        #expect(feed != nil)
        if let method { #expect(feed?.text("method") == method) }
    }

    /// Readings as English spoken abroad writes them: a result that "came", a heart that
    /// beats, a body felt hot, a clock written with "h" or "Uhr".
    @Test(arguments: [
        ("HbA1c came 8.2", "hba1c"), ("heart beats 72", "heart_rate"), ("the baby is very hot, 39", "temperature"),
        ("sugar 98 at 7h30", "glucose"), ("sugar 5,5 mmol at 20 Uhr yesterday", "glucose"),
    ])
    func readingsAsWrittenAbroad(text: String, kind: String) {
        #expect(Self.okEntry(text, kind: kind) != nil)
    }

    /// What the body was doing when it was scored lets a second score follow: "pain at rest
    /// 1/10, 4/10 on moving" is the pain twice.
    @Test(arguments: [("pain at rest 1/10, 4/10 on moving", "score", [1.0, 4]), ("sats 91 asleep, 96 awake", "percent", [91, 96])])
    func aScoreAtRestAndOnMoving(text: String, field: String, values: [Double]) {
        let result = Self.parse(text)
        #expect(result.status == .ok, "\(result.problems)")
        #expect(result.entries.map { $0.number(field) } == values)
    }

    /// A baby's medicines from the neonatal unit, given in a feed, and caffeine dosed as one.
    @Test(arguments: ["Gaviscon 1 sachet with the 9am feed", "chlorothiazide 0.8 mls", "caffeine 1.5ml", "NaCl 2ml in the 6am feed"])
    func medicinesGivenInAFeed(text: String) {
        #expect(Self.okKinds(text) == ["medication"])
    }

    /// A care note's visit, where tablets came from, who "pt" is, a BM with its clock first and a
    /// temperature said to be normal before its reading.
    @Test(arguments: [
        ("Call to Frank. DN aware. Weight 94.2kg", ["weight"]), ("Mr Singh: Paracetamol 1g given from blister pack", ["medication"]),
        ("Pt c/o dizziness.", ["symptom"]), ("BM at 08:00 was 5.2", ["glucose"]), ("temp normal, 36.8", ["temperature"]),
    ])
    func careNotes(text: String, kinds: [String]) {
        #expect(Self.okKinds(text) == kinds)
    }

    /// How much of a meal was eaten, the food unnamed, is a food entry of that meal and portion;
    /// "all good" after a reading is no portion.
    @Test func aPortionOfAMeal() {
        let lunch = Self.okEntry("Mr Campbell ate about half of his lunch.", kind: "food")
        #expect(lunch?.text("meal") == "lunch")
        #expect(lunch?.text("portion") == "half")
        #expect(Self.okKinds("temp 36.6 this morning, all good") == ["temperature"])
    }

    /// An injection "made", a formula drunk by its amount, and a day's clock written with "h".
    @Test(arguments: [
        ("I make injection 10 units lantus", ["medication"]), ("baby ate 40 g banana and drank 90 ml formula", ["food", "feeding"]),
        ("Sugar yesterday 21h was 11,3", ["glucose"]),
    ])
    func phrasingFromAbroad(text: String, kinds: [String]) {
        #expect(Self.okKinds(text) == kinds)
    }

    /// Enzymes are counted in capsules, with their strength in thousands, and open no food.
    @Test(arguments: [("two creon and cornflakes for breakfast", 2.0), ("3x Creon 25k with supper", 3), ("chicken nuggets for lunch with 4 creon", 4)])
    func enzymeCapsulesBesideAMeal(text: String, count: Double) {
        let creon = Self.okEntry(text, kind: "medication")
        #expect(creon?.lookup("amount.value")?.number == count)
        #expect(creon?.lookup("amount.unit")?.displayText == "capsule")
    }

    /// A day said after two clock times is the day of both; a part of a day is the later one's.
    @Test func aDayAfterTwoClockTimesIsBoths() {
        let twice = Self.parse("ondansetron 8mg at 8am and 8pm yesterday")
        #expect(twice.entries.map(\.time.description) == ["2026-11-20T08:00:00", "2026-11-20T20:00:00"])
        let night = Self.parse("ticagrelor 90mg at 8 and again at 8pm last night")
        #expect(night.entries.map(\.time.description) == ["2026-11-21T08:00:00", "2026-11-20T20:00:00"])
    }

    /// A number before "to" is minutes to the hour only after "at" or with "minutes"; an ordinal
    /// alone is no fraction ("third day running" is no third of a day).
    @Test func numbersThatAreNoClockOrFraction() {
        #expect(Self.parse("pain went from 8 to 5").entries.allSatisfy { $0.time == Self.now })
        #expect(Self.parse("nappy at ten to five").entries.first?.time.description == "2026-11-21T04:50:00")
        #expect(Self.okKinds("temp 37.9, third day running") == ["temperature"])
        #expect(abs((Self.okEntry("one third of a cup of milk", kind: "fluid")?.number("volume_ml") ?? 0) - 250.0 / 3) < 0.01)
    }

    /// A place named by its kind is where an appointment is; "no appetite" is a symptom felt.
    @Test func placesAndAppetite() {
        #expect(Self.okEntry("appointment Aga Khan hospital Thursday 11:00", kind: "appointment")?.text("where") == "Aga Khan hospital")
        #expect(Self.okKinds("mood down, slept 4h, no appetite") == ["mood", "sleep", "symptom"])
        #expect(Self.okEntry("lil bit of nausea", kind: "symptom")?.text("severity") == "low")
        #expect(Self.okEntry("ankles very swollen", kind: "symptom")?.text("name") == "swollen ankles")
    }

    /// A weight before a comma is no amount of a food named after it; festival sweets are foods.
    @Test func anAmountEndsAtItsComma() {
        #expect(Self.okKinds("weight 78,4 kg, too much panettone already") == ["weight"])
        #expect(Self.okKinds("3 gulab jamun at 9.30pm last night") == ["food"])
    }
}

extension Entry {
    func number(_ name: String) -> Double? { fields.first { $0.name == name }?.value.number }
    func text(_ name: String) -> String? { fields.first { $0.name == name }?.value.displayText }
}
