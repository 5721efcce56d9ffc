/// Parses one utterance, typed or transcribed, into entries with their problems.
///
/// The utterance is tokenised; filler words are dropped; then a dynamic programme splits the
/// tokens into entries and skipped words, keeping the split that covers the most words the
/// grammar names. Each entry is interpreted and checked. No I/O; safe to share.
public final class UtteranceParser: Sendable {
    public let grammar: Grammar
    public let checker: FeasibilityChecker
    let entries: EntryMatcher
    /// The entries a sentence is split into, and the words none of them took.
    typealias Split = (matches: [EntryMatch], ignored: [Int])
    private let fillerWords: Set<String>
    /// Filler that a number does not run across ("about"), unlike a hesitation ("uh").
    private let numberBreakingFillers: Set<String>
    /// Words written with a full stop that ends no sentence ("Dr. Okafor"): `shortened_words`.
    private let shortenedWords: Set<String>
    /// Titles before a surname ("Mrs Okafor"): the two words are read as one person: `titles`.
    private let titles: Set<String>
    /// Hesitations ("um", "er"): after one, a one-word opener is one ("right um ...").
    private let hesitations: Set<String>
    let glueWords: Set<String>
    /// Words that name who an entry is about (`people`, `names`): "mom bp 129/75, dad hr 58".
    private let personWords: Set<String>
    /// For each kind, its `join` line with the number of the kind whose entries its readings join.
    private let joins: [(target: Int, join: EntryKind.Join)?]
    /// Glue that joins entries ("and", "then").
    private let breakWords: Set<String>
    let negationWords: Set<String>
    /// Words that say a plan (`plans`, and `plan_openers` before "to").
    let planWords: Set<String>
    /// Both, to rule out most words with one lookup.
    let negationOrPlanWords: Set<String>
    /// What a plan word is said before ("will take").
    let planActions: Set<String>
    /// Words that say a plan before "for a" ("going for a walk").
    let plansFor: Set<String>
    let remarkWords: Set<String>
    /// The `question` phrases, read where an utterance starts.
    let questionOpenings: OpeningPhrases
    /// Openings that start with a word of a question but state a value (`statement_openings`):
    /// "average heart rate 145", "open water swim 2.4 km".
    let statementOpenings: OpeningPhrases
    /// Phrases that make a request wherever they stand (`requests`): "add 6 eggs to the shopping list".
    let requestPhrases: OpeningPhrases
    private let sharedVerbs: Set<String>
    /// The shared verbs and the words of `bare_intros`: alone beside a whole entry, skipped.
    private let bareWords: Set<String>
    /// Words that take back what was said before them ("sorry", "I mean").
    private let correctionWords: Set<String>
    /// Names of a class of medicine (`medicine_classes`), which give way to a medicine's own.
    private let medicineClasses: Set<String>
    /// Kinds whose reading may be said in two pieces (`pieced_kinds`).
    private let piecedKinds: Set<String>
    /// Words that add another entry, between two pieces of one reading (`adding_words`).
    private let addingWords: Set<String>
    /// A symptom's plain names and the one symptom each restates (`restated_symptoms`): "tired"
    /// and "fatigue" are one.
    private let restatedSymptoms: [String: String]
    /// The symptom kind's index, whose entries `restatedSymptoms` joins.
    private let symptomKind: Int?
    /// Words that announce a number (`announcing_words`): "pain score" with none after it lacks it.
    private let announcingWords: Set<String>
    /// Words after which a value said again replaces the one before: the corrections, "no",
    /// "actually", "make (that)" ("fed 3 oz, no, 4 oz").
    let takingBackWords: Set<String>
    private let spelling: SpellingCorrector
    /// Shorthand read as the word it stands for, in text only ("bfast" is "breakfast").
    private let abbreviations: [String: String]
    /// The words of numbers: a run of words that holds one is never a restart.
    private let numberWords: Set<String>
    /// An assistant's name said first ("hey google", "voice log"), dropped.
    private let wakeWords: OpeningPhrases
    /// Words that call an assistant before or between its names ("ok", "hey", "tell").
    private let wakeCalls: Set<String>
    /// Calls after which an assistant's skill is named, up to one of `skillNameEnds` ("alexa ask
    /// carer diary to log ...") or through one of `skillNameLastWords` ("alexa tell baby log she
    /// took 120 ml").
    private let skillCalls: Set<String>
    private let skillNameEnds: Set<String>
    private let skillNameLastWords: Set<String>
    /// Words that say an entry happened once more ("again", "another"): with a time of its
    /// own after it, the entry before is logged again at that time.
    private let repeatWords: Set<String>
    /// Words that join clauses (`breaks`, `conjunctions`): a clause that says what did not happen
    /// starts or ends at one.
    let clauseWords: Set<String>
    /// Words no sentence ends with ("of", "the"): a line ending with one was cut off.
    private let cutOffWords: Set<String>
    /// The words that say a decimal point ("point").
    let pointWords: Set<String>
    /// Phrases that compare a value with another time (`comparisons`: "better than", "same
    /// as", "up from"): a time after them is no time of the entry before.
    private let comparisons: OpeningPhrases
    /// Words after an entry that say it is over ("gone", "went away"), for the kinds of
    /// `over_kinds`: such an entry is not logged.
    private let overPhrases: OpeningPhrases
    private let overKinds: Set<Int>
    /// Kinds read again after what was done about them ("bg 3.4, 100ml juice, then 6.1").
    private let recheckedKinds: Set<Int>
    /// The names of the kinds with `reread part` lines.
    private let rereadKindNames: Set<String>
    /// The words of every unit: a word joined to one by "/" is a ratio of units ("U/mL").
    private let unitWords: Set<String>
    /// Words that ask for the rest to be logged ("note that"): the rest is read alone first.
    private let dictationOpeners: OpeningPhrases
    /// What a glucose tag of "before" or "after" alone is before or after.
    private let relativeTag: RelativeTag
    /// Fields a kind takes from the entries before it ("60g carbs" after "before dinner").
    private let sharedFields: SharedFields
    /// A pain score said right after the painful condition it scores ("migraine, pain 6/10").
    private let conditionScores: ConditionScores
    /// Words of a negated clause that say what an entry lacks ("forgot how much").
    let lackingWords: Set<String>
    /// Words after an entry that say it did not happen ("skipped", "not taken"), and the few
    /// words that may follow them in the clause.
    let afterNegations: Set<String>
    let notDone: Set<String>
    let afterNegationTails: Set<String>
    /// Words that may stand between an entry and the word that says it did not happen: it was
    /// offered ("paracetamol offered but refused").
    let offerWords: Set<String>
    /// Measures no kind logs ("INR", "platelets"): left over, they carry a value that is lost.
    private let unloggedMeasures: Set<String>
    /// The first words of `unloggedMeasures`, and how many words the longest has.
    private let unloggedMeasureStarts: Set<String>
    private let longestUnloggedMeasure: Int
    /// Words for a measure's reading, between a measure no kind logs and its number (`measure_nouns`).
    private let measureNouns: Set<String>
    /// For each kind, the fields one of which a whole entry holds, for each requirement that
    /// has no condition and none of whose fields has a default: `[kind][requirement]`.
    private let requiredFields: [[[String]]]
    /// Longer utterances are refused: one sentence holds a few entries, not a page.
    public static let longestUtterance = 80

    public init(grammar: Grammar) {
        self.grammar = grammar
        checker = FeasibilityChecker(grammar: grammar)
        entries = EntryMatcher(patterns: PatternMatcher(grammar: grammar))
        fillerWords = grammar.fillerWords
        numberBreakingFillers = grammar.words(of: "filler")
        shortenedWords = grammar.words(of: "shortened_words")
        titles = grammar.words(of: "titles")
        hesitations = grammar.words(of: "hesitations")
        glueWords = grammar.glueWords
        personWords = grammar.words(of: "people").union(grammar.words(of: "names"))
        joins = grammar.kinds.map { kind in
            kind.join.flatMap { join in grammar.kinds.firstIndex { $0.name == join.kind }.map { (target: $0, join: join) } }
        }
        breakWords = grammar.words(of: "breaks")
        negationWords = grammar.negationWords
        planWords = grammar.planWords.union(grammar.words(of: "plan_openers"))
        negationOrPlanWords = negationWords.union(planWords)
        planActions = grammar.words(of: "plan_actions")
        plansFor = grammar.words(of: "plans_for")
        remarkWords = grammar.remarkWords
        questionOpenings = OpeningPhrases(grammar.questionWords)
        statementOpenings = OpeningPhrases(grammar.words(of: "statement_openings"))
        requestPhrases = OpeningPhrases(grammar.words(of: "requests"))
        sharedVerbs = grammar.words(of: "shared_verbs")
        bareWords = sharedVerbs.union(grammar.words(of: "bare_intros"))
        correctionWords = grammar.words(of: "corrections")
        medicineClasses = grammar.words(of: "medicine_classes")
        piecedKinds = grammar.words(of: "pieced_kinds")
        addingWords = grammar.words(of: "adding_words")
        restatedSymptoms = Dictionary((grammar.lists["restated_symptoms"]?.phrases ?? []).map { ($0.words.joined(separator: " "), $0.value) },
                                      uniquingKeysWith: { first, _ in first })
        symptomKind = grammar.kinds.firstIndex { $0.name == "symptom" }
        announcingWords = grammar.words(of: "announcing_words")
        takingBackWords = grammar.takingBackWords
        wakeWords = OpeningPhrases(grammar.words(of: "wake_words"))
        wakeCalls = grammar.words(of: "wake_calls")
        skillCalls = grammar.words(of: "skill_calls")
        skillNameEnds = grammar.words(of: "skill_name_ends")
        skillNameLastWords = grammar.words(of: "skill_name_last_words")
        dictationOpeners = OpeningPhrases(grammar.words(of: "dictation_openers"))
        relativeTag = RelativeTag(grammar: grammar)
        sharedFields = SharedFields(grammar: grammar)
        conditionScores = ConditionScores(grammar: grammar)
        repeatWords = grammar.words(of: "repeats")
        comparisons = OpeningPhrases(grammar.words(of: "comparisons"))
        pointWords = grammar.numberWords.point
        cutOffWords = grammar.words(of: "cut_off_words")
        clauseWords = grammar.words(of: "breaks").union(grammar.words(of: "conjunctions"))
        overPhrases = OpeningPhrases(grammar.words(of: "over_words"))
        let overKindNames = grammar.words(of: "over_kinds")
        overKinds = Set(grammar.kinds.indices.filter { overKindNames.contains(grammar.kinds[$0].name) })
        let recheckedKindNames = grammar.words(of: "rechecked_kinds")
        recheckedKinds = Set(grammar.kinds.indices.filter { recheckedKindNames.contains(grammar.kinds[$0].name) })
        rereadKindNames = Set(grammar.kinds.filter { $0.rereadPartCount > 0 }.map(\.name))
        unitWords = Set(grammar.unitGroups.values.flatMap { $0.units.flatMap { $0.phrases.joined() } })
        lackingWords = grammar.words(of: "lacking_words")
        afterNegations = grammar.words(of: "after_negations")
        notDone = grammar.words(of: "not_done")
        afterNegationTails = grammar.words(of: "after_negation_tails")
        offerWords = grammar.words(of: "offer_words")
        unloggedMeasures = grammar.words(of: "unlogged_measures")
        unloggedMeasureStarts = Set(unloggedMeasures.compactMap { $0.split(separator: " ").first.map(String.init) })
        longestUnloggedMeasure = unloggedMeasures.map { $0.split(separator: " ").count }.max() ?? 1
        measureNouns = grammar.words(of: "measure_nouns")
        requiredFields = grammar.kinds.map { kind in
            kind.requirements.filter { requirement in
                requirement.condition == nil && !requirement.anyOf.contains { field in kind.defaults.contains { $0.field == field } }
            }.map(\.anyOf)
        }
        // one word each, or a word and a slash written onto it ("w/")
        abbreviations = Dictionary((grammar.lists["abbreviations"]?.phrases ?? [])
            .filter { $0.words.count == 1 || ($0.words.count == 2 && $0.words[1] == "/") }
            .map { ($0.words.joined(), $0.value) }, uniquingKeysWith: { first, _ in first })
        numberWords = grammar.numberVocabulary
        spelling = SpellingCorrector(vocabulary: grammar.vocabulary,
                                     neverRead: grammar.numberVocabulary.union(Self.unmarkedNegations(grammar)).union(grammar.givenNames),
                                     functionWords: glueWords.union(grammar.words(of: "empty_words")))
    }

    public func parse(_ input: String, now: LocalDateTime) -> ParseResult {
        var corrections: [SpellingFix] = []
        var tokens: [Token] = []
        let scalars = Array(input.unicodeScalars)
        var asTyped: Token?
        for token in Tokenizer.tokens(of: input) where !fillerWords.contains(token.text) {
            defer { asTyped = tokens.last == token ? token : nil }
            if let last = asTyped, titles.contains(last.text), Self.isSurname(token, after: last, scalars) {
                // "Mrs Okafor humalog 6 units": who had it, not a medicine called "Mrs Okafor humalog"
                tokens[tokens.count - 1] = Token(text: last.text, start: last.start, end: token.end)
            } else if let last = asTyped, let word = joined(last, token, scalars) {
                corrections.append(SpellingFix(typed: [last, token], read: word))
                tokens[tokens.count - 1] = Token(text: abbreviations[word] ?? word, start: last.start, end: token.end)
            } else if let parts = slashParts(token) {
                tokens += parts
            } else if token.text == "/", let last = tokens.last, last.end == token.start, let word = abbreviations[last.text + "/"] {
                tokens[tokens.count - 1] = Token(text: word, start: last.start, end: token.end)
            } else if let word = abbreviations[token.text] {
                tokens.append(Token(text: word, start: token.start, end: token.end))
            } else if let word = spelling.correction(of: token.text), tokens.isEmpty || !Self.isCapitalized(token, scalars) {
                corrections.append(SpellingFix(typed: [token], read: word))
                tokens.append(Token(text: word, start: token.start, end: token.end))
            } else {
                tokens.append(token)
            }
        }
        func unrecognized(_ message: String) -> ParseResult { Self.unrecognized(input, message) }
        if input.unicodeScalars.contains("\u{FFFD}") {
            return unrecognized("This line is not valid UTF-8 text, so nothing in it is logged. Please type or paste it again as text.")
        }
        if input.unicodeScalars.contains(where: { $0 != "\t" && $0 != "\n" && $0 != "\r" && Self.isControl($0) }) {
            return unrecognized("This line holds control characters, so it is not read as text to log. Please type it again as plain text.")
        }
        // "hey google, pee diaper", "alexa tell voicelog ...": the assistant's name is no part
        // of the entry
        if let addressing = Self.addressing(tokens, names: wakeWords, calls: wakeCalls, skills: (skillCalls, skillNameEnds, skillNameLastWords)),
           addressing < tokens.count {
            tokens.removeFirst(addressing)
        }
        tokens = withoutRestarts(tokens)
        if tokens.isEmpty {
            return unrecognized("There is nothing to log in this line. Say or type an entry such as 'glucose 6.2 after dinner'.")
        }
        if tokens.count > Self.longestUtterance || input.unicodeScalars.count > Tokenizer.maximumScalars {
            return unrecognized("This line is too long to be one entry (\(input.unicodeScalars.count) characters). Please log one or two entries at a time.")
        }
        if opensWithQuestion(tokens) { return unrecognized(Self.questionMessage) }
        if input.unicodeScalars.last(where: { !$0.properties.isWhitespace }) == "?" {
            // "hr 230 on watch??": disbelief at a value that cannot be is told so; anything else
            // ending in a question mark is asked, not logged
            let read = parse(input, tokens, corrections: corrections, now: now)
            if read.status == .infeasible { return read }
            return beforeClosingQuestion(input, tokens, corrections: corrections, now: now) ?? unrecognized(Self.questionMessage)
        }
        // "note that she had a wet nappy": the entries the rest gives, when it gives them whole;
        // an opener of one word ("right") before a mark or a hesitation ("right, sugar 9.1",
        // "right um ..."), or else only when the words as said give no whole reading, as it may
        // start an entry ("right boob 9 min")
        let opener = dictationOpeners.length(of: tokens).flatMap { $0 < tokens.count ? $0 : nil }
        let openerIsMarked = opener.map { opener in
            opener > 1 || Self.punctuation(before: opener, tokens, scalars).contains(where: { Self.isBreak($0) || $0 == ":" || $0 == "-" })
                || Self.dropped(before: opener, tokens, scalars).contains(where: hesitations.contains)
        } ?? false
        func afterOpener(_ opener: Int) -> ParseResult? {
            let rest = parse(input, Array(tokens[opener...]), corrections: corrections, now: now)
            return rest.status == .ok ? rest : nil
        }
        if let opener, openerIsMarked, let rest = afterOpener(opener) { return rest }
        let result = parse(input, tokens, corrections: corrections, now: now)
        if let opener, !openerIsMarked, result.status != .ok, let rest = afterOpener(opener) { return rest }
        // "pumped eighty no ninety mls": a number said again, read only when the words as said
        // give no whole reading
        guard result.status != .ok, let repair = selfRepair(of: tokens) else { return result }
        var repaired = parse(input, repair.tokens, corrections: corrections, now: now)
        guard repaired.status == .ok else { return result }
        let surface = Self.surface(of: input, tokens)
        let said = surface(repair.said.lowerBound, repair.said.upperBound)
        repaired.takenBack.append(said)
        repaired.problems.append(Problem(field: nil, severity: .warning, message:
            "Read '\(surface(repair.correction.lowerBound, repair.correction.upperBound))' as a correction of '\(said)'."))
        return repaired
    }

    /// "heart rate 112 on the sofa, is that normal??": the entries said with a number before a
    /// closing question that says none and names no kind ("bg ??" asks for a value), when they
    /// read whole, with the question named in a warning ("metformin making me sick, should i
    /// stop it?" logs nothing).
    private func beforeClosingQuestion(_ input: String, _ tokens: [Token], corrections: [SpellingFix], now: LocalDateTime) -> ParseResult? {
        let scalars = Array(input.unicodeScalars)
        guard let asked = (1..<tokens.count).last(where: { Self.endsClause(before: $0, tokens, scalars) }),
              tokens[..<asked].contains(where: saysNumber), !tokens[asked...].contains(where: saysNumber),
              parse(input, Array(tokens[asked...]), corrections: [], now: now).status == .unrecognized else { return nil }
        var read = parse(input, Array(tokens[..<asked]), corrections: corrections, now: now)
        guard read.status == .ok, !read.entries.isEmpty else { return nil }
        let question = String(String.UnicodeScalarView(scalars[tokens[asked].start...])).trimmingCharacters(in: .whitespaces)
        read.problems.append(Problem(field: nil, severity: .warning, message: "Not logged, as it is asked: '\(question)'."))
        return read
    }

    /// The split without entries said to be over ("headache's gone", "the rash has cleared
    /// up"), with their words and what says so: no longer skipped, they are named in a warning.
    private func withoutEntriesSaidOver(_ matches: [EntryMatch], _ ignored: [Int], _ tokens: [Token], _ context: MatchContext)
        -> (matches: [EntryMatch], ignored: [Int], over: [Range<Int>]) {
        let skipped = Set(ignored)
        var over: [Range<Int>] = []
        let kept = matches.filter { match in
            guard let end = overEnd(after: match, skipped, tokens, context) else { return true }
            over.append(match.start..<end)
            return false
        }
        return (kept, ignored.filter { index in !over.contains { $0.contains(index) } }, over)
    }

    /// Where the words after `match` end that say it is over ("gone", "has cleared up"), when
    /// they are skipped, end their clause, and the entry is of a kind of `over_kinds`.
    private func overEnd(after match: EntryMatch, _ skipped: Set<Int>, _ tokens: [Token], _ context: MatchContext) -> Int? {
        guard overKinds.contains(match.kindIndex) else { return nil }
        var index = match.end
        while index < tokens.count, skipped.contains(index), glueWords.contains(tokens[index].text) { index += 1 }
        guard index < tokens.count, let length = overPhrases.length(of: Array(tokens[index...])) else { return nil }
        let end = index + length
        guard (index..<end).allSatisfy(skipped.contains), endsClause(at: end, tokens, context) else { return nil }
        return end
    }

    /// Whether a clause ends before token `end`: the sentence's end, a comma, or "and".
    private func endsClause(at end: Int, _ tokens: [Token], _ context: MatchContext) -> Bool {
        end == tokens.count || context.commaBefore.contains(end) || breakWords.contains(tokens[end].text)
    }

    /// The grammar word a recogniser wrote as two ("cal pol", "ibu profen"): two words the
    /// grammar does not know, one space apart, that together are a grammar word or a slip of
    /// one. (Letters said one by one are the grammar's own phrases: "b p", "s p o two".)
    private func joined(_ first: Token, _ second: Token, _ scalars: [Unicode.Scalar]) -> String? {
        guard second.start == first.end + 1, scalars[first.end] == " ",
              first.text.isAllLetters, second.text.isAllLetters,
              !spelling.knows(first.text), !spelling.knows(second.text) else { return nil }
        let word = first.text + second.text
        return spelling.knows(word) ? word : spelling.correction(of: word)
    }

    /// Whether a token says a number, in digits or in words.
    private func saysNumber(_ token: Token) -> Bool { token.text.holdsNumber || numberWords.contains(token.text) }

    /// The tokens without the first of two same runs of two or three words that say no number:
    /// a restart, "my sugar my sugar was 7.5".
    private func withoutRestarts(_ tokens: [Token]) -> [Token] {
        var kept = tokens
        var index = 0
        while index < kept.count {
            let repeated = (2...3).first { length in
                index + 2 * length <= kept.count
                    && (0..<length).allSatisfy { kept[index + $0].text == kept[index + length + $0].text }
                    && !kept[index..<index + length].contains(where: saysNumber)
            }
            if let repeated { kept.removeSubrange(index..<index + repeated) } else { index += 1 }
        }
        return kept
    }

    /// A word the grammar does not know made of grammar words joined by "/", as those words
    /// and the slash: "wet/dirty" is `wet / dirty`; not units ("U/mL"). Nil for any other word.
    private func slashParts(_ token: Token) -> [Token]? {
        guard token.text.utf8.count > 2, token.text.utf8.contains(UInt8(ascii: "/")) else { return nil }
        let parts = token.text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !spelling.knows(token.text), parts.allSatisfy(spelling.knows),
              !parts.contains(where: unitWords.contains) else { return nil }
        let slash = token.start + parts[0].unicodeScalars.count
        guard slash < token.end else { return nil }
        return [Token(text: parts[0], start: token.start, end: slash), Token(text: "/", start: slash, end: slash + 1),
                Token(text: parts[1], start: slash + 1, end: token.end)]
    }

    /// Negations written without their apostrophe ("wasnt", "cant"): one letter from everyday
    /// words ("want", "cat"), so no slip is read as one.
    private static func unmarkedNegations(_ grammar: Grammar) -> Set<String> {
        grammar.negationWords.filter { $0.hasSuffix("nt") && !$0.contains("'") }
    }

    /// Whether the scalar is a control character: a range test for ASCII.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value < 0x20 || scalar.value == 0x7F : scalar.properties.generalCategory == .control
    }

    /// A result with no entry and the message that says why.
    private static func unrecognized(_ input: String, _ message: String) -> ParseResult {
        ParseResult(input: input, status: .unrecognized, entries: [],
                    problems: [Problem(field: nil, severity: .error, message: message)])
    }

    /// A typed word, or two typed words ("cal pol"), read as the grammar word they are a slip of.
    private struct SpellingFix {
        /// The tokens as typed.
        var typed: [Token]
        var read: String
        /// Where the token read starts.
        var start: Int { typed[0].start }
        var said: String { typed.map(\.text).joined(separator: " ") }
    }

    /// Why a line whose every entry did not happen, or is yet to, logs nothing.
    static func nothingToLog(_ said: String, planned: Bool) -> String {
        planned ? "'\(said)' says this is yet to happen, so there is nothing to log. Please log it once it is done."
            : "'\(said)' says this did not happen, so there is nothing to log. Please say what did happen."
    }

    /// What a question or a request to the app is told.
    static let questionMessage = "This reads as a question or a request, not something to log. To log, say what happened, like 'glucose 6.2 after dinner'."

    /// Parses tokens already checked for length, questions and control characters. An
    /// infeasible reading of a kind with `reread part` lines is read again with them first, and
    /// that reading is taken when it is `ok`: "ran 14 km in 1:15" is 75 minutes, with a warning
    /// that says so and why.
    private func parse(_ input: String, _ tokens: [Token], corrections: [SpellingFix], now: LocalDateTime) -> ParseResult {
        let first = parse(input, tokens, corrections: corrections, now: now, rereading: false)
        guard first.status == .infeasible, first.entries.contains(where: { rereadKindNames.contains($0.kind) }) else { return first }
        let second = parse(input, tokens, corrections: corrections, now: now, rereading: true)
        return Self.takingRereading(second, of: first) ?? first
    }

    /// The second reading of an infeasible one when it is `ok` and gives as many entries, with a
    /// warning for each field it reads another way.
    private static func takingRereading(_ second: ParseResult, of first: ParseResult) -> ParseResult? {
        guard second.status == .ok, second.entries.count == first.entries.count else { return nil }
        // the first sentence of what was wrong with the first reading
        let why = first.problems.first { $0.severity == .error }.map { problem in
            " (\(problem.message.components(separatedBy: ". ")[0].trimmingCharacters(in: ["."])))"
        } ?? ""
        var taken = second
        for (before, after) in zip(first.entries, second.entries) where before != after {
            for (name, value) in after.fields {
                guard let old = before[name], old != value else { continue }
                taken.problems.append(Problem(field: name, severity: .warning,
                                              message: "Read \(name.replacingUnderscores()) as \(value.displayText), not \(old.displayText)\(why)."))
            }
        }
        return taken
    }

    /// A word read as a slip of a grammar word that no entry then holds is read again as typed
    /// ("as soon as she can" is no "spoon", "on the telly" no "tell").
    private func parse(_ input: String, _ tokens: [Token], corrections: [SpellingFix], now: LocalDateTime,
                       rereading: Bool) -> ParseResult {
        let (result, unused) = parseTokens(input, tokens, corrections: corrections, now: now, rereading: rereading)
        let idle = Set(corrections.filter { unused.contains($0.start) }.map(\.start))
        guard !idle.isEmpty else { return result }
        var typed: [Token] = []
        for token in tokens {
            if let fix = corrections.first(where: { $0.start == token.start && $0.typed.last?.end == token.end && idle.contains($0.start) }) {
                typed += fix.typed
            } else {
                typed.append(token)
            }
        }
        return parseTokens(input, typed, corrections: corrections.filter { !idle.contains($0.start) }, now: now,
                           rereading: rereading).result
    }

    /// The reading of the tokens, and where the tokens start that no entry, aside or time of a
    /// reading holds (none when nothing is read). A request named anywhere ("add eggs to the
    /// shopping list") is caught here, where the words' classes are at hand.
    private func parseTokens(_ input: String, _ tokens: [Token], corrections: [SpellingFix],
                             now: LocalDateTime, rereading: Bool) -> (result: ParseResult, unused: Set<Int>) {
        func unrecognized(_ message: String) -> (result: ParseResult, unused: Set<Int>) {
            (Self.unrecognized(input, message), [])
        }
        let context = entries.patterns.context(for: tokens.map(\.text))
        // "add 6 eggs to the shopping list": a list kept for something else asks, wherever it is named
        if context.classes.contains(where: { $0.contains(.requestStart) }), makesRequest(tokens) {
            return unrecognized(Self.questionMessage)
        }
        context.rereading = rereading
        (context.commaBefore, context.numberBreaks, context.stopBefore) = Self.marksBefore(tokens, in: input, breakingNumbers: numberBreakingFillers, shortened: shortenedWords)
        let unlogged = unloggedReadings(context)
        let found = bestSplit(context, closedSpans: negatedSpans(tokens, in: input, context) + unlogged)
        var (split, ignored) = withoutBareIntroductions((found.matches, found.ignored), context)
        (split, ignored) = givenToSomeone((split, ignored), tokens, in: input)
        split = timesLeadingTheNextEntry(split, tokens, in: input, context)
        // each clause that says what did not happen ("wouldn't touch his breakfast, he just had a
        // cup of tea"), unless it remarks on an entry ("not great")
        var negatedClauses: [Range<Int>] = []
        /// The starts of the clauses that say what is yet to happen.
        var plannedClauses: Set<Int> = []
        /// The clauses that say what an entry said before them lacks ("forgot how much").
        var lackingClauses: [Range<Int>] = []
        for negation in ignored where negates(negation, tokens) || afterNegations.contains(tokens[negation].text) {
            if negatedClauses.contains(where: { $0.contains(negation) }) { continue }
            if let clause = negatedEntryBefore(negation, matches: split, tokens: tokens, input: input) {
                split.removeAll { clause.contains($0.start) }
                negatedClauses.append(clause)
                continue
            }
            if !negates(negation, tokens) || isRemark(negation, matches: split, tokens: tokens, input: input, context) { continue }
            // "no" takes back what was just said ("oxygen 94 no 96"), but not after "and" or
            // "but" ("ate a slice of cake and no reaction so far")
            let takesBack = takingBackWords.contains(tokens[negation].text) && !(negation > 0 && clauseWords.contains(tokens[negation - 1].text))
            guard let (clause, lacksValue) = self.negatedClause(at: negation, after: split, tokens: tokens, input: input,
                                                                takesBack: takesBack, context),
                  !lacksValue || split.contains(where: { $0.end <= clause.lowerBound }) else {
                return unrecognized(Self.nothingToLog(tokens[negation].text, planned: planWords.contains(tokens[negation].text)))
            }
            if lacksValue {
                // "did my lantus, forgot how many units": the entry before is there, unfinished
                lackingClauses.append(clause)
                continue
            }
            // what an entry read past the clause is left over, never dropped with it
            for match in split where clause.contains(match.start) && match.end > clause.upperBound {
                ignored.append(contentsOf: clause.upperBound..<match.end)
            }
            split.removeAll { clause.contains($0.start) }
            negatedClauses.append(clause)
            if planWords.contains(tokens[negation].text) { plannedClauses.insert(clause.lowerBound) }
        }
        ignored.sort()
        ignored.removeAll { index in (negatedClauses + lackingClauses).contains { $0.contains(index) } }
        if split.isEmpty, let clause = negatedClauses.first, !plannedClauses.contains(clause.lowerBound) {
            return unrecognized(Self.nothingToLog(Self.surface(of: input, tokens)(clause.lowerBound, clause.upperBound), planned: false))
        }
        // "ketones 1.2 mmol": the number said right after a measure no kind logs is its value,
        // no entry of its own
        let measured = split.filter { match in unlogged.contains { $0.contains(match.start) } }
        if !measured.isEmpty {
            split.removeAll { match in unlogged.contains { $0.contains(match.start) } }
            ignored = (ignored + measured.flatMap { Array($0.start..<$0.end) }).sorted()
        }
        // "headache's gone", "the rash has cleared up": an entry said to be over is not logged
        let overClauses: [Range<Int>]
        (split, ignored, overClauses) = withoutEntriesSaidOver(split, ignored, tokens, context)
        if split.isEmpty, let over = overClauses.first {
            return unrecognized("'\(Self.surface(of: input, tokens)(over.lowerBound, over.upperBound))' says it is over, so there is nothing to log. Please say what is happening now.")
        }
        // a time or a field after skipped words that carry nothing: "patch 9.5mg changed this
        // morning", "breathless at rest, bad"
        let comparing = comparingWords(context)
        let carrying = Set(valueCarrying(ignored, context, comparing: comparing))
        let (negations, repeats) = (negationWords, repeatWords)
        // "sats 94, better than yesterday": a time after words that compare is what the value
        // is compared with, not when it was taken
        let skipped = SkippedWords(indices: ignored, carriesNothing: { index in
            !carrying.contains(index) && !negations.contains(tokens[index].text) && !comparing.contains(index)
        }, asides: Set(found.asides.flatMap { $0 }), repeats: { repeats.contains(tokens[$0].text) }, endsClause: { self.endsClause(at: $0, tokens, context) },
        isComplete: { self.isComplete($0) })
        let stranded = entries.attachingStrandedParts(split, skipped, context)
        ignored.removeAll(where: Set(stranded.taken).contains)
        let (timed, dayFirst) = entries.sharingTime(stranded.matches, context)
        let matches = conditionScores.apply(joiningReadings(entries.sharingEndFields(timed, context), context), context)
        if let dayFirst { ignored.removeAll(where: dayFirst.contains) }
        let ignoredWords = ignored.map { tokens[$0].text }
        if matches.isEmpty {
            return unrecognized("No entry recognised. Try a sentence such as 'glucose 6.2 after dinner', 'fed 120 ml formula' or 'mild headache'.")
        }
        let surface = Self.surface(of: input, tokens)
        let builder = EntryBuilder(grammar: grammar, checker: checker)
        var result = ParseResult(input: input, status: .ok, entries: [], problems: [])
        result.asides = found.asides.map { surface($0.lowerBound, $0.upperBound) }
        result.asides += matches.flatMap(\.captures.unkept).map { surface($0.lowerBound, $0.upperBound) }
        for clause in negatedClauses {
            let said = surface(clause.lowerBound, clause.upperBound)
            result.negated.append(said)
            let planned = plannedClauses.contains(clause.lowerBound)
            result.problems.append(Problem(field: nil, severity: .warning,
                                           message: "Not logged, as it says what \(planned ? "is yet to happen" : "did not happen"): '\(said)'."))
        }
        for clause in overClauses {
            let said = surface(clause.lowerBound, clause.upperBound)
            result.negated.append(said)
            result.problems.append(Problem(field: nil, severity: .warning, message: "Not logged, as it says it is over: '\(said)'."))
        }
        for (said, correction) in found.corrections {
            result.takenBack.append(surface(said.lowerBound, said.upperBound))
            result.problems.append(Problem(field: nil, severity: .warning, message:
                "Read '\(surface(correction.lowerBound, correction.upperBound))' as a correction of '\(result.takenBack.last!)'."))
        }
        var incomplete = false
        for match in matches.flatMap(\.separated) {
            var built = builder.build(match, now: now, surface: surface)
            if let unresolved = relativeTag.resolve(&built.entry, after: result.entries) { built.problems.append(unresolved) }
            sharedFields.fill(&built.entry, kindIndex: match.kindIndex, after: result.entries)
            // "feeling good, happy mood" is one mood
            if grammar.kinds[match.kindIndex].isOncePerLine, result.entries.contains(built.entry) { continue }
            // "3 wet nappies since midnight" is three
            var copies = 1
            // said as a number ("2 wet nappies") or named ("the twins": `{copies=2}`)
            switch match.captures.value(of: Pattern.copies) {
            case .number(let count)? where (1...100).contains(count): copies = Int(count)
            case .literal(let count)?: copies = Int(count).flatMap { (1...100).contains($0) ? $0 : nil } ?? 1
            default: break
            }
            result.entries += Array(repeating: built.entry, count: copies)
            result.problems += built.problems
            incomplete = incomplete || !built.isComplete
        }
        let unused = ignoredWords.filter { !glueWords.contains($0) && !correctionWords.contains($0) }
        let example = grammar.kinds[matches[0].kindIndex].examples.first ?? "glucose 6.2"
        let unusedStarts = Set(ignored.map { tokens[$0].start })
        // one unfinished entry made of a bare verb among other words is no entry ("give me
        // today's summary"); one that names its kind ("temp check"), or beside a verb that logs
        // or a number ("took my tablets", "walked with 2 friends for 40 minutes"), is one to finish
        if incomplete, !unused.isEmpty, result.entries.count == 1, let only = matches.first,
           (only.start..<only.end).allSatisfy({ bareWords.contains(tokens[$0].text) || glueWords.contains(tokens[$0].text) }),
           !ignored.contains(where: { sharedVerbs.contains(tokens[$0].text) || context.holdsNumber(at: $0) }) {
            return unrecognized("No entry recognised: the words \(unused.map { "'\($0)'" }.joined(separator: ", ")) make no entry here. Try a sentence such as 'glucose 6.2 after dinner'.")
        }
        let valued = valueCarrying(ignored.filter { !glueWords.contains(tokens[$0].text) }, context, comparing: comparing)
        let unknown = unused.count - valued.count
        if !valued.isEmpty {
            // the pieces of one written word ("0815" is read as 8 : 15 am, "25:10") named once, as written
            var pieces: [Range<Int>] = []
            for index in valued {
                if let last = pieces.last, (last.upperBound..<index + 1).allSatisfy({ tokens[$0 - 1].end >= tokens[$0].start }) {
                    pieces[pieces.count - 1] = last.lowerBound..<index + 1
                } else {
                    pieces.append(index..<index + 1)
                }
            }
            let words = pieces.map { "'\(surface($0.lowerBound, $0.upperBound))'" }.joined(separator: ", ")
            result.problems.append(Problem(field: nil, severity: .error, message:
                "Not logged: \(words) \(pieces.count == 1 ? "was" : "were") said but fit no entry here, and a health log must not drop what was said. Please say it again, one entry at a time, like '\(example)'."))
            incomplete = true
        }
        if let range = Self.range(between: matches, ignored: ignored, context) {
            // "took 60 to 90 ml", "bp 135/85 or maybe 135/88": two entries would be a guess,
            // and so would either one
            let what = (range.lowerBound..<range.upperBound).contains { tokens[$0].text == "or" } ? "gives two values" : "is a range"
            result.problems.append(Problem(field: nil, severity: .error, message:
                "'\(surface(range.lowerBound, range.upperBound))' \(what), so nothing is logged from this line. Please say the one value it was."))
            incomplete = true
        }
        for clause in lackingClauses {
            result.problems.append(Problem(field: nil, severity: .error, message:
                "'\(surface(clause.lowerBound, clause.upperBound))' says a value is not known, so nothing is logged from this line. Please say it again with the value, like '\(example)'."))
            incomplete = true
        }
        if input.unicodeScalars.contains("?"), let asked = ignored.first(where: { namesKindAsked($0, tokens, input: input, context) }) {
            // "carbs 35 - carbs ? - pasta": a kind named with a question mark for its value
            result.problems.append(Problem(field: nil, severity: .error, message:
                "'\(surface(asked, asked + 1)) ?' gives no value, so nothing is logged from this line. Please say it again with the value, like '\(example)'."))
            incomplete = true
        }
        if let announced = ignored.first(where: { announcingWords.contains(tokens[$0].text) && !Self.numberFollows($0, in: context) }) {
            // "migraine pain score", "my pain score right now is": the number it announces is not there
            result.problems.append(Problem(field: nil, severity: .error, message:
                "'\(surface(announced, announced + 1))' is said with no number after it, so nothing is logged from this line. Please say it again with the number, like '\(example)'."))
            incomplete = true
        }
        if let taken = ignored.first(where: { correctionWords.contains(tokens[$0].text) }) {
            // "fed 90 ml, sorry, 120 ml": which value stands is not for the parser to guess
            result.problems.append(Problem(field: nil, severity: .error, message:
                "'\(surface(taken, taken + 1))' takes back part of what was said, so nothing is logged from this line. Please say the entry again as it should be, like '\(example)'."))
            incomplete = true
        }
        if !result.asides.isEmpty {
            let words = result.asides.map { "'\($0)'" }.joined(separator: ", ")
            result.problems.append(Problem(field: nil, severity: .warning, message:
                "Not logged, as said in passing: \(words)."))
        }
        if !corrections.isEmpty {
            let words = corrections.map { "'\($0.said)' as '\($0.read)'" }.joined(separator: ", ")
            result.problems.append(Problem(field: nil, severity: .warning, message: "Read \(words)."))
        }
        if unknown > 0 {
            let words = unused.filter { word in !valued.contains { tokens[$0].text == word } }
            result.problems.append(Problem(field: nil, severity: .warning,
                                           message: "Words not used: \(words.map { "'\($0)'" }.joined(separator: ", "))."))
        }
        if let last = tokens.last, cutOffWords.contains(last.text),
           !input.unicodeScalars.dropFirst(last.end).contains(where: { $0.isAlphabetic || $0.properties.numericType != nil }) {
            // "Dad ate a few spoonfuls of": what was about to be said is not there (but "to the
            // ER" ends with a word that is also filler)
            result.problems.append(Problem(field: nil, severity: .error, message:
                "The line ends with '\(surface(tokens.count - 1, tokens.count))', as if cut off. Please say it again in full."))
            incomplete = true
        }
        if incomplete {
            result.status = .incomplete
        } else if result.problems.contains(where: { $0.severity == .error }) {
            result.status = .infeasible
        }
        return (result, unusedStarts)
    }

    /// The number of first tokens that call an assistant, up to its last name: "alexa tell
    /// voice log", "ok google". Nil when no name is said first.
    private static func addressing(_ tokens: [Token], names: OpeningPhrases, calls: Set<String>,
                                   skills: (calls: Set<String>, nameEnds: Set<String>, nameLastWords: Set<String>)) -> Int? {
        var index = 0
        var end: Int?
        while index < min(tokens.count, 6) {
            if let name = names.length(of: Array(tokens[index...])) {
                index += name
                end = index
            } else if end != nil, skills.calls.contains(tokens[index].text),
                      let nameEnd = (index + 2..<max(index + 2, min(tokens.count, index + 5))).first(where: { skills.nameEnds.contains(tokens[$0].text) }) {
                // a skill the grammar does not name: "alexa ask carer diary to log ..."
                return nameEnd + 1
            } else if end != nil, skills.calls.contains(tokens[index].text),
                      let nameLast = (index + 2..<max(index + 2, min(tokens.count - 1, index + 4))).first(where: { skills.nameLastWords.contains(tokens[$0].text) }) {
                // a skill named like a log: "alexa tell baby log she took 120 ml"
                return nameLast + 1
            } else if calls.contains(tokens[index].text) {
                index += 1
            } else {
                break
            }
        }
        return end
    }

    /// Reads words as fields of an entry of `kind`, said without the rest of a sentence:
    /// "6.8 before dinner", "mg/dL", "7:30". The kind's parts and the common parts (times)
    /// read them, and with `introductions` its introductions too ("ibuprofen" as a
    /// medicine's name). Nil when the words are not all read, or name no such kind.
    ///
    /// - Parameters:
    ///   - text: the words.
    ///   - kind: the kind's name (`glucose`).
    ///   - introductions: whether the kind's introductions may read words as well.
    ///   - now: the reference clock a stated time is resolved against.
    public func readFields(_ text: String, of kind: String, introductions: Bool = false,
                           now: LocalDateTime) -> FieldReading? {
        guard let kindIndex = grammar.kinds.firstIndex(where: { $0.name == kind }) else { return nil }
        let tokens = Tokenizer.tokens(of: text).filter { !fillerWords.contains($0.text) }
        guard !tokens.isEmpty, tokens.count <= Self.longestUtterance else { return nil }
        let context = entries.patterns.context(for: tokens.map(\.text))
        let whole = entries.matches(kindIndex: kindIndex, context, at: 0,
                                    introduction: introductions ? .optional : .excluded)
            .filter { $0.end == tokens.count }
        guard let match = whole.max(by: { $0.score < $1.score }) else { return nil }
        let builder = EntryBuilder(grammar: grammar, checker: checker)
        let (values, time, _) = builder.read(match, surface: Self.surface(of: text, tokens))
        let order = grammar.kinds[kindIndex].fields + ["amount", "time_of_day"]
        let fields = order.compactMap { name in values[name].map { (name: name, value: $0) } }
        let resolver = TimeResolver(now: now, lookAhead: grammar.kinds[kindIndex].allowsFuture)
        return FieldReading(fields: fields, time: time.isEmpty ? nil : resolver.resolve(time))
    }

    /// Whether a number is said after the token in its clause (before a comma), within `within`
    /// tokens: "INR came back at 3.2", but not "pain score, took calpol 5ml".
    static func numberFollows(_ index: Int, in context: MatchContext, within: Int? = nil) -> Bool {
        let end = within.map { min(index + 1 + $0, context.count) } ?? context.count
        return ((index + 1)..<max(index + 1, end)).prefix { !context.commaBefore.contains($0) }
            .contains(where: context.holdsNumber)
    }

    /// Each measure no kind logs (`unlogged_measures`) with the number said right after it,
    /// glue and words for a reading aside and no comma between: "ketones 1.2", "potassium is
    /// 5.9", "jaundice meter reading 12".
    private func unloggedReadings(_ context: MatchContext) -> [Range<Int>] {
        context.tokens.indices.compactMap { measure in
            // the longest measure of one or more words from here ("vit d level 48")
            guard unloggedMeasureStarts.contains(context.tokens[measure]), let length = (1...longestUnloggedMeasure).reversed().first(where: { length in
                measure + length <= context.count
                    && unloggedMeasures.contains(context.tokens[measure..<measure + length].joined(separator: " "))
            }) else { return nil }
            var next = measure + length
            while next < context.count, context.classes[next].contains(.glue) || measureNouns.contains(context.tokens[next]),
                  !context.commaBefore.contains(next) { next += 1 }
            guard next < context.count, !context.commaBefore.contains(next), !context.numbers(at: next).isEmpty else { return nil }
            return measure..<(next + 1)
        }
    }

    /// Whether a word is written with a capital and then small letters ("Trevor"): after the
    /// first word, a name, which no slip of a grammar word is read into ("tremor").
    static func isCapitalized(_ token: Token, _ scalars: [Unicode.Scalar]) -> Bool {
        let written = scalars[token.start..<token.end]
        guard let first = written.first, first.properties.isUppercase else { return false }
        return written.dropFirst().allSatisfy { !$0.properties.isUppercase }
    }

    /// Whether a word after a title is a surname: a word, capitalised after "miss", which is
    /// also a verb ("miss a dose"); a title written in capitals is none ("MS fatigue", "30 mg MR").
    static func isSurname(_ token: Token, after title: Token, _ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = token.text.unicodeScalars.first, first.isAlphabetic,
              !scalars[title.start..<title.end].allSatisfy(\.properties.isUppercase) else { return false }
        return title.text != "miss" || isCapitalized(token, scalars)
    }

    /// The tokens of the phrases that compare (`comparisons`), wherever they are said.
    private func comparingWords(_ context: MatchContext) -> Set<Int> {
        var covered: Set<Int> = []
        for start in context.tokens.indices {
            if let length = comparisons.length(ofWords: context.tokens[start...]) { covered.formUnion(start..<start + length) }
        }
        return covered
    }

    /// Of the skipped tokens, those that carry a value: a number, a point after one, a measure
    /// no kind logs, or a word of a phrase that names a value (a unit, a medicine, a tag) lying
    /// wholly among skipped tokens; but not a time said in words after words that compare, in
    /// the same run of skipped words ("better than yesterday" says what the value is compared
    /// with).
    /// `comparing`: the tokens of the phrases that compare (`comparingWords`).
    private func valueCarrying(_ skipped: [Int], _ context: MatchContext, comparing: Set<Int>) -> [Int] {
        let skippedSet = Set(skipped)
        var valued: Set<Int> = []
        var comparedFrom: Int?
        for index in skipped {
            if comparing.contains(index) {
                comparedFrom = comparedFrom ?? index
            } else if let from = comparedFrom,
                      !(from..<index).allSatisfy({ skippedSet.contains($0) || context.classes[$0].contains(.glue) })
                        || context.commaBefore.contains(index) {
                comparedFrom = nil
            }
            // "temperature thirty six point": a point after a number is a decimal left unsaid
            let unsaidDecimal = index > 0 && pointWords.contains(context.tokens[index])
                && (context.hasDigit[index - 1] || !context.numbers(at: index - 1).isEmpty)
            // a number word of a phrase that says none is no number ("half asleep")
            let number = !context.numbers(at: index).isEmpty && !entries.patterns.standsForAThing(context, at: index)
                && (context.hasDigit[index] || !entries.patterns.inPlainPhrase(context, at: index))
            // a measure no kind logs carries a number said after it in its clause ("INR 3.2",
            // "potassium came back at 5.9"), not a mention ("checking ketones")
            let measured = unloggedMeasures.contains(context.tokens[index]) && Self.numberFollows(index, in: context, within: 6)
            if number || context.hasDigit[index] || measured || unsaidDecimal {
                valued.insert(index)
            } else if comparedFrom != nil, let time = entries.timeSpan(context, from: index), (index..<time.end).allSatisfy(skippedSet.contains) {
                continue
            } else if entries.timeSharingWords.contains(context.tokens[index]), index + 1 < context.count,
                      entries.timeSpan(context, from: index + 1) != nil {
                // "both" before a time shares it ("calpol 2.5ml and nurofen 2.5ml, both at 6.30am"): no side
                continue
            }
            for end in entries.patterns.valuePhraseEnds(context, at: index)
            where (index..<end).allSatisfy(skippedSet.contains) && !(end == index + 1 && sharedVerbs.contains(context.tokens[index])) {
                valued.formUnion(index..<end)
            }
        }
        return valued.sorted()
    }

    /// The words of a token range as the user wrote them. An `end` past the last token
    /// (`Int.max`) takes everything typed after the token before `start`, symbols and
    /// punctuation included, as a note keeps it.
    private static func surface(of input: String, _ tokens: [Token]) -> (Int, Int) -> String {
        let scalars = Array(input.unicodeScalars)
        return { start, end in
            // max: a token moved by a self-repair may end before the first one starts
            var range = tokens[start].start..<max(tokens[start].start, end > tokens.count ? scalars.count : tokens[end - 1].end)
            if end > tokens.count {
                var from = start > 0 ? tokens[start - 1].end : 0
                while from < scalars.count, scalars[from].properties.isWhitespace || scalars[from] == ":" { from += 1 }
                var to = scalars.count
                while to > from, scalars[to - 1].properties.isWhitespace { to -= 1 }
                range = from..<to
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[range])
            return String(text)
        }
    }

    /// The split without entries that are only a shared verb or a bare introduction ("had",
    /// "took", "felt"), a kind named again beside a whole entry of that kind, or a meal with
    /// nothing else of its entry ("carbs 120 at the airport lunch"), when another entry is whole:
    /// their words become skipped words, which the checks that follow weigh like any other.
    private func withoutBareIntroductions(_ split: Split, _ context: MatchContext) -> Split {
        let split = joiningLoneTags(handingTimesOn(split, context))
        // a kind named again with nothing of its own beside a whole entry of that kind is that
        // entry ("weighing himself on the old scales and it says 13 stone 9", "her weight's 44.2
        // kg, she was weighed in her gown")
        let whole = split.matches.filter { match in
            !match.captures.values.isEmpty && isComplete(match, timeInParts: true) && !(match.start > 0 && context.classes[match.start - 1].contains(.change))
        }
        let isBare = { (match: EntryMatch) in
            match.captures.values.isEmpty
                && (whole.contains { $0.kindIndex == match.kindIndex }
                    || (match.start..<match.end).allSatisfy { self.bareWords.contains(context.tokens[$0]) || self.glueWords.contains(context.tokens[$0]) })
                || !self.isComplete(match) && match.captures.value(of: "meal") != nil
                    && match.captures.values.allSatisfy { $0.field == "meal" || EntryMatcher.isTime($0.field) }
        }
        let bare = split.matches.filter(isBare)
        guard !bare.isEmpty, split.matches.contains(where: { !isBare($0) && isComplete($0, timeInParts: true) }) else { return split }
        // words that name the kind of the whole entry said right after them, in one sentence,
        // are that entry's, not unused ("appt: podiatry tues 3:15pm", "HbA1c came 7.6")
        let unused = bare.filter { match in
            !whole.contains { $0.kindIndex == match.kindIndex && $0.start == match.end && !context.stopBefore.contains($0.start) }
        }
        return (split.matches.filter { !isBare($0) }, (split.ignored + unused.flatMap { Array($0.start..<$0.end) }).sorted())
    }

    /// The split with a tag said alone, lacking what its kind requires, given to the next whole
    /// reading of its kind that has none (else the one before): "fasting since sundown, glucose
    /// 4.7 at 9am" is one reading, fasting. Beside whole readings that all have one, its words
    /// are skipped words ("pp sugar 145 after dinner").
    private func joiningLoneTags(_ split: Split) -> Split {
        var (matches, ignored) = split
        var lone: [Int] = []
        for (index, match) in matches.enumerated() where !isComplete(match) {
            guard let tag = match.captures.value(of: "tag"),
                  match.captures.values.allSatisfy({ $0.field == "tag" || EntryMatcher.isTime($0.field) }) else { continue }
            let whole = { (other: Int) in matches[other].kindIndex == match.kindIndex && self.isComplete(matches[other]) }
            let untagged = { (other: Int) in whole(other) && matches[other].captures.value(of: "tag") == nil }
            if let reading = (index + 1..<matches.count).first(where: untagged) ?? (0..<index).last(where: untagged) {
                matches[reading].captures.values.append(("tag", tag))
            } else if matches.indices.contains(where: whole) {
                ignored += Array(match.start..<match.end)
            } else {
                continue
            }
            lone.append(index)
        }
        for index in lone.reversed() { matches.remove(at: index) }
        return (matches, ignored.sorted())
    }

    /// The split, with each pair of neighbouring matches that `join` makes one replaced by the
    /// match it returns; the words it leaves over are skipped words.
    private static func joiningNeighbours(_ split: Split,
                                          _ join: (EntryMatch, EntryMatch) -> (match: EntryMatch, leftOver: [Int])?) -> Split {
        var (matches, ignored) = split
        var index = 0
        while index + 1 < matches.count {
            if let (joined, leftOver) = join(matches[index], matches[index + 1]) {
                matches.replaceSubrange(index...index + 1, with: [joined])
                ignored = (ignored.filter { !(joined.start..<joined.end).contains($0) } + leftOver).sorted()
            }
            index += 1
        }
        return (matches, ignored)
    }

    /// The split, with each match that is only a time and a bare verb ("on Wednesday at 4pm she
    /// had", "2 hours ago had") joined to the entry right after it, which takes its time: "on
    /// Wednesday at 4pm she had a temp of 38.9" is one temperature, at 4pm on Wednesday.
    private func handingTimesOn(_ split: Split, _ context: MatchContext) -> Split {
        Self.joiningNeighbours(split) { match, next in
            guard EntryMatcher.isTimeOnly(match.captures), let time = entries.timeSpan(context, from: match.start),
                  (time.end..<match.end).allSatisfy({ bareWords.contains(context.tokens[$0]) || glueWords.contains(context.tokens[$0]) }),
                  next.start == match.end, EntryMatcher.times(of: next.captures).isEmpty,
                  let captures = next.captures.merging(match.captures) else { return nil }
            return (EntryMatch(kindIndex: next.kindIndex, start: match.start, end: next.end, captures: captures), [])
        }
    }

    /// The split, where an entry ends with a time set off from it by a break and said right
    /// before the next entry, which has no time of its own: the time leads that entry, as in a
    /// log written time first ("6.55am bg 7.5 | 7:45 am: 100g carbs", "50 carbs; 8:10am: 21u of
    /// toujeo"). A time followed by a break stays with the entry before ("fed 120ml, 6am. slept").
    /// The matches, with a reading of a kind that `join`s another said later in the sentence
    /// than an entry of that kind which lacks the field, given to that entry as it: "bp 117/72,
    /// sats 95, temp 36.9, pulse 80" is one blood pressure with its pulse. Not past a full stop
    /// ("bp 115/72. pulse 80."), a time of the reading's own, another entry of either kind, or
    /// someone named between ("mom bp 129/75, dad hr 58").
    private func joiningReadings(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        guard matches.contains(where: { joins[$0.kindIndex] != nil }) else { return matches }
        var joined = matches
        var index = 1
        while index < joined.count {
            let reading = joined[index]
            guard let (target, join) = joins[reading.kindIndex],
                  reading.captures.values.allSatisfy({ Captures.plain($0.field) == join.own }),
                  let value = reading.captures.value(of: join.own),
                  let owner = joined[..<index].lastIndex(where: { [target, reading.kindIndex].contains($0.kindIndex) }),
                  joined[owner].kindIndex == target, joined[owner].captures.value(of: join.field) == nil,
                  !(joined[owner].end..<reading.end).contains(where: { personWords.contains(context.tokens[$0]) }),
                  !(joined[owner].end...reading.start).contains(where: context.stopBefore.contains),
                  let captures = joined[owner].captures.adding(join.field, value) else {
                index += 1
                continue
            }
            joined[owner].captures = captures
            joined.remove(at: index)
        }
        return joined
    }

    private func timesLeadingTheNextEntry(_ matches: [EntryMatch], _ tokens: [Token], in input: String, _ context: MatchContext) -> [EntryMatch] {
        let scalars = Array(input.unicodeScalars)
        var matches = matches
        for index in matches.indices.dropLast().reversed() {
            let (match, next) = (matches[index], matches[index + 1])
            // a colon between ("7:45 am: 100g carbs") is read as a word
            guard (match.end..<next.start).allSatisfy({ tokens[$0].text == ":" }), EntryMatcher.times(of: next.captures).isEmpty,
                  let start = (match.start + 1..<match.end).first(where: { entries.timeSpan(context, from: $0)?.end == match.end }),
                  let time = entries.timeSpan(context, from: start)?.captures,
                  Self.separates(Self.punctuation(before: start, tokens, scalars)),
                  !(match.end...next.start).contains(where: { Self.punctuation(before: $0, tokens, scalars).contains(where: Self.isBreak) }) else { continue }
            var own = match.captures
            own.values.removeAll { value in time.values.contains { $0.field == value.field } }
            guard own.values.contains(where: { !EntryMatcher.isTime($0.field) }), let led = next.captures.merging(time) else { continue }
            matches[index] = EntryMatch(kindIndex: match.kindIndex, start: match.start, end: start, captures: own)
            matches[index + 1] = EntryMatch(kindIndex: next.kindIndex, start: start, end: next.end, captures: led)
        }
        return matches
    }

    /// The split, where a capitalised name the lists lack took the amount said right after it
    /// from the entry of a listed name that follows ("gave Noah 4 puffs of ventolin", "gave Nana
    /// Rose 50mg cyclizine"): the amount is that entry's, and the name, a person given it, is
    /// left over with the words before it.
    private func givenToSomeone(_ split: Split, _ tokens: [Token], in input: String) -> Split {
        let scalars = Array(input.unicodeScalars)
        return Self.joiningNeighbours(split) { said, next in
            guard said.kindIndex == next.kindIndex, next.start >= said.end,
                  (said.end..<next.start).allSatisfy({ glueWords.contains(tokens[$0].text) }),
                  let (field, words) = said.captures.values.lazy.compactMap({ capture -> (String, Range<Int>)? in
                      if case .words(let start, let end) = capture.value { (capture.field, start..<end) } else { nil }
                  }).first,
                  words.count == 1, scalars[tokens[words.lowerBound].start].properties.isUppercase,
                  case .literal? = next.captures.value(of: field),
                  said.captures.values.contains(where: { $0.value.isNumeric && next.captures.value(of: $0.field) == nil }),
                  !Self.punctuation(before: next.start, tokens, scalars).contains(where: Self.isBreak) else { return nil }
            var own = said.captures
            own.values.removeAll { $0.field == field }
            guard let merged = next.captures.merging(own) else { return nil }
            return (EntryMatch(kindIndex: next.kindIndex, start: words.upperBound, end: next.end, captures: merged), Array(said.start..<words.upperBound))
        }
    }

    /// The words from each negation to the next break or word that joins clauses ("forgot to
    /// bolus" of "forgot to bolus, novorapid 5u now", "didn't note it" of "didn't note it then fed
    /// 130 ml"): an entry that starts in one ends there, so that what did not happen takes no
    /// entry said after it along. Not a correction ("ran 5k, no 6k, in 35 min").
    private func negatedSpans(_ tokens: [Token], in input: String, _ context: MatchContext) -> [Range<Int>] {
        let scalars = Array(input.unicodeScalars)
        func corrects(_ index: Int) -> Bool { takingBackWords.contains(tokens[index].text) && correctionFollows(index, tokens, context) }
        func ends(_ index: Int) -> Bool {
            Self.punctuation(before: index, tokens, scalars).contains(where: Self.isBreak) || clauseWords.contains(tokens[index].text)
        }
        return tokens.indices.filter { negates($0, tokens) && !corrects($0) }.map { negation in
            negation..<(((negation + 1)..<tokens.count).first(where: ends) ?? tokens.count)
        }
    }

    /// The split of the tokens into entries, asides and skipped words with the highest score;
    /// no entry starts in one of `closedSpans` and runs out of it (what a negation denies, a
    /// measure no kind logs and its number).
    private func bestSplit(_ context: MatchContext, closedSpans: [Range<Int>])
        -> (matches: [EntryMatch], ignored: [Int], asides: [Range<Int>], corrections: [(said: Range<Int>, correction: Range<Int>)]) {
        struct Step {
            var score: Int
            var entryCount: Int
            var from: Int
            var match: EntryMatch?
            var isAside = false
            /// The match says again fields of the entry before, taken back ("sorry, 7.2").
            var corrects = false
            /// The match is another reading of the kind before, said without its introduction.
            var continues = false
            /// The match gives the value the entry before lacked, past words that fit nothing.
            var completes = false
        }
        let commaBefore = context.commaBefore
        /// Whether the token is a word of any of the classes.
        func isAny(_ index: Int, _ classes: WordClass) -> Bool { !context.classes[index].isDisjoint(with: classes) }
        let count = context.count
        let lastIntroductions = entries.lastIntroductionStarts(context)
        var best = [Step?](repeating: nil, count: count + 1)
        best[0] = Step(score: 0, entryCount: 0, from: 0, match: nil)
        /// Whether `current`'s last entry wins a tie with `step`'s, as the later one, the only
        /// one of two entries that starts at a comma, or, of two kinds starting at the same
        /// word, the one that says again the kind just said ("pumped sixty on the left and forty
        /// five on the right" pumped 45 ml, no feed of 45 minutes), or said right before it, when
        /// no more of what is given or taken ("pumped left 40 right 55").
        func startsLater(_ current: Step, than step: Step) -> Bool {
            if current.match != nil, step.match != nil, commaBefore.contains(current.from) != commaBefore.contains(step.from) {
                return commaBefore.contains(current.from)
            }
            if current.from == step.from, let one = current.match, let other = step.match, one.kindIndex != other.kindIndex {
                if current.continues != step.continues { return current.continues }
                if let before = kindBefore(current.from), !grammar.kinds[before].isGivenOrTaken,
                   (one.kindIndex == before) != (other.kindIndex == before) {
                    return one.kindIndex == before
                }
            }
            return current.from >= step.from
        }
        /// The kind of the entry that the best split to `index` ends with, past skipped glue.
        func kindBefore(_ index: Int) -> Int? {
            entryBefore(index, passing: .glue, marked: [], needsMark: false)?.kindIndex
        }
        func offer(_ step: Step, at index: Int) {
            if step.match != nil, closedSpans.contains(where: { $0.contains(step.from) && index > $0.upperBound }) { return }
            // on a tie, words between two entries go with the one before ("sugar 180 before
            // dinner, gave 8 units"): the split whose last entry starts later wins, unless only
            // the other's starts at a comma ("tired, bad headache": the headache is bad)
            if let current = best[index],
               current.score > step.score || (current.score == step.score && current.entryCount < step.entryCount)
                || (current.score == step.score && current.entryCount == step.entryCount
                    && startsLater(current, than: step)) { return }
            best[index] = step
        }
        for index in 0..<count {
            guard let here = best[index] else { continue }
            // a number left over makes the line incomplete: skipping one costs more
            let isNumber = context.holdsNumber(at: index)
            let skipCost = isAny(index, [.glue, .returnWord]) ? 0 : isNumber ? 5 : 3
            offer(Step(score: here.score - skipCost, entryCount: here.entryCount, from: index, match: nil), at: index + 1)
            // an aside costs nothing: more than skipped words, less than free text or an entry
            func offerAside(to end: Int) {
                offer(Step(score: here.score + 2 * (end - index) - 3, entryCount: here.entryCount, from: index, match: nil, isAside: true), at: end)
            }
            entries.asideEnds(context, at: index).forEach(offerAside)
            // a count after a multiplication sign is how many of the entry before, never an entry
            // of its own ("senna 7.5mg x2 at bedtime" is no glucose of 2)
            if isNumber, index > 0, isAny(index - 1, .multiplier) { continue }
            // nor right after a word that says a value moved, where it is the change, not a
            // reading ("gained two pounds since yesterday", "down 2 lbs this week")
            if isNumber || isAny(index, .countOpener), index > 0, isAny(index - 1, .changeVerb) { continue }
            // nor a small whole count right after a larger unit, which is the smaller unit's count
            // (below 16, the ounces of a pound): "weighed 12 stone 6 after the gym" is no glucose of 6
            if isNumber, index > 0, isAny(index - 1, .largerUnit), !context.commaBefore.contains(index), context.tokens[safe: index + 1] != ":",
               context.numbers(at: index).contains(where: { $0.value.isWhole && $0.value < 16 }) { continue }
            let isCircumstance = index > 0 && isAny(index - 1, .circumstance)
                && entryBefore(index - 1, passing: .glue, marked: [], needsMark: false) != nil
            for kindIndex in grammar.kinds.indices where lastIntroductions[kindIndex].map({ index <= $0 }) ?? false {
                for match in entries.matches(kindIndex: kindIndex, context, at: index) {
                    if isCircumstance, !isComplete(match) {
                        offerAside(to: match.end)
                        continue
                    }
                    // a dose that names nothing, said right after a named one of its kind, is
                    // that one's dose: "bedtime 6.2 levemir 10 units" is no 6.2 units of levemir
                    // and 10 of insulin
                    let afterOneOfItsKind = here.match.map { $0.end == index && $0.kindIndex == kindIndex } ?? false
                    let unnamedAfterNamed = afterOneOfItsKind && grammar.kinds[kindIndex].isGivenOrTaken
                        && grammar.kinds[kindIndex].fields.contains("name") && !commaBefore.contains(index)
                        && match.captures.value(of: "name") == nil
                    let score = match.score - 1 - (isComplete(match) ? 0 : 1) - (unnamedAfterNamed ? 1 : 0)
                    offer(Step(score: here.score + score, entryCount: here.entryCount + 1,
                               from: index, match: match), at: match.end)
                }
            }
            // another reading of the kind just said, with only glue between ("glucose 6.7 before
            // breakfast and 9.8 after"), or an aside ("twin 1 temp 37.6, twin 2 38.2"): a whole
            // entry of that kind without its introduction; past an aside, not more of what is
            // given or taken ("amoxicillin 250mg, day 4 of the course")
            let beforeAside = entryBefore(index, passing: [.glue, .returnWord], marked: [.entryBreak, .returnWord], orComma: true, throughAsides: true)
            let justBefore = beforeAside.flatMap { grammar.kinds[$0.kindIndex].isGivenOrTaken
                ? entryBefore(index, passing: .glue, marked: .entryBreak, orComma: true) : $0 }
            if let previous = beforeAside, index == 0 || !isAny(index - 1, .change) {
                // after a comma alone, only a reading that ends the sentence or a part of it:
                // not "2" of "temp 37.8, it's 2 degrees outside"
                let afterComma = !(previous.end..<index).contains { isAny($0, [.entryBreak, .returnWord]) }
                func endsClause(_ match: EntryMatch) -> Bool { !afterComma || match.end == count || commaBefore.contains(match.end) }
                var more: [EntryMatch] = []
                if let justBefore {
                    // a kind that carries fields is given or taken: after "was" a number is a state
                    let saysState = grammar.kinds[justBefore.kindIndex].isGivenOrTaken
                        && (justBefore.end..<index).contains { isAny($0, .state) }
                    // and more of what was given or taken only where no word the grammar does not
                    // know follows, which may name something else ("gave 5ml calpol and 2
                    // wotsits" is no 2 ml of calpol)
                    let givenOrTaken = grammar.kinds[justBefore.kindIndex].isGivenOrTaken
                    // a reading of something felt, said again with what the one before said, names
                    // it as before ("headache 3/10 at 9am and 6/10 by 2pm"; "migraine again, 7/10"
                    // is one)
                    let restated = grammar.kinds[justBefore.kindIndex].restated
                    // a clock time alone is complete as the entry before once more ("wet nappy at
                    // 6 and 8:30"; not "up on yesterday")
                    func completes(_ match: EntryMatch) -> Bool {
                        isComplete(match) || EntryMatcher.isTimeOnly(match.captures) && EntryMatcher.saysClock(match.captures)
                            && isComplete(justBefore.captures.repeated(at: match.captures), of: justBefore.kindIndex)
                            || !restated.isEmpty && !EntryMatcher.isTimeOnly(match.captures) && match.captures.overlaps(justBefore.captures)
                            && isComplete(match.captures.carrying(restated, from: justBefore.captures), of: justBefore.kindIndex)
                    }
                    more = entries.matches(kindIndex: justBefore.kindIndex, context, at: index, introduction: .excluded)
                        .filter { !saysState && completes($0) && endsClause($0)
                            && (!givenOrTaken || $0.end == count || spelling.knows(context.tokens[$0.end]) || context.holdsNumber(at: $0.end))
                            && (!givenOrTaken || $0.captures.amountIsOfScale(with: justBefore.captures)) }
                }
                // a reading taken again after what was done about it ("bg 4.0, 10g carbs, 4.8 at
                // 3:05", "low 3.1, 5 jelly babies, 15 mins later 4.9", "bg 3.8 drank 150ml juice
                // then 5.2"): another reading of the kind before that; when the value would also
                // be more of what was done ("temp 39.2, calpol 5ml, 38.1"), neither is a guess
                var again: [EntryMatch] = []
                if let earlier = entryBefore(previous.start, passing: .glue, marked: .entryBreak, orComma: true, needsMark: false),
                   earlier.kindIndex != previous.kindIndex, recheckedKinds.contains(earlier.kindIndex) {
                    again = entries.matches(kindIndex: earlier.kindIndex, context, at: index, introduction: .excluded)
                        .filter { isComplete($0) && endsClause($0) && !EntryMatcher.isTimeOnly($0.captures) }
                }
                for match in again.isEmpty ? more : more.isEmpty ? again : [] {
                    offer(Step(score: here.score + match.score - 1, entryCount: here.entryCount + 1,
                               from: index, match: match, continues: true), at: match.end)
                }
            }
            // a reading said again with its own time or tag, straight after one said with its own:
            // "temp 38.3 at 2am 39.0 at 4am", "bg 8.1 before 6.4 after"
            if beforeAside == nil, let previous = here.match, previous.end == index,
               !grammar.kinds[previous.kindIndex].isGivenOrTaken, EntryMatcher.saysWhen(previous.captures) {
                for match in entries.matches(kindIndex: previous.kindIndex, context, at: index, introduction: .excluded)
                where isComplete(match) && !EntryMatcher.isTimeOnly(match.captures) && EntryMatcher.saysWhen(match.captures) {
                    offer(Step(score: here.score + match.score - 1, entryCount: here.entryCount + 1,
                               from: index, match: match, continues: true), at: match.end)
                }
            }
            // the value an entry lacks, said after a few words that fit nothing and hold no
            // number ("hr in the queue at tesco, 134", "blood sugar um let me see 7.3"):
            // that entry's, completed
            if let lacking = entryLacking(before: index) {
                for match in entries.matches(kindIndex: lacking.kindIndex, context, at: index, introduction: .excluded)
                where !match.captures.overlaps(lacking.captures) && !EntryMatcher.isTimeOnly(match.captures)
                    && isComplete(lacking.captures.correcting(with: match.captures), of: lacking.kindIndex) {
                    offer(Step(score: here.score + match.score, entryCount: here.entryCount,
                               from: index, match: match, completes: true), at: match.end)
                }
            }
            // the same fields said again after words that take them back ("glucose 8.2, sorry,
            // 7.2", "bp 140/90 no 130/90"): the entry before, corrected (merged below); "no"
            // after "and" or a pause, before words that hold no number, says there was none
            // ("water and no tea", "water, no tea"; but "left no right", "left, no, right",
            // "dexamethasone... no betamethasone 12mg")
            let denies = index > 1 && negationWords.contains(context.tokens[index - 1])
                && (clauseWords.contains(context.tokens[index - 2]) || commaBefore.contains(index - 1)) && !commaBefore.contains(index)
                && !takingBackWords.contains(context.tokens[index])
                && !(index..<min(index + 4, count)).contains(where: context.holdsNumber)
            if !denies, let previous = entryBefore(index, passing: [.glue, .takingBack], marked: .takingBack) {
                // "no wait at eleven" says the time again, not the dose
                let saysTime = [index, index - 1].contains { $0 >= 0 && (entries.timeSpan(context, from: $0)?.end ?? 0) > index }
                func hasTime(_ captures: Captures) -> Bool { captures.values.contains { $0.field.hasPrefix("time") } }
                for match in entries.matches(kindIndex: previous.kindIndex, context, at: index, introduction: .optional)
                where saysTime ? hasTime(match.captures) && hasTime(previous.captures) : match.captures.overlaps(previous.captures) {
                    // a point above the same words read as another entry of the kind
                    offer(Step(score: here.score + match.score, entryCount: here.entryCount + 1,
                               from: index, match: match, corrects: true), at: match.end)
                }
            }
        }
        /// The entry that the best split to `index` ends with, when only skipped words that
        /// `passing` accepts follow it (and asides, `throughAsides`), one of `marked` among them
        /// unless no mark is needed: glue with "and" or "then" for another entry of the kind,
        /// "sorry" or "no" for a correction.
        func entryBefore(_ index: Int, passing: WordClass, marked: WordClass, orComma: Bool = false,
                         throughAsides: Bool = false, needsMark: Bool = true) -> EntryMatch? {
            var end = index
            var isMarked = orComma && commaBefore.contains(index)
            while end > 0, let step = best[end], step.match == nil, step.isAside ? throughAsides : isAny(step.from, passing) {
                isMarked = isMarked || isAny(step.from, marked) || (orComma && commaBefore.contains(step.from))
                end = step.from
            }
            guard isMarked || !needsMark, let match = best[end]?.match, match.end == end else { return nil }
            return match
        }
        /// The reading or the activity that lacks a value its kind needs, when 1 to 6 skipped
        /// words lie between it and `index`, none a number or a word the grammar knows beyond glue
        /// (which may say what the value is not: "sugar between 6 and 7", "low alarm set to 4.2").
        /// What is given or taken says its amount beside it: "FF says I ovulated on CD 16" is no
        /// feed of 16 ml.
        func entryLacking(before index: Int) -> EntryMatch? {
            var end = index
            while end > 0, index - end <= 6, let step = best[end], step.match == nil, !step.isAside,
                  !context.holdsNumber(at: step.from),
                  glueWords.contains(context.tokens[step.from]) || !spelling.knows(context.tokens[step.from]) {
                end = step.from
            }
            guard end < index, let match = best[end]?.match, match.end == end, !isComplete(match),
                  !grammar.kinds[match.kindIndex].isGivenOrTaken else { return nil }
            return match
        }
        var steps: [Step] = []
        var ignored: [Int] = []
        var asides: [Range<Int>] = []
        var index = count
        while index > 0, let step = best[index] {
            if step.match != nil {
                steps.append(step)
            } else if step.isAside {
                asides.append(step.from..<index)
            } else {
                ignored.append(step.from)
            }
            index = step.from
        }
        // a correction takes the place of what it says again, with the words between
        var matches: [EntryMatch] = []
        var corrections: [(said: Range<Int>, correction: Range<Int>)] = []
        for step in steps.reversed() {
            guard var match = step.match else { continue }
            if step.completes, var completed = matches.last {
                completed.captures = completed.captures.correcting(with: match.captures)
                completed.end = match.end
                matches[matches.count - 1] = completed
                continue
            }
            guard step.corrects, var corrected = matches.last else {
                // what did not happen lends nothing: "didn't take paracetamol, 500 mg" names no dose
                if let previous = matches.last, closedSpans.contains(where: { $0.contains(previous.start) }) {
                    matches.append(match)
                    continue
                }
                // what is said again continues the last entry of its kind
                let previous = step.continues ? matches.last(where: { $0.kindIndex == match.kindIndex }) : matches.last
                if let previous, step.continues, EntryMatcher.isTimeOnly(match.captures) {
                    // a time alone is the entry before once more: "paracetamol 1g at 3am and 9am";
                    // a day said after both times is the day of both ("at 8am and 8pm yesterday")
                    if let last = matches.lastIndex(where: { $0.start == previous.start }) {
                        matches[last].captures = previous.captures.onDay(of: match.captures)
                    }
                    match.captures = previous.captures.repeated(at: match.captures)
                } else if let previous, step.continues || isAnotherDose(match, after: previous, context) {
                    let kind = grammar.kinds[match.kindIndex]
                    match.captures = match.captures.carrying(kind.carried + kind.restated, from: previous.captures)
                        .takingUnit(from: previous.captures)
                }
                matches.append(match)
                continue
            }
            ignored.removeAll { (corrected.end..<match.start).contains($0) }
            corrections.append((corrected.start..<corrected.end, corrected.end..<match.end))
            corrected.captures = corrected.captures.correcting(with: match.captures)
            corrected.end = match.end
            matches[matches.count - 1] = corrected
        }
        let joined = joiningRestatedSymptoms(joiningSplitReadings(joiningSplitDoses(matches, context, closedSpans: closedSpans, asides: asides), context), context)
        return (joined, ignored.reversed(), asides.reversed(), corrections)
    }

    /// A reading of a kind of `pieced_kinds` said in two pieces next to each other, one whole and
    /// one lacking what its kind requires, with no comma or word that adds another between
    /// ("turbo ride 75 min", "walked for ten hours on the hike", "treadmill 40 min incline
    /// walk"), is one reading, named as the whole one names it.
    private func joiningSplitReadings(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        Self.joiningNeighbours(matches) { previous, match in
            guard piecedKinds.contains(grammar.kinds[match.kindIndex].name), isComplete(previous) != isComplete(match),
                  !(previous.end...match.start).contains(where: context.commaBefore.contains),
                  !(previous.end..<match.start).contains(where: { addingWords.contains(context.tokens[$0]) }) else { return nil }
            var (whole, piece) = isComplete(previous) ? (previous.captures, match.captures) : (match.captures, previous.captures)
            if whole.value(of: "name") != nil { piece.values.removeAll { $0.field == "name" } }
            return whole.merging(piece)
        }
    }

    /// A dose said in two pieces next to each other, one with its amount and one without, each
    /// naming its medicine by its class (`medicine_classes`) or not at all but for at most one
    /// ("Lantus since 2012, 24 units last night", "gave mam her insulin, novorapid 4 units",
    /// "inhaler 2 puffs salbutamol"), is one dose, named by its own name. Nothing that says a
    /// number lies between but in an aside after the piece without an amount ("Lantus since 2012,
    /// 24 units"), and nothing denied joins.
    private func joiningSplitDoses(_ matches: [EntryMatch], _ context: MatchContext, closedSpans: [Range<Int>],
                                   asides: [Range<Int>]) -> [EntryMatch] {
        Self.joiningNeighbours(matches) { previous, match in
            guard grammar.kinds[match.kindIndex].carried.contains("name"),
                  previous.captures.holdsAny(of: ["amount"]) != match.captures.holdsAny(of: ["amount"]),
                  !(previous.end..<match.start).contains(where: { index in
                      context.holdsNumber(at: index) && (previous.captures.holdsAny(of: ["amount"]) || !asides.contains { $0.contains(index) }) }),
                  !closedSpans.contains(where: { $0.contains(previous.start) || $0.contains(match.start) }) else { return nil }
            let names = [previous, match].map { saidName($0.captures, context) }
            let isClass = names.map { $0.map(medicineClasses.contains) ?? true }
            guard isClass[0] || isClass[1] else { return nil }
            var (first, second) = (previous.captures, match.captures)
            // the class gives way to the medicine's own name
            if names[0] != nil, names[1] != nil {
                if isClass[0] { first.values.removeAll { $0.field == "name" } } else { second.values.removeAll { $0.field == "name" } }
            }
            return first.merging(second)
        }
    }

    /// A symptom said plainly, then again in the next words by another of its names with how bad
    /// it is ("exhausted, fatigue 8/10", "felt sick after dinner, mild nausea"), is one symptom,
    /// named as said the second time.
    private func joiningRestatedSymptoms(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        Self.joiningNeighbours(matches) { previous, match in
            guard match.kindIndex == symptomKind,
                  !previous.captures.holdsAny(of: ["severity", "score"]), match.captures.holdsAny(of: ["severity", "score"]),
                  let symptom = saidName(previous.captures, context).flatMap({ restatedSymptoms[$0] }),
                  symptom == saidName(match.captures, context).flatMap({ restatedSymptoms[$0] }) else { return nil }
            var plain = previous.captures
            plain.values.removeAll { $0.field == "name" }
            return match.captures.merging(plain)
        }
    }

    /// The matches, each joined into the one before it, of its kind, where `join` gives the two
    /// as one.
    private static func joiningNeighbours(_ matches: [EntryMatch], _ join: (EntryMatch, EntryMatch) -> Captures?) -> [EntryMatch] {
        var joined: [EntryMatch] = []
        for match in matches {
            if let previous = joined.last, previous.kindIndex == match.kindIndex, let merged = join(previous, match) {
                joined[joined.count - 1].captures = merged
                joined[joined.count - 1].end = match.end
            } else {
                joined.append(match)
            }
        }
        return joined
    }

    /// The name an entry's captures give it (a dose's medicine, a symptom), in lower case.
    private func saidName(_ captures: Captures, _ context: MatchContext) -> String? {
        switch captures.value(of: "name") {
        case .literal(let name)?: name
        case .words(let start, let end)?: context.tokens[start..<end].joined(separator: " ")
        default: nil
        }
    }

    /// Whether a whole entry said right after another of its kind, with only glue between, is
    /// more of the same: it names none of the fields the kind carries, and its amount is in the
    /// same unit ("novorapid 4u at breakfast and 6u at lunch" is novorapid twice; "paracetamol
    /// 1g and 10 units" is not).
    private func isAnotherDose(_ match: EntryMatch, after previous: EntryMatch, _ context: MatchContext) -> Bool {
        let carried = grammar.kinds[match.kindIndex].carried
        guard match.kindIndex == previous.kindIndex, !carried.isEmpty, !match.captures.holdsAny(of: carried),
              (previous.end..<match.start).allSatisfy({ glueWords.contains(context.tokens[$0]) }) else { return false }
        let unit = Self.amountUnit(match.captures)
        return unit != nil && unit == Self.amountUnit(previous.captures)
    }

    /// The unit an amount was said in, whole ("4u") or in pieces.
    private static func amountUnit(_ captures: Captures) -> String? {
        switch captures.value(of: "amount") ?? captures.value(of: "amount.unit") {
        case .quantity(_, let unit, _)?, .literal(let unit)?: unit
        default: nil
        }
    }

    /// Whether the match holds the fields its kind always requires. Each entry costs a
    /// point and an incomplete one another, so that one whole entry beats two pieces.
    /// A time the kind requires counts when `timeInParts` and any part of one is said ("tues
    /// 3:15pm" holds time.weekday, time.hour, ...).
    private func isComplete(_ match: EntryMatch, timeInParts: Bool = false) -> Bool {
        isComplete(match.captures, of: match.kindIndex, timeInParts: timeInParts)
    }

    private func isComplete(_ captures: Captures, of kindIndex: Int, timeInParts: Bool = false) -> Bool {
        requiredFields[kindIndex].allSatisfy { fields in
            fields.contains { field in
                timeInParts && field == "time" ? captures.values.contains { EntryMatcher.isTime($0.field) } : captures.value(of: field) != nil
            }
        }
    }

}
