/// Matches templates against tokens, enumerating every way they fit.
///
/// Built once per grammar: it turns lists and unit groups into tries. Matching is
/// continuation-passing: each way a pattern fits is handed on with where it ended and what
/// it captured, so that the caller can keep the best.
final class PatternMatcher: Sendable {
    let grammar: Grammar
    let numberReader: NumberReader
    /// Every word of the grammar's patterns, lists and units, numbered.
    let words: WordIDs
    /// The grammar's lists and unit groups ready for reading, by name.
    let lists: [String: ListReader]
    let units: [String: UnitReader]
    /// The first words of every unit, which a `text(list)` capture does not start with.
    private let unitFirstWords: Set<Int32>
    /// The first words of the units of `measureUnitGroups`: a clock is never written before one
    /// ("weight 4.35kg" is no time of 4:35; "8.15 bottle 150" is).
    private let measureUnitFirstWords: Set<Int32>
    /// Unit groups of measures alone, no things counted ("bottle", "tablet") or time.
    static let measureUnitGroups: Set<String> = ["feed_volume", "weight", "glucose", "temperature", "percent"]
    /// The units of time, which durations count in.
    private let timeUnits: UnitReader?
    /// The classes of each word of `words`: `[id]`.
    private let wordClasses: [WordClass]
    /// Names that hold words free text otherwise never holds ("sugar snap peas").
    private let compoundNames: PhraseTrie<Void>
    /// A drink's measures with "of" (`drink_measures`: "cup of"): free text after one that
    /// starts with a drink is that drink alone.
    private let drinkMeasures: PhraseTrie<Void>
    /// The phrases of `drink` and of `breaks`.
    private let drinks: PhraseTrie<Int>?
    private let breaks: PhraseTrie<Int>?
    /// Words between the two clock times of a span ("to", "until").
    private let spanConnectors: Set<String>
    /// Words that put a part of an hour after or before it ("quarter past", "quarter to").
    private let clockOffsets: [String: String]
    /// Minutes written with a letter that also writes metres ("m"): a hundred or more are metres.
    private let ambiguousMinutes: Set<String>
    /// The one-word units of an hour ("h", "hrs"): fewer than 60 of an ambiguous minute after one
    /// are minutes ("1h 15m").
    private let hourWords: Set<String>
    /// Words that may follow the minutes said after hours (`after_hour_minutes`).
    private let afterHourMinutes: Set<String>
    /// The phrases of `named_clocks` and the hour of each ("midnight" is 0).
    private let namedClocks: PhraseTrie<Int>?
    /// The value of each one-word phrase of `meridiem` ("pm" of "p.m.").
    private let meridiemWords: [String: String]
    /// "am" and "pm" as the `meridiem` list writes them in letters ("pm", "p m"), not in words
    /// ("in the morning").
    private let writtenMeridiems: PhraseTrie<Void>
    private let namedClockHours: [Int?]
    /// The phrases that name a value, for `valuePhraseEnds`: each list's but the structural
    /// and everyday lists', and each unit group's; whether they name one only after a number.
    private let valuePhrases: [(trie: PhraseTrie<Int>, onlyAfterNumber: Bool)]
    /// Phrases that hold a word of a value but say none ("right after", "she left").
    private let plainPhrases: PhraseTrie<Int>?
    /// The longest run of words a `text` capture takes.
    static let longestText = 10
    /// What free text pays for each "and a" it runs over (`second_things`): a second thing named
    /// after it wins where it makes an entry of its own ("a ham sandwich and a yoghurt").
    static let secondThingCost = 3

    init(grammar: Grammar) {
        self.grammar = grammar
        numberReader = NumberReader(words: grammar.numberWords)
        var words = WordIDs()
        let patterns = grammar.commonParts + grammar.asides + grammar.kinds.flatMap({ $0.introductions + $0.parts })
        for pattern in patterns + grammar.saidRules(in: patterns) {
            pattern.forEachWord { _ = words.intern($0) }
        }
        var lists: [String: ListReader] = [:]
        for (name, list) in grammar.lists { lists[name] = ListReader(list, words: &words) }
        var units: [String: UnitReader] = [:]
        for (name, group) in grammar.unitGroups { units[name] = UnitReader(group, words: &words) }
        self.lists = lists
        self.units = units
        timeUnits = units["time"]
        drinks = lists["drink"]?.trie
        breaks = lists["breaks"]?.trie
        // free text does not end on glue ("a banana and"), holds no negation ("didn't"), word
        // that names a kind ("carbs") or correction ("I mean"), and does not start with
        // "before" ("before dinner" is no food)
        let numbers = grammar.numberWords
        let classes: [(WordClass, Set<String>)] = [
            (.glue, grammar.glueWords),
            (.entryBreak, grammar.words(of: "breaks")),
            (.repeatWord, grammar.words(of: "repeats")),
            (.empty, grammar.words(of: "empty_words")),
            (.textBlocker, grammar.words(of: "text_blockers")),
            (.closesClause, grammar.words(of: "clause_closers")),
            (.state, grammar.words(of: "states")),
            (.pronoun, grammar.words(of: "pronouns")),
            (.sharedVerb, grammar.words(of: "shared_verbs")),
            (.givenName, grammar.givenNames),
            (.returnWord, grammar.words(of: "return_words")),
            (.change, grammar.words(of: "changes")),
            (.circumstance, grammar.words(of: "circumstances")),
            (.multiplier, grammar.words(of: "multipliers")),
            (.takingBack, grammar.takingBackWords),
            (.changeVerb, grammar.words(of: "change_verbs")),
            (.secondThing, grammar.words(of: "second_things")),
            (.requestStart, Set(grammar.words(of: "requests").compactMap { $0.split(separator: " ").first.map(String.init) })),
            (.largerUnit, Set(grammar.unitGroups.values.filter(\.isCompound).flatMap { $0.units.dropLast().flatMap { $0.phrases.compactMap(\.last) } })),
            (.notInText, grammar.negationWords.union(grammar.words(of: "reserved")).union(grammar.words(of: "corrections"))
                .union(grammar.words(of: "text_breaks"))),
            (.textOpener, grammar.words(of: "text_openers").union(grammar.words(of: "people"))),
            (.numberedPlace, grammar.words(of: "numbered_places")),
            (.age, grammar.words(of: "ages")),
            (.countOpener, numbers.one.union(numbers.fractions.keys).union(numbers.zeroInClock).union(numbers.minus).union(numbers.whole)),
        ]
        for (_, members) in classes { for word in members.sorted() { _ = words.intern(word) } }
        var wordClasses = [WordClass](repeating: [], count: words.count)
        for (wordClass, members) in classes { for word in members { wordClasses[Int(words.id(of: word))].insert(wordClass) } }
        self.wordClasses = wordClasses
        spanConnectors = grammar.words(of: "span_connectors")
        clockOffsets = Dictionary((grammar.lists["clock_offsets"]?.phrases ?? []).map { ($0.words.joined(separator: " "), $0.value) }) { first, _ in first }
        ambiguousMinutes = grammar.words(of: "ambiguous_minutes")
        hourWords = Set(grammar.unitGroups["time"]?.units.filter { $0.factor == 3600 }.flatMap { $0.phrases.filter { $0.count == 1 }.map { $0[0] } } ?? [])
        afterHourMinutes = grammar.words(of: "after_hour_minutes")
        namedClocks = lists["named_clocks"]?.trie
        meridiemWords = Dictionary((grammar.lists["meridiem"]?.phrases ?? []).filter { $0.words.count == 1 }.map { ($0.words[0], $0.value) }) { first, _ in first }
        writtenMeridiems = PhraseTrie((grammar.lists["meridiem"]?.phrases ?? []).filter { $0.words.allSatisfy { $0.count <= 2 } }
            .map { phrase in (phrase.words.map { words.intern($0) }, ()) })
        namedClockHours = (grammar.lists["named_clocks"]?.phrases ?? []).map { Int($0.value) }
        /// The phrases of a list, to find where one starts (none for a list the grammar lacks).
        func phrases(of list: String) -> PhraseTrie<Void> {
            PhraseTrie((grammar.lists[list]?.phrases ?? []).map { phrase in (phrase.words.map { words.intern($0) }, ()) })
        }
        compoundNames = phrases(of: "compound_names")
        drinkMeasures = phrases(of: "drink_measures")
        self.words = words
        unitFirstWords = units.values.reduce(into: []) { $0.formUnion($1.trie.firstWords) }
        measureUnitFirstWords = units.filter { Self.measureUnitGroups.contains($0.key) }.values.reduce(into: []) { $0.formUnion($1.trie.firstWords) }
        // lists of everyday words ("back", "gym") are not taken for a value when left over;
        // the lists and unit groups of `after_number_lists` ("am", "pm", "meter") carry one only
        // right after a number
        let everydayLists = grammar.listNames(in: "everyday_lists")
        let afterNumberLists = grammar.listNames(in: "after_number_lists")
        plainPhrases = lists["plain_phrases"]?.trie
        valuePhrases = lists.filter { name, _ in !Grammar.structuralLists.contains(name) && !everydayLists.contains(name) }
            .map { name, list in (list.trie, afterNumberLists.contains(name)) }
            + units.map { group, reader in (reader.trie, afterNumberLists.contains(group)) }
    }

    /// The context in which an utterance's tokens are matched.
    func context(for tokens: [String]) -> MatchContext {
        MatchContext(tokens: tokens, words: words, classes: wordClasses, numberReader: numberReader)
    }

    typealias Continuation = (Int, Captures) -> Void

    func match(_ pattern: CompiledPattern, _ context: MatchContext, at index: Int, _ captures: Captures, _ next: Continuation) {
        switch pattern {
        case .phrases(let trie):
            trie.matches(context.ids, at: index) { end, _ in next(end, captures) }
        case .sequence(let items):
            matchSequence(items, from: 0, context, at: index, captures, next)
        case .choice(let options):
            for option in options { match(option, context, at: index, captures, next) }
        case .optional(let inner):
            next(index, captures)
            match(inner, context, at: index, captures, next)
        case .assign(let field, let value):
            if let updated = captures.adding(field, .literal(value)) { next(index, updated) }
        case .capture(let slot):
            if slot.isDiscarded {
                return read(slot, context, at: index) { end, value, _, penalty in
                    var updated = captures
                    updated.penalty += penalty
                    // a number kept in no field is named as not logged, and so are words that
                    // hold one ("120mg/5ml" of a liquid's strength)
                    if value.isNumeric || value.isNumberWord || (index..<end).contains(where: { context.hasDigit[$0] }) {
                        updated.unkept.append(index..<end)
                    }
                    next(end, updated)
                }
            }
            guard slot.isSum || captures.value(of: slot.field) == nil else { return }
            read(slot, context, at: index) { end, value, assignments, penalty in
                // a number with "am" or "pm" after it is a time, no count or reading: "gave the
                // 6pm dose of calpol, 7.5ml" logs no dose of 6
                if case .number = slot.source, !slot.isTime, self.saysMeridiem(context, at: end) { return }
                guard var updated = captures.adding(slot.field, value) else { return }
                for (name, literal) in assignments {
                    // A phrase's own fields give way to fields said outright.
                    guard let withAssignment = updated.adding(Captures.softPrefix + name, .literal(literal)) else { return }
                    updated = withAssignment
                }
                updated.penalty += penalty
                next(end, updated)
            }
        }
    }

    /// Whether the token is a word of `pronouns` ("one") after a word that is no number, glue or
    /// shared verb: "a huge one", "the lower one", "best one yet" name a thing, not a count
    /// ("quarter past one" is a clock).
    func standsForAThing(_ context: MatchContext, at index: Int) -> Bool {
        guard index > 0, index < context.count, context.classes[index].contains(.pronoun), !context.hasDigit[index - 1],
              context.numbers(at: index - 1).isEmpty, !context.classes[index - 1].contains(.glue),
              !context.classes[index - 1].contains(.sharedVerb), !isClockOffset(context, at: index - 1) else { return false }
        return context.tokens[index - 1].unicodeScalars.allSatisfy(\.isAlphabetic)
    }

    /// Whether the token is a word of `clock_offsets` after a count of minutes: "past" of
    /// "twenty past", "quarter past".
    private func isClockOffset(_ context: MatchContext, at index: Int) -> Bool {
        index > 0 && clockOffsets[context.tokens[index]] != nil && !context.numbers(at: index - 1).isEmpty
    }

    /// Where the drink ends that starts at the token right after a measure of `drink_measures`
    /// ("tea" of "cup of tea and a biscuit"); nil elsewhere.
    private func measuredDrinkEnd(_ context: MatchContext, at index: Int) -> Int? {
        var measured = false
        for start in max(0, index - 3)..<index where !measured {
            drinkMeasures.matches(context.ids, at: start) { end, _ in measured = measured || end == index }
        }
        guard measured else { return nil }
        var drinkEnd: Int?
        drinks?.matches(context.ids, at: index) { end, _ in drinkEnd = max(drinkEnd ?? end, end) }
        return drinkEnd
    }

    /// Whether a fraction written with a slash starts at the token, in parts finer than anything
    /// is measured in ("30/500", "49/51 mg"; not "1/2", "3/4", "1/16"): most often a strength, so
    /// reading it as an amount costs a point and a reading of it as a strength wins the tie.
    private func slashedFinerThanMeasured(_ context: MatchContext, at index: Int) -> Bool {
        context.tokens[safe: index + 1] == "/" && (Int(context.tokens[safe: index + 2] ?? "") ?? 0) > 16
    }

    /// Whether "am" or "pm", written in letters, starts at the token.
    private func saysMeridiem(_ context: MatchContext, at index: Int) -> Bool {
        var says = false
        writtenMeridiems.matches(context.ids, at: index) { _, _ in says = true }
        return says
    }

    /// The items of a sequence from `item` on, matched one after another.
    private func matchSequence(_ items: [CompiledPattern], from item: Int, _ context: MatchContext, at index: Int,
                               _ captures: Captures, _ next: Continuation) {
        guard item < items.count else { return next(index, captures) }
        match(items[item], context, at: index, captures) { end, updated in
            self.matchSequence(items, from: item + 1, context, at: end, updated, next)
        }
    }

    typealias SlotContinuation = (Int, CapturedValue, [(field: String, value: String)], Int) -> Void

    /// Every way `source` reads at `index`: the end, the value, fields a phrase sets, and
    /// the penalty for loose words.
    private func read(_ slot: CompiledSlot, _ context: MatchContext, at index: Int, _ found: SlotContinuation) {
        switch slot.source {
        case .list:
            guard let list = slot.list else { return }
            list.trie.matches(context.ids, at: index) { end, phraseIndex in
                let phrase = list.phrases[phraseIndex]
                found(end, .literal(phrase.value), phrase.assignments, 0)
            }
        case .number(let shape):
            // "migraine, a bad one" has no score of one (but "pain one out of ten" has)
            if standsForAThing(context, at: index), !context.commaBefore.contains(index),
               index + 1 == context.count || context.commaBefore.contains(index + 1) { return }
            // a clock is written "7.20": "seven point two" and "7.2" are numbers, not times
            // ... and never right before a unit of measure: "weight 4.35kg" is no 4:35
            if shape.isClock, !(context.tokens[safe: index].map(Self.isWrittenClock) ?? false)
                || (index + 1 < context.count && measureUnitFirstWords.contains(context.ids[index + 1])) { return }
            // a whole number is not written with a point: "9.00 wet nappy" is a time, not nine
            let pointed = index < context.count && context.hasDigit[index] && context.tokens[index].utf8.contains(UInt8(ascii: "."))
            for reading in context.numbers(at: index) where shape.accepts(reading.value) && (!shape.isClock || reading.end == index + 1)
                && !(shape.integerOnly && pointed && reading.end == index + 1)
                && (!shape.isDecimal || reading.value != reading.value.rounded() || pointed) {
                found(reading.end, .number(reading.value), [], reading.end == index + 3 && slashedFinerThanMeasured(context, at: index) ? 1 : 0)
            }
        case .minute:
            readMinute(context, at: index) { end, minute in found(end, .number(minute), [], 0) }
        case .span:
            readSpan(context, at: index) { end, minutes, endClock in
                // where the span ends, so that the entry is placed at its start
                var assignments = [("time.span_end", String(endClock.minutes)), ("time.lasted", String(Int(minutes)))]
                if let meridiem = endClock.meridiem { assignments.append(("time.span_meridiem", meridiem)) }
                found(end, .number(minutes), assignments, 0)
            }
        case .strength(let form):
            if let end = readStrength(context, at: index, form) { found(end, .words(start: index, end: end), [], 0) }
        case .notBefore:
            var starts = false
            // a number in digits that opens a clock time or a longer number is no phrase of the list:
            // "left 2:10am", "both sides 2 and a half hours"; nor one after a comma ("anxiety 5,
            // flushes 4" counts no flushes)
            if !context.commaBefore.contains(index) {
                slot.list?.trie.matches(context.ids, at: index) { end, _ in
                    if !context.opensLongerNumber(at: index, than: end) { starts = true }
                }
            }
            if !starts { found(index, .literal(""), [], 0) }
        case .beforeCounted:
            var counted = false
            for reading in context.numbers(at: index) where !counted {
                let unitEnd = reading.end < context.count && unitFirstWords.contains(context.ids[reading.end]) ? reading.end + 1 : reading.end
                slot.list?.trie.matches(context.ids, at: unitEnd) { _, _ in counted = true }
            }
            if counted { found(index, .literal(""), [], 0) }
        case .said:
            // a piece added to a field does not start after a comma: "mild fatigue, mouth fine"
            // is no "fatigue mouth"
            guard let rule = slot.said, !(slot.isSum && context.commaBefore.contains(index)) else { return }
            // read and kept in no field, the words cost a point, so that a reading that keeps
            // them wins where there is one
            let cost = slot.isDiscarded ? 1 : 0
            match(rule, context, at: index, Captures()) { end, _ in
                if end > index { found(end, .words(start: index, end: end), [], cost) }
            }
        case .clauseEnd:
            var breaks = index == context.count || context.commaBefore.contains(index)
            if !breaks { self.breaks?.matches(context.ids, at: index) { _, _ in breaks = true } }
            if breaks { found(index, .literal(""), [], 0) }
        case .sameClause:
            if index < context.count, !context.commaBefore.contains(index), !context.stopBefore.contains(index) { found(index, .literal(""), [], 0) }
        case .lineStart:
            if index == 0 { found(index, .literal(""), [], 0) }
        case .quantity:
            guard let units = slot.units else { return }
            let cost = slashedFinerThanMeasured(context, at: index) ? 1 : 0
            readQuantity(units, context, at: index) { end, value, unit in
                found(end, .quantity(value: value, unit: unit.symbol, factor: unit.factor), [], cost)
            }
        case .unit:
            guard let units = slot.units else { return }
            units.trie.matches(context.ids, at: index) { end, unitIndex in
                found(end, .literal(units.group.units[unitIndex].symbol), [], 0)
            }
        case .duration:
            let factor = slot.durationFactor
            readDuration(context, at: index) { end, seconds in
                // "she's 6 weeks old" is an age, not how long something lasted
                guard end >= context.count || !context.classes[end].contains(.age) else { return }
                found(end, .number(seconds / factor), [], 0)
            }
        case .text, .textHolding:
            // `text(list)`: words that end with a phrase of the list and start with no unit
            // ("grilled salmon", not "tbsp on a rice cake"); `text(not list)`: words that neither
            // end nor start with one
            var heads: PhraseTrie<Int>?
            var holding = true
            if case .textHolding(_, let holds) = slot.source {
                guard index < context.count, let trie = slot.list?.trie, !holds || !unitFirstWords.contains(context.ids[index]) else { return }
                heads = trie
                holding = holds
                var opensWithHead = false
                if !holds { trie.matches(context.ids, at: index) { _, _ in opensWithHead = true } }
                if opensWithHead { return }
            }
            var headEnds: Set<Int> = []
            let longest = min(context.count, index + Self.longestText)
            guard index < longest, context.tokens[index] != "and", !context.classes[index].contains(.textOpener) else { return }
            // a unit after a number is its unit, never the start of a name ("had 2oz and fell
            // asleep"); nor does a name start after "to" ("had to sit up")
            if index > 0, unitFirstWords.contains(context.ids[index]),
               context.hasDigit[index - 1] || !context.numbers(at: index - 1).isEmpty { return }
            if index > 0, context.classes[index - 1].contains(.textBlocker) { return }
            if index > 0, context.commaBefore.contains(index), context.classes[index - 1].contains(.closesClause) { return }
            var compoundEnd = index
            // words of compounds count as named ones: "overnight oats" is one food, not oats overnight
            var compoundWords = 0
            var namesSomething = false
            // "and a", "and some": what follows is more often a second thing named than the same one
            var secondThings = 0
            // "a cup of tea and a biscuit": the cup's words are the tea's, no food of them all
            let drinkEnd = measuredDrinkEnd(context, at: index)
            for end in (index + 1)...(drinkEnd ?? longest) {
                let position = end - 1
                compoundNames.matches(context.ids, at: position) { phraseEnd, _ in compoundEnd = max(compoundEnd, phraseEnd) }
                if position < compoundEnd { compoundWords += 1 }
                if position >= compoundEnd {
                    // free text holds no number, unless it numbers a place ("room 12"): a number
                    // said is a value, never part of a name
                    let numbered = position > index && context.classes[position - 1].contains(.numberedPlace)
                        && context.tokens[position].allSatisfy(\.isNumber)
                    if !numbered && context.holdsNumber(at: position) { break }
                    if context.classes[position].contains(.notInText) { break }
                    if position > index, context.commaBefore.contains(position) { break }
                    if position > index, context.tokens[position] == "and", position + 1 < context.count,
                       context.classes[position + 1].contains(.secondThing) { secondThings += Self.secondThingCost }
                }
                heads?.matches(context.ids, at: position) { phraseEnd, _ in headEnds.insert(phraseEnd) }
                namesSomething = namesSomething || !context.classes[position].isGlueInText && !context.classes[position].contains(.empty)
                // a name never ends inside a compound ("sugar" of "sugar snap peas")
                if namesSomething && !context.classes[position].isGlueInText && end >= compoundEnd && (heads == nil || headEnds.contains(end) == holding) {
                    found(end, .words(start: index, end: end), [], end - index - compoundWords + secondThings)
                }
            }
        case .unknownWord:
            // a word of no list or unit, no number, whose ("Zara's"), nor one that a mark parts
            // from the words after it: a name the grammar lacks ("TMJ pain")
            if index < context.count, context.ids[index] < 0, !context.holdsNumber(at: index),
               !context.commaBefore.contains(index + 1), !context.stopBefore.contains(index + 1),
               context.tokens[index].unicodeScalars.first?.isAlphabetic == true,
               !context.tokens[index].hasSuffix("'s") {
                found(index + 1, .words(start: index, end: index + 1), [], 1)
            }
        case .rest:
            if index < context.count {
                // what follows "note" is all the note's: its words count as named ones
                found(context.count, .rest(start: index), [], 0)
            }
        }
    }

    /// Where a medicine's strength written in digits ends: two numbers with a slash between,
    /// perhaps with a unit ("30/500", "49/51 mg"; not a score out of ten, "5/10"), or, but for
    /// `combined`, a whole number of at least 50 ("clenil 100"; "novorapid 10 4 units" says two
    /// doses, not a strength); for a `liquid`, an amount per volume ("120 mg / 5 ml", "250mg/ml").
    private func readStrength(_ context: MatchContext, at index: Int, _ form: StrengthForm) -> Int? {
        let isWhole = { (position: Int) in
            context.hasDigit[safe: position] == true && context.tokens[position].allSatisfy(\.isNumber)
        }
        let isUnit = { (position: Int) in position < context.count && self.unitFirstWords.contains(context.ids[position]) }
        switch form {
        case .plain, .combined:
            guard isWhole(index) else { return nil }
            // a score out of ten is no strength: "knees aching on the descent 5/10, took 400mg ibuprofen"
            if context.tokens[safe: index + 1] == "/", isWhole(index + 2) {
                if context.tokens[index + 2] == "10" && (Int(context.tokens[index]) ?? 0) <= 10 { return nil }
                return isUnit(index + 3) ? index + 4 : index + 3
            }
            return form == .plain && (Int(context.tokens[index]) ?? 0) >= 50 ? index + 1 : nil
        case .liquid:
            guard isWhole(index), isUnit(index + 1), context.tokens[safe: index + 2] == "/" else { return nil }
            let next = isWhole(index + 3) ? index + 4 : index + 3
            return isUnit(next) ? next + 1 : nil
        }
    }

    /// The minutes from one clock time written in digits to the next: "7:40-8:55" (the dash
    /// is no token), "11:30pm to 2:55am", "7pm-5am", "6-8:30". Without am or pm on either
    /// side, hours up to 12 are a twelve-hour clock ("from 11 to 6" is 7 hours). Also where it
    /// ends: minutes after midnight, with am or pm when either end says or implies one; else
    /// minutes after a twelve o'clock, which one not known.
    private func readSpan(_ context: MatchContext, at index: Int, _ found: (Int, Double, (minutes: Int, meridiem: String?)) -> Void) {
        guard let from = readClock(context, at: index) else { return }
        // one or two words between ("to", "till", "woke up")
        var next = from.end
        while next < from.end + 2, spanConnectors.contains(context.tokens[safe: next] ?? "") { next += 1 }
        let joined = next > from.end
        // "2-3 hours", "3-4oz" are ranges of an amount: a span has its minutes, am or pm, or
        // "to" between, and no unit after it
        guard let to = readClock(context, at: next), joined || from.isClock || to.isClock,
              to.end >= context.count || !startsUnit(context, at: to.end) else { return }
        let twelveHour = !from.hasMeridiem && !to.hasMeridiem && from.minutes < 13 * 60 && to.minutes < 13 * 60
        let day = twelveHour ? 12 * 60 : 24 * 60
        // "1:10-2:40pm": the pm said once is both ends' when the span stays within the afternoon
        var start = from.minutes
        if !from.hasMeridiem, to.hasMeridiem, start < 12 * 60, to.minutes >= 12 * 60, start + 12 * 60 <= to.minutes { start += 12 * 60 }
        let minutes = ((to.minutes - start) % day + day) % day
        guard minutes > 0 else { return }
        let end = (start + minutes) % day
        found(to.end, Double(minutes), (twelveHour ? end : end % (12 * 60), twelveHour ? nil : end < 12 * 60 ? "am" : "pm"))
    }

    /// A clock time written in digits: "7", "7:40", "7.40", "22:10", each with an optional am or
    /// pm; or said in words: "eleven", "nine fifteen", "midnight" (`named_clocks`), "half past
    /// 11", "half 11", "quarter to 6" (a fraction of an hour and `clock_offsets`); in minutes
    /// after midnight.
    /// `isClock`: written with minutes or with am or pm, or named, so no bare count.
    private func readClock(_ context: MatchContext, at index: Int) -> (minutes: Int, hasMeridiem: Bool, isClock: Bool, end: Int)? {
        guard let token = context.tokens[safe: index] else { return nil }
        if let fraction = grammar.numberWords.fractions[token], fraction < 1, fraction * 60 == (fraction * 60).rounded() {
            // "half 11" is half past, as said in Britain; a quarter needs its "past" or "to"
            let offset = context.tokens[safe: index + 1].flatMap { clockOffsets[$0] }
            guard offset != nil || fraction == 0.5,
                  let clock = readClock(context, at: index + (offset == nil ? 1 : 2)), clock.end > index + 1 else { return nil }
            let minutes = Int(fraction * 60) * (offset == "to" ? -1 : 1)
            return ((clock.minutes + minutes + 24 * 60) % (24 * 60), clock.hasMeridiem, true, clock.end)
        }
        var named: (hour: Int, end: Int)?
        namedClocks?.matches(context.ids, at: index) { end, phrase in
            if let hour = namedClockHours[phrase], end > (named?.end ?? index) { named = (hour, end) }
        }
        if let named { return (named.hour * 60, true, true, named.end) }
        var hour: Int, minute = 0, end = index + 1
        if !token.startsWithNumber {
            // an hour said as one word, then perhaps its minutes: "nine fifteen", "eleven"
            guard let reading = context.numbers(at: index).first(where: { $0.end == index + 1 && (1...12).contains($0.value) }),
                  reading.value == reading.value.rounded() else { return nil }
            hour = Int(reading.value)
            var minutes: (end: Int, value: Double)?
            readMinute(context, at: end) { minuteEnd, value in if minutes == nil { minutes = (minuteEnd, value) } }
            if let minutes { (minute, end) = (Int(minutes.value), minutes.end) }
        } else if Self.isWrittenClock(token) {
            let parts = token.split(separator: ".")
            guard let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
            (hour, minute) = (h, m)
        } else {
            guard let h = Int(token) else { return nil }
            hour = h
            if context.tokens[safe: end] == ":", let m = context.tokens[safe: end + 1].flatMap({ $0.count == 2 ? Int($0) : nil }) {
                minute = m
                end += 2
            }
        }
        guard hour <= 24, minute < 60 else { return nil }
        var hasMeridiem = false
        // am or pm as the grammar's `meridiem` list says them in one word
        if let word = context.tokens[safe: end], let meridiem = meridiemWords[word] {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
            hasMeridiem = true
            end += 1
        }
        return (hour % 24 * 60 + minute, hasMeridiem, hasMeridiem || end > index + 1 || token.utf8.contains(UInt8(ascii: ".")), end)
    }

    /// Whether the token is hours and minutes written with a point: "7.20", "11.05".
    static func isWrittenClock(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && (1...2).contains(parts[0].count) && parts[1].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
    }

    /// Minutes of a clock time: 0-59 written or spoken, or "oh five" (and 60-99 written after a
    /// colon, a clock that does not exist).
    private func readMinute(_ context: MatchContext, at index: Int, _ found: (Int, Double) -> Void) {
        guard index < context.count else { return }
        let token = context.tokens[index]
        if token.count == 2, token.allSatisfy(\.isNumber), let minute = Double(token), minute < 60 || context.tokens[safe: index - 1] == ":" {
            return found(index + 1, minute)
        }
        if grammar.numberWords.zeroInClock.contains(token) || token == "zero" {
            if let digit = context.tokens[safe: index + 1].flatMap({ grammar.numberWords.digits[$0] }), digit > 0 {
                found(index + 2, Double(digit))
            }
            return
        }
        guard token.first?.isNumber == false else { return }
        for reading in context.numbers(at: index) where reading.value >= 10 && reading.value < 60 && reading.value == reading.value.rounded() {
            found(reading.end, reading.value)
        }
    }

    /// A count and a unit of the group: "120 ml", "a glass", "half a cup", "2 large bottles".
    func readQuantity(_ group: String, _ context: MatchContext, at index: Int,
                      _ found: (Int, Double, UnitGroup.Unit) -> Void) {
        guard let reader = units[group] else { return }
        readQuantity(reader, context, at: index, found)
    }

    /// A count and a unit of the group read by `reader`.
    private func readQuantity(_ reader: UnitReader, _ context: MatchContext, at index: Int,
                              _ found: (Int, Double, UnitGroup.Unit) -> Void) {
        let (trie, unitGroup) = (reader.trie, reader.group)
        let units = unitGroup.units
        for count in counts(context, at: index) {
            trie.matches(context.ids, at: count.end) { end, unitIndex in
                let unit = units[unitIndex]
                if unit.factor != nil, reader !== timeUnits,
                   oneLetterMinute(count.value, context, at: index, unitEnd: end) == .minutes { return }
                if !unitGroup.readsPairsOnly { found(end, count.value, unit) }
                // "a litre and a half", "2 cups and a half"
                if !unitGroup.readsPairsOnly, count.value.isWhole, context.tokens[safe: end] == "and",
                   let fraction = fractionAfterArticle(context, at: end + 1) {
                    found(fraction.end, count.value + fraction.value, unit)
                }
                // "1 litre 200 ml", "8 pounds 6 ounces"; in a compound group also "11 stone 4";
                // never after a part of the larger unit ("3.1 stone 11" is no weight)
                let parts = reader.parts[unitIndex]
                guard let factor = unit.factor, let largestPart = parts.first, count.value.isWhole else { return }
                let next = context.tokens[safe: end] == "and" ? end + 1 : end
                for rest in context.numbers(at: next) where rest.value >= 0 {
                    var explicit = false
                    trie.matches(context.ids, at: rest.end) { restEnd, restIndex in
                        let restUnit = units[restIndex]
                        guard parts.contains(restIndex), let restFactor = restUnit.factor, rest.value * restFactor < factor else { return }
                        explicit = true
                        found(restEnd, count.value * factor / restFactor + rest.value, restUnit)
                    }
                    let restUnit = units[largestPart]
                    // a count said without its unit is whole or a half: "11st 4.5", but "160 lbs 6.1 before
                    // breakfast" is a glucose
                    if !explicit, unitGroup.isCompound, (rest.value * 2).isWhole, let restFactor = restUnit.factor, rest.value * restFactor < factor {
                        found(rest.end, count.value * factor / restFactor + rest.value, restUnit)
                    }
                }
            }
        }
    }

    /// A unit of the group at a token: its end and the unit.
    func readUnit(_ group: String, _ context: MatchContext, at index: Int, _ found: (Int, UnitGroup.Unit) -> Void) {
        guard let reader = units[group] else { return }
        reader.trie.matches(context.ids, at: index) { end, unitIndex in found(end, reader.group.units[unitIndex]) }
    }

    /// "a half", "half", "a quarter" at a token: the fraction and the token after it.
    private func fractionAfterArticle(_ context: MatchContext, at index: Int) -> (end: Int, value: Double)? {
        let words = grammar.numberWords
        let start = context.tokens[safe: index].map(words.one.contains) == true ? index + 1 : index
        guard let fraction = context.tokens[safe: start].flatMap({ words.fractions[$0] }) else { return nil }
        return (start + 1, fraction)
    }

    /// The counts a quantity may start with: numbers, "a"/"an" (one), "half a" (a half).
    private func counts(_ context: MatchContext, at index: Int) -> [NumberReading] {
        guard index < context.count else { return [] }
        var counts = context.numbers(at: index)
        let token = context.tokens[index]
        let words = grammar.numberWords
        if words.one.contains(token) {
            counts.append(NumberReading(end: index + 1, value: 1))
        }
        if let fraction = words.fractions[token], let article = context.tokens[safe: index + 1], words.one.contains(article) {
            counts.append(NumberReading(end: index + 2, value: fraction))
        }
        // "three quarters of a cup", "fourth of liter", "one and a quarter of an hour"
        // "a couple of units", "a dozen of"
        if words.one.contains(token) {
            for count in context.numbers(at: index) where context.tokens[safe: count.end] == "of" && count.value.isWhole {
                counts.append(NumberReading(end: count.end + 1, value: count.value))
            }
        }
        for count in counts where !count.value.isWhole && context.tokens[safe: count.end] == "of" {
            let article = context.tokens[safe: count.end + 1].map(words.one.contains) == true
            counts.append(NumberReading(end: count.end + (article ? 2 : 1), value: count.value))
        }
        return counts
    }

    /// What a count before a letter that writes both minutes and metres ("m") is, when it says:
    /// a hundred or more are metres ("walked 200 m", "swam 1500m"); fewer than 60 right after
    /// hours are minutes ("1h 15m"); otherwise either.
    private enum OneLetterMinute { case minutes, metres }
    private func oneLetterMinute(_ value: Double, _ context: MatchContext, at index: Int, unitEnd: Int) -> OneLetterMinute? {
        guard ambiguousMinutes.contains(context.tokens[unitEnd - 1]) else { return nil }
        if value >= 100 { return .metres }
        if value < 60, index > 0, hourWords.contains(context.tokens[index - 1]) { return .minutes }
        return nil
    }

    /// A span of time: "45 minutes", "an hour and a half", "half an hour", "1 hour 20 minutes",
    /// "1h30", "2 hours and 10", "2 days, 3 hours and 4 seconds", "all day".
    func readDuration(_ context: MatchContext, at index: Int, _ found: (Int, Double) -> Void) {
        readDuration(context, at: index, below: .infinity, found)
    }

    /// A duration whose first unit is shorter than `limit` seconds.
    private func readDuration(_ context: MatchContext, at index: Int, below limit: Double, _ found: (Int, Double) -> Void) {
        let words = grammar.numberWords
        var spans: [(end: Int, seconds: Double, factor: Double)] = []
        guard let timeUnits else { return }
        readQuantity(timeUnits, context, at: index) { end, value, unit in
            if oneLetterMinute(value, context, at: index, unitEnd: end) == .metres { return }
            // "a m" is the morning ("at four a m"), never a minute
            if end == index + 2, context.tokens[index] == "a", ambiguousMinutes.contains(context.tokens[index + 1]) { return }
            spans.append((end, value * (unit.factor ?? 1), unit.factor ?? 1))
        }
        // "all day", "another hour"
        if context.tokens[safe: index].map(words.whole.contains) == true {
            timeUnits.trie.matches(context.ids, at: index + 1) { end, unitIndex in
                let factor = timeUnits.group.units[unitIndex].factor ?? 1
                spans.append((end, factor, factor))
            }
        }
        for (end, seconds, factor) in spans where factor < limit {
            let next = context.tokens[safe: end] == "and" ? end + 1 : end
            // "1h30", "2 hours and 10", "1 hour 20 after lunch", "1 minute 30": a whole count below
            // 60 right after hours or minutes, with no unit after it, may be the next unit's
            // ("2 hours, 14k steps" is not)
            let counts = (factor == 3600 || factor == 60) && !context.commaBefore.contains(next) ? context.numbers(at: next) : []
            let smallerCounts = counts.filter { count in
                count.value >= 1 && count.value < 60 && count.value.isWhole && !startsUnit(context, at: count.end)
                    && !counts.contains { $0.end > count.end } && context.tokens[safe: count.end] != ":"
            }
            // and are, where the clause ends after them or a word follows that names no value or is
            // of `after_hour_minutes`: "breastfed 1 hour 38", "1 hour 20 both sides"
            let endCounts = smallerCounts.filter {
                $0.end == context.count || context.commaBefore.contains($0.end)
                    || afterHourMinutes.contains(context.tokens[$0.end]) || valuePhraseEnds(context, at: $0.end).isEmpty
            }
            if endCounts.isEmpty { found(end, seconds) }
            // "an hour and a half", "one hour and half"
            if next > end, let fraction = fractionAfterArticle(context, at: next) {
                found(fraction.end, seconds + fraction.value * factor)
            }
            guard factor >= 60 else { continue }
            // "1 hour 20 minutes", "an hour and 20 minutes", "2 days, 3 hours and 4 seconds"
            readDuration(context, at: next, below: factor) { restEnd, rest in
                if rest < factor { found(restEnd, seconds + rest) }
            }
            for smaller in endCounts { found(smaller.end, seconds + smaller.value * factor / 60) }
        }
    }

    /// The ends of every phrase that names a value (a list's phrase other than the
    /// structural lists', or a unit) and starts at `index`. A phrase of a list or a unit of a
    /// group of `after_number_lists` names one only right after a number: "down from last
    /// week", "watch am" and "meter says HI" lose no value ("took ml of oramorph" does).
    func valuePhraseEnds(_ context: MatchContext, at index: Int) -> [Int] {
        var ends: [Int] = []
        // after a number, or after "/" in a rate ("pace 5:25/km")
        let afterNumber = index > 0
            && (startsNumber(context, at: index - 1) || context.hasDigit[index - 1] || context.tokens[index - 1] == "/")
        for (trie, onlyAfterNumber) in valuePhrases where afterNumber || !onlyAfterNumber {
            trie.matches(context.ids, at: index) { end, _ in ends.append(end) }
        }
        return ends.isEmpty || inPlainPhrase(context, at: index) ? [] : ends
    }

    /// Whether a phrase of `plain_phrases` that starts at most two tokens before holds the token.
    func inPlainPhrase(_ context: MatchContext, at index: Int) -> Bool {
        var holds = false
        for start in max(0, index - 2)...index {
            plainPhrases?.matches(context.ids, at: start) { end, _ in holds = holds || end > index }
        }
        return holds
    }

    /// The words the list's phrases start with, or nil if the grammar has no such list.
    func firstWordsOfList(_ name: String) -> Set<Int32>? { lists[name]?.trie.firstWords }

    /// The words the group's units start with, or nil if the grammar has no such group.
    func firstWordsOfUnits(_ group: String) -> Set<Int32>? { units[group]?.trie.firstWords }

    /// Stands in `firstWords` for "a number, or a count such as 'a' or 'half'".
    static let numberStart: Int32 = -2

    /// Whether a count, number or clock minute may start at the token.
    func startsNumber(_ context: MatchContext, at index: Int) -> Bool {
        context.classes[index].contains(.countOpener) || !context.numbers(at: index).isEmpty
    }

    /// Whether a unit of any group starts at a token.
    private func startsUnit(_ context: MatchContext, at index: Int) -> Bool {
        var any = false
        for reader in units.values where !any {
            reader.trie.matches(context.ids, at: index) { _, _ in any = true }
        }
        return any
    }


    /// The words that may start the pattern (with `numberStart` for a number), or nil if it
    /// may start with free text.
    func firstWords(of pattern: Pattern) -> Set<Int32>? {
        switch pattern {
        case .word(let word): return [words.id(of: word)]
        case .sequence(let items):
            var starts: Set<Int32> = []
            for item in items {
                if case .assign = item { continue }
                guard let first = firstWords(of: item) else { return nil }
                starts.formUnion(first)
                if !item.canBeEmpty { return starts }
            }
            return starts
        case .choice(let options):
            var starts: Set<Int32> = []
            for option in options {
                guard let first = firstWords(of: option) else { return nil }
                starts.formUnion(first)
            }
            return starts
        case .optional(let inner): return firstWords(of: inner)
        case .assign: return []
        case .capture(_, .list(let name)): return firstWordsOfList(name)
        case .capture(_, .unit(let group)): return firstWordsOfUnits(group)
        case .capture(_, .number), .capture(_, .minute), .capture(_, .quantity), .capture(_, .duration), .capture(_, .span):
            return [Self.numberStart]
        case .capture(_, .said(let rule)): return grammar.rules[rule].flatMap(firstWords(of:))
        case .capture: return nil
        case .rule: return nil
        }
    }
}

extension Pattern {
    /// Calls `body` with every literal word of the pattern.
    func forEachWord(_ body: (String) -> Void) {
        switch self {
        case .word(let word): body(word)
        case .sequence(let items), .choice(let items): items.forEach { $0.forEachWord(body) }
        case .optional(let inner): inner.forEachWord(body)
        case .capture, .assign, .rule: break
        }
    }

    /// Whether the pattern may open with words taken as said of any kind (`text`, `rest`), not
    /// only those that end with a phrase of a list (`text(LIST)`).
    var mayOpenWithAnyWords: Bool {
        mayOpen { if case .text = $0 { true } else if case .rest = $0 { true } else { false } }
    }

    /// Whether the pattern may open with the words of a rule taken as said (`said(RULE)`): as
    /// a part, it comes after its entry's introduction, as free text does.
    var mayOpenWithRuleWords: Bool {
        mayOpen { if case .said = $0 { true } else { false } }
    }

    /// Whether the pattern may open with a capture whose source `opens` accepts.
    private func mayOpen(with opens: (SlotSource) -> Bool) -> Bool {
        switch self {
        case .capture(_, let source): opens(source)
        case .word, .assign, .rule: false
        case .optional(let inner): inner.mayOpen(with: opens)
        case .choice(let options): options.contains { $0.mayOpen(with: opens) }
        case .sequence(let items):
            items.first { !$0.canBeEmpty || $0.mayOpen(with: opens) }?.mayOpen(with: opens) ?? false
        }
    }

    /// Whether the pattern can match no words at all.
    var canBeEmpty: Bool {
        switch self {
        case .word, .capture, .rule: false
        case .assign, .optional: true
        case .sequence(let items): items.allSatisfy(\.canBeEmpty)
        case .choice(let options): options.contains(where: \.canBeEmpty)
        }
    }
}
