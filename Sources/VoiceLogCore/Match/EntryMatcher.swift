/// Finds the entries of each kind that can start at a token: one introduction, and parts
/// before or after it in any order, each field captured once.
///
/// Every introduction and part is numbered; its matches at a token are computed once per
/// utterance and merged into each path's captures, and a search state (place, introduced,
/// fields held) already reached with a better score is not explored again.
final class EntryMatcher: Sendable {
    let patterns: PatternMatcher
    /// Every introduction and part of every kind, and the common parts, numbered.
    private let allPatterns: [CompiledPattern]
    /// The patterns that can start with a word, with a number, or with anything (free text).
    private let patternsByFirstWord: [[Int]]
    private let patternsStartingWithNumbers: [Int]
    private let patternsStartingAnywhere: [Int]
    /// Whether each pattern opens with words taken as said (free text, a rule's words): as a
    /// part, it comes after the introduction.
    private let startsWithText: [Bool]
    /// Whether each pattern may open with words of any kind taken as said (`text`, not
    /// `text(LIST)`).
    private let opensWithAnyWords: [Bool]
    private let introductions: [Range<Int>]
    /// The numbers of all kinds' introductions and parts, and the kind of each introduction
    /// among them (-1 for a part): `[pattern - introductionPatterns.lowerBound]`.
    private let introductionPatterns: Range<Int>
    private let kindOfIntroduction: [Int32]
    /// Each kind's parts, as runs of pattern numbers tried in order: its own, then the common
    /// parts.
    private let parts: [[Range<Int>]]
    /// Each kind's parts when an utterance is read again (`MatchContext.rereading`): its
    /// `reread part` lines first, then the others.
    private let rereadParts: [[Range<Int>]]
    /// Whether each kind is given or taken (`EntryKind.isGivenOrTaken`).
    private let givenOrTaken: [Bool]
    /// The parts every kind shares (times), numbered first.
    let commonParts: Range<Int>
    /// The asides ("my 6 week old"), numbered last.
    private let asides: Range<Int>
    /// The words each pattern cannot match without, to rule patterns out per utterance.
    private let anchors: PatternAnchors
    /// A bit for each field name, to key search states by the fields they hold.
    private let fieldBits: [String: UInt64]
    /// Words by which a time that ends a line is every entry's: joining them ("and"), or right
    /// before it ("all"); see `sharingTime`.
    let timeSharingJoins: Set<String>
    /// What a score is out of ("10" of "6/10"): a score at a clause's end, a few words after a
    /// symptom, is its own.
    let scoreBases: Set<String>
    let timeSharingWords: Set<String>
    /// Words by which an entry says it is now, taking no time from the entry before it.
    let timePresentWords: Set<String>
    /// Fields that, said at the end of a list of entries of one kind, are each one's; see
    /// `sharingEndFields`.
    let sharedAtEnd: Set<String>
    /// How many partial matches one start position may explore.
    static let searchBudget = 4000

    init(patterns: PatternMatcher) {
        self.patterns = patterns
        let grammar = patterns.grammar
        var all: [Pattern] = grammar.commonParts
        let common = all.indices
        var introductions: [Range<Int>] = []
        var parts: [[Range<Int>]] = []
        var rereadParts: [[Range<Int>]] = []
        for kind in grammar.kinds {
            introductions.append(all.count..<all.count + kind.introductions.count)
            all += kind.introductions
            let rereadStart = all.count + kind.parts.count - kind.rereadPartCount
            parts.append([all.count..<rereadStart, common])
            // first, so that they win a tie with the reading they stand for
            rereadParts.append([rereadStart..<all.count + kind.parts.count] + parts[parts.count - 1])
            all += kind.parts
        }
        introductionPatterns = common.count..<all.count
        var kindOfIntroduction = [Int32](repeating: -1, count: introductionPatterns.count)
        for (kindIndex, patterns) in introductions.enumerated() {
            for pattern in patterns { kindOfIntroduction[pattern - common.count] = Int32(kindIndex) }
        }
        self.kindOfIntroduction = kindOfIntroduction
        asides = all.count..<all.count + grammar.asides.count
        all += grammar.asides
        allPatterns = all.map { CompiledPattern($0, matcher: patterns) }
        anchors = PatternAnchors(all, matcher: patterns)
        var byWord = [[Int]](repeating: [], count: patterns.words.count)
        var byNumber: [Int] = []
        var anywhere: [Int] = []
        for (index, pattern) in all.enumerated() {
            guard let words = patterns.firstWords(of: pattern) else {
                anywhere.append(index)
                continue
            }
            for word in words {
                if word == PatternMatcher.numberStart { byNumber.append(index) } else { byWord[Int(word)].append(index) }
            }
        }
        patternsByFirstWord = byWord
        patternsStartingWithNumbers = byNumber
        patternsStartingAnywhere = anywhere
        let startsAnywhere = Set(anywhere)
        startsWithText = all.indices.map { startsAnywhere.contains($0) || all[$0].mayOpenWithRuleWords }
        opensWithAnyWords = all.map(\.mayOpenWithAnyWords)
        self.introductions = introductions
        self.parts = parts
        self.rereadParts = rereadParts
        givenOrTaken = grammar.kinds.map(\.isGivenOrTaken)
        commonParts = common.indices
        var bits: [String: UInt64] = [:]
        for field in Set(all.flatMap(\.capturedFields) + grammar.lists.values.flatMap { $0.phrases.flatMap { $0.assignments.map { Captures.softPrefix + $0.field } } }) {
            bits[field] = 1 << UInt64(bits.count % 64)
        }
        fieldBits = bits
        timeSharingJoins = grammar.words(of: "time_sharing_joins")
        scoreBases = grammar.words(of: "score_bases")
        timeSharingWords = grammar.words(of: "time_sharing_words")
        timePresentWords = grammar.words(of: "time_present_words")
        sharedAtEnd = grammar.words(of: "shared_at_end")
    }

    /// Whether a match needs one of its kind's introductions.
    enum IntroductionRule {
        /// A whole entry: exactly one introduction (what a sentence holds).
        case required
        /// Parts, with or without an introduction ("ibuprofen" for a medicine's name).
        case optional
        /// Parts only ("6.8 before dinner", "at 7:30").
        case excluded
    }

    /// The best match of the kind for each end position, starting at `start`.
    func matches(kindIndex: Int, _ context: MatchContext, at start: Int,
                 introduction: IntroductionRule = .required) -> [EntryMatch] {
        var best = [EntryMatch?](repeating: nil, count: context.count + 1)
        var reached = SearchStates()
        var budget = Self.searchBudget

        /// `fields`: the bits of the fields `captures` hold.
        func extend(_ index: Int, _ introduced: Bool, _ captures: Captures, _ fields: UInt64) {
            budget -= 1
            guard budget > 0 else { return }
            guard reached.reach(index: index, introduced: introduced, fields: fields, penalty: captures.penalty) else { return }
            if introduced || (introduction != .required && index > start) {
                let candidate = EntryMatch(kindIndex: kindIndex, start: start, end: index, captures: captures)
                if best[index].map({ $0.score < candidate.score }) ?? true { best[index] = candidate }
            }
            guard index < context.count else { return }
            let startable = startablePatterns(context, at: index)
            // a bare number before what was given or taken, with a comma between, is not its
            // dose: "headache at work, 10, took paracetamol" is no 10 tablets
            if !introduced && introduction != .excluded
                && !(givenOrTaken[kindIndex] && index > start && context.commaBefore.contains(index)
                     && !captures.values.isEmpty && captures.values.allSatisfy({ $0.value.isNumeric })) {
                startable.forEach(in: introductions[kindIndex]) { pattern in
                    for (end, found, foundFields) in matches(of: pattern, context, at: index) {
                        if let merged = captures.merging(found) { extend(end, true, merged, fields | foundFields) }
                    }
                }
            }
            // a part that opens with free text comes after the introduction: before it, such
            // words are who did it ("Theo had 30g carbs"), not what; and words of any kind do
            // not open one after a comma, where they start a remark ("weight 68.4 kg after
            // breakfast, on the same scales as usual"), but words that name it may ("had dinner
            // at 7pm, chicken stir fry")
            let afterComma = context.followsComma(index)
            for run in (context.rereading ? rereadParts : parts)[kindIndex] {
                startable.forEach(in: run) { pattern in
                    guard introduced || !startsWithText[pattern], !(afterComma && opensWithAnyWords[pattern]) else { return }
                    for (end, found, foundFields) in matches(of: pattern, context, at: index) {
                        if let merged = captures.merging(found) { extend(end, introduced, merged, fields | foundFields) }
                    }
                }
            }
            // parts said before "and" go with the entry before it, not with an introduction
            // after it: "bedtime 5.6 and levemir 14 units" gives levemir no 5.6; and what is
            // given or taken goes on after a comma with no "was": "3u correction at 6am, was
            // 16.1" is no dose of 16.1
            let word = context.classes[index]
            if index > start, word.contains(.glue),
               introduced || introduction == .excluded || !word.contains(.entryBreak),
               !(givenOrTaken[kindIndex] && word.contains(.state) && context.commaBefore.contains(index)) {
                var skipped = captures
                // glue that joins entries ("and") costs more inside one than between two, so
                // that words after it go with the entry they stand before; "another" and
                // "again" most of all ("tea at 7:30 and another at 9" is no tea counted 9 times);
                // a name after a comma, as much as "and" ("Leo 5oz, Luca formula" is two feeds)
                let namesAnother = word.contains(.givenName) && context.commaBefore.contains(index)
                skipped.penalty += word.contains(.repeatWord) ? 8 : word.contains(.entryBreak) || namesAnother ? 3 : 2
                extend(index + 1, introduced, skipped, fields)
            }
        }

        extend(start, false, Captures(), 0)
        return best.compactMap { $0 }
    }

    /// For each kind, the last token at which one of its introductions matches, or nil when
    /// none does: a whole entry of the kind cannot start after that token, so the split of an
    /// utterance tries each kind only where it can.
    func lastIntroductionStarts(_ context: MatchContext) -> [Int?] {
        var last = [Int?](repeating: nil, count: introductions.count)
        for index in stride(from: context.count - 1, through: 0, by: -1) {
            startablePatterns(context, at: index).forEach(in: introductionPatterns) { pattern in
                let kindIndex = Int(kindOfIntroduction[pattern - introductionPatterns.lowerBound])
                if kindIndex >= 0, last[kindIndex] == nil, !matches(of: pattern, context, at: index).isEmpty {
                    last[kindIndex] = index
                }
            }
        }
        return last
    }

    /// The ends of the asides that start at a token ("6 weeks old", "day 3 of").
    func asideEnds(_ context: MatchContext, at index: Int) -> Set<Int> {
        let startable = startablePatterns(context, at: index)
        var ends: Set<Int> = []
        startable.forEach(in: asides) { pattern in
            for (end, _, _) in matches(of: pattern, context, at: index) { ends.insert(end) }
        }
        // a lone number after a comma, at the aside's end, is its own only after a name ("Mrs
        // Kelly, 88"): "headache on the bus, 8" leaves the 8 unread
        return ends.filter { end in
            let last = end - 1
            return last <= index || !context.commaBefore.contains(last) || context.numbers(at: last).isEmpty
                || context.classes[last - 1].contains(.glue)
        }
    }

    private func mask(_ captures: Captures) -> UInt64 {
        captures.values.reduce(0) { $0 | (fieldBits[$1.field] ?? 0) }
    }

    /// Which patterns may start at a token, worked out once per token of the utterance: those
    /// whose first word is there, whose anchors all lie ahead.
    func startablePatterns(_ context: MatchContext, at index: Int) -> PatternSet {
        context.startablePatterns(at: index) {
            let last = context.anchorPositions {
                anchors.lastPositions(context) { patterns.startsNumber(context, at: $0) || context.hasDigit[$0] }
            }
            var startable = PatternSet(count: allPatterns.count)
            for pattern in patternsStartingAnywhere where anchors.allAhead(of: pattern, at: index, last) { startable.insert(pattern) }
            let word = context.ids[index]
            if word >= 0 {
                for pattern in patternsByFirstWord[Int(word)] where anchors.allAhead(of: pattern, at: index, last) {
                    startable.insert(pattern)
                }
            }
            if patterns.startsNumber(context, at: index) {
                for pattern in patternsStartingWithNumbers where anchors.allAhead(of: pattern, at: index, last) {
                    startable.insert(pattern)
                }
            }
            return startable
        }
    }

    /// A match of one pattern: where it ends, what it captured and the bits of those fields.
    typealias PatternMatch = (end: Int, captures: Captures, fields: UInt64)

    /// The non-empty matches of a pattern at a token, from the utterance's cache.
    func matches(of pattern: Int, _ context: MatchContext, at index: Int) -> [PatternMatch] {
        context.patternMatches(pattern, at: index) {
            var found: [PatternMatch] = []
            patterns.match(allPatterns[pattern], context, at: index, Captures()) { end, captures in
                if end > index { found.append((end, captures, mask(captures))) }
            }
            return found
        }
    }
}
