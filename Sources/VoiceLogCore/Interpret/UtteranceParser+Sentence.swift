/// How a sentence is shaped around its entries: ranges and choices, numbers said again,
/// readings listed with commas, clauses of what did not happen, remarks, and the words it
/// opens with.
extension UtteranceParser {
    /// The tokens of a range or a choice ("60 to 90", "6-7", "135/85 or maybe 135/88") that the
    /// split read as two entries of one kind: the first ends with a number, the second starts
    /// with one, and only "to", a dash or "or" stands between them, perhaps with a "maybe".
    static func range(between matches: [EntryMatch], ignored: [Int], _ context: MatchContext) -> Range<Int>? {
        for (first, second) in zip(matches, matches.dropFirst()) where first.kindIndex == second.kindIndex {
            let between = first.end..<second.start
            let words = between.map { context.tokens[$0] }
            guard (1...2).contains(between.count), between.allSatisfy(ignored.contains),
                  ["to", "-", "or"].contains(words[0]), words.dropFirst().allSatisfy(["maybe", "perhaps", "possibly"].contains),
                  !context.numbers(at: first.end - 1).isEmpty, !context.numbers(at: second.start).isEmpty else { continue }
            return (first.end - 1)..<(second.start + 1)
        }
        return nil
    }

    /// A number taken back by the words that follow it and said again: "eighty no ninety
    /// mls", "fifty minutes no fifty five", "four hundred ml no make that five hundred", "4oz
    /// oh no 3oz", "no hang on 5". The tokens with the first number (and the taking-back words)
    /// left out, a unit said only after the first number moved after the second; `said` is the
    /// number taken back and `correction` the words from the taking back to the end of the new
    /// number.
    func selfRepair(of tokens: [Token]) -> (tokens: [Token], said: Range<Int>, correction: Range<Int>)? {
        let words = tokens.map(\.text)
        let context = entries.patterns.context(for: words)
        let markers = takingBackWords.union(["i", "that", "on"])
        for takingBack in words.indices where takingBackWords.contains(words[takingBack]) && takingBack > 0 {
            var end = takingBack
            while end < words.count, end - takingBack < 3, markers.contains(words[end]) { end += 1 }
            guard let new = context.numbers(at: end).max(by: { $0.end < $1.end }) else { continue }
            // "oh" said before taking back is part of it
            let start = takingBack > 1 && words[takingBack - 1] == "oh" ? takingBack - 1 : takingBack
            // the number before, ending at the taking back or one word (its unit) before it
            for unitCount in 0...1 {
                let numberEnd = start - unitCount
                guard let first = (0..<numberEnd).first(where: { index in
                    context.numbers(at: index).contains { $0.end == numberEnd }
                        && (index == 0 || !["/", "over", "-"].contains(words[index - 1]))
                }) else { continue }
                var repaired = Array(tokens[..<first]) + tokens[end..<new.end]
                // the word after the first number is its unit, unless it is a point left unsaid ("six
                // point no sorry seven point six")
                if unitCount == 1, words[safe: new.end] != words[numberEnd], !pointWords.contains(words[numberEnd]) {
                    repaired.append(tokens[numberEnd])
                }
                repaired += tokens[new.end...]
                return (repaired, first..<start, start..<new.end)
            }
        }
        return nil
    }

    /// What stands before each token, in one pass over the input: the tokens a break (`isBreak`)
    /// stands before ("sugar 6.9 fasting, 8.9 after breakfast" lists two readings, as "and"
    /// would; "so expect chaos. Omeprazole 40mg" names no medicine "so expect chaos"), but for a
    /// full stop after a word of `shortened` ("Dr. Okafor"); and those a dropped filler other than
    /// a hesitation stands before, which no number runs across ("sugar one ninety, about two
    /// hours ago" is no 192 hours); and those that start a sentence of their own, after a full
    /// stop, "!", "?", ";" or "|" ("fed 120ml, 6am. slept 2 hrs").
    static func marksBefore(_ tokens: [Token], in input: String, breakingNumbers: Set<String>, shortened: Set<String>)
        -> (commaBefore: Set<Int>, numberBreaks: Set<Int>, stopBefore: Set<Int>) {
        let scalars = Array(input.unicodeScalars)
        var commaBefore: Set<Int> = []
        var numberBreaks: Set<Int> = []
        var stopBefore: Set<Int> = []
        for index in tokens.indices.dropFirst() {
            let gap = punctuation(before: index, tokens, scalars)
            let fullStop = gap.contains(".") && !shortened.contains(tokens[index - 1].text)
            if gap.contains(where: { isBreak($0) && $0 != "." }) || fullStop {
                commaBefore.insert(index)
            }
            if fullStop || gap.contains(where: { "!?;|".unicodeScalars.contains($0) }) { stopBefore.insert(index) }
            if dropped(before: index, tokens, scalars).contains(where: breakingNumbers.contains) { numberBreaks.insert(index) }
        }
        return (commaBefore, numberBreaks, stopBefore)
    }

    /// The words dropped (filler) between the token at `index` and the one before it.
    static func dropped(before index: Int, _ tokens: [Token], _ scalars: [Unicode.Scalar]) -> [String] {
        let gap = punctuation(before: index, tokens, scalars)
        guard gap.contains(where: \.isAlphabetic) else { return [] }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: gap)
        return Tokenizer.tokens(of: String(text)).map(\.text)
    }

    /// Whether the word at `index` says that what follows did not happen, or is yet to: a plan
    /// word only before what is planned, "to" or "a" aside ("will take", "planning 40g carbs", "going to
    /// take 6 units"; not "will be", "gonna log" or "going to bed").
    func negates(_ index: Int, _ tokens: [Token]) -> Bool {
        let word = tokens[index].text
        guard negationOrPlanWords.contains(word) else { return false }
        let negation = negationWords.contains(word)
        guard planWords.contains(word) else { return true }
        // what is planned comes next, or after "to", or after "a" for a plan word ("planning a
        // 10k run"); a word of `plan_openers` only after "to" ("going to take", not "going mad"),
        // or one of `plans_for` before "for a" ("going for a walk later")
        let between = tokens[safe: index + 1]?.text
        if plansFor.contains(word), between == "for", let next = tokens[safe: index + 2]?.text, next == "a" || next == "an" { return true }
        let skipsOne = between == "to" || (negation && (between == "a" || between == "an"))
        guard negation || between == "to", let next = tokens[safe: skipsOne ? index + 2 : index + 1]?.text else { return false }
        return planActions.contains(next) || next.holdsNumber
    }

    /// Whether the word is glue that joins no clauses ("i", "the"; not "and", "but"), which may
    /// lie between an entry and the negation that speaks of it.
    func joinsNoClauses(_ word: String) -> Bool { glueWords.contains(word) && !clauseWords.contains(word) }

    /// The entry that the words at `index` say did not happen, said right after it ("fybogel
    /// skipped, constipation mild", "metformin not taken yet"): from the entry's start to the
    /// end of the clause, which only a few words may reach. Nil when the words are no such words.
    func negatedEntryBefore(_ index: Int, matches: [EntryMatch], tokens: [Token], input: String) -> Range<Int>? {
        var end = index + 1
        if !afterNegations.contains(tokens[index].text) {
            guard negationWords.contains(tokens[index].text), let next = tokens[safe: index + 1], notDone.contains(next.text) else { return nil }
            end += 1
        }
        let scalars = Array(input.unicodeScalars)
        func breakBefore(_ token: Int) -> Bool { Self.endsClause(before: token, tokens, scalars) }
        // "appointment with oncology on Wednesday is cancelled", "paracetamol offered but
        // refused", not "fed 5 min then refused"
        let between = { self.joinsNoClauses(tokens[$0].text) || self.offerWords.contains(tokens[$0].text) }
        guard let entry = matches.last(where: { $0.end <= index && ($0.end..<index).allSatisfy(between) }),
              !(entry.end...index).contains(where: breakBefore) else { return nil }
        let tail = end
        while end < tokens.count, end < tail + 3, !breakBefore(end), afterNegationTails.contains(tokens[end].text) { end += 1 }
        guard end == tokens.count || breakBefore(end) else { return nil }
        return entry.start..<end
    }

    /// The clause that the negation at `index` says did not happen, to the next break (",", ".",
    /// "and", "but"...) or the end: after the entries, from right after one or from the last
    /// break ("sugar 15.9 high, missed my glycomet"); or before them all, from the start to a
    /// break ("wouldn't touch his breakfast, he just had tea"). Nil when it cuts an entry or
    /// holds a number; `lacksValue` when it says what an entry lacks ("forgot how much").
    /// - Parameter takesBack: whether the negation may also take back what was said ("no"):
    ///   then only punctuation bounds a clause ("oxygen 94 no wait" is a correction).
    func negatedClause(at index: Int, after matches: [EntryMatch], tokens: [Token], input: String,
                       takesBack: Bool, _ context: MatchContext) -> (range: Range<Int>, lacksValue: Bool)? {
        let scalars = Array(input.unicodeScalars)
        func breakBefore(_ token: Int) -> Bool { Self.endsClause(before: token, tokens, scalars) }
        // a clause also starts at a word that joins clauses ("and she didn't need to stop"); a
        // word that takes back is a correction before a number or another such word ("no 90",
        // "no wait"), else a negation as any other ("no bloating for once plus ...")
        let correcting = takesBack && correctionFollows(index, tokens, context)
        func opensClause(_ token: Int) -> Bool { breakBefore(token) || (!correcting && clauseWords.contains(tokens[token].text)) }
        // right after an entry, past glue that joins no clauses ("period pain so bad i can't stand up")
        let entryEnd = correcting ? nil : matches.last { $0.end <= index && ($0.end..<index).allSatisfy { self.joinsNoClauses(tokens[$0].text) } }?.end
        let end = ((index + 1)..<tokens.count).first(where: opensClause) ?? tokens.count
        let clause: Range<Int>
        /// Whether the clause follows the entries and opens with the negation after a break:
        /// then a number in it is what did not happen ("levemir 6 units last night, missed the
        /// morning 6"), unless an entry starts in it ("temp won't come down, 39.6").
        var opensAfterBreak = false
        if index > 0, let start = entryEnd ?? (1...index).reversed().first(where: opensClause),
           matches.contains(where: { $0.end <= start }), !matches.contains(where: { $0.start < start && $0.end > start }) {
            // after the entries: from the negation, when an entry ends right before it ("bs 17.3
            // forgot to bolus"), or from the last break before it
            clause = start..<end
            opensAfterBreak = !correcting && start == index && breakBefore(index) && !matches.contains { clause.contains($0.start) }
        } else if !correcting, !matches.contains(where: { $0.end <= index }), end < tokens.count, breakBefore(end) || clauseWords.contains(tokens[end].text),
                  !matches.contains(where: { $0.start < end && $0.end > end }) {
            // before every entry, ended by a break: "Dad wouldn't touch his breakfast, he just
            // wanted a cup of tea"; from the last break before it when a number comes before
            // that ("blood ketones 1.2, didn't take the metformin. carbs 12g")
            let lastBreak = index > 0 ? (1...index).reversed().first(where: opensClause) : nil
            let start = lastBreak.flatMap { start in (0..<start).contains { !context.numbers(at: $0).isEmpty } ? start : nil } ?? 0
            clause = start..<end
        } else {
            return nil
        }
        // a number in it may be a reading ("temp won't come down, 39.6"), but not one that says
        // when ("no more spikes since 2am"); and "forgot how much", "can't remember the dose"
        // say what the entry lacks (a plan may say it: "I'll let the nurse know")
        let planned = planWords.contains(tokens[index].text)
        var lacksValue = false
        var token = clause.lowerBound
        while token < clause.upperBound {
            if !planned, lackingWords.contains(tokens[token].text) { lacksValue = true }
            if let time = entries.timeSpan(context, from: token), time.end <= clause.upperBound {
                token = time.end
                continue
            }
            if !context.numbers(at: token).isEmpty, !opensAfterBreak { return nil }
            token += 1
        }
        return (clause, lacksValue)
    }

    /// Whether a number or another word that takes back follows the word at `index` ("no 90",
    /// "no wait"): then a word that takes back opens a correction, not a clause of what did not
    /// happen.
    func correctionFollows(_ index: Int, _ tokens: [Token], _ context: MatchContext) -> Bool {
        index + 1 < tokens.count && (!context.numbers(at: index + 1).isEmpty || takingBackWords.contains(tokens[index + 1].text))
    }

    /// Whether the negation at `index` comes after every entry, right after it, a few words after
    /// it that hold no number, or after a break in the sentence (`isBreak`), and before a
    /// word of the `remarks` list: a remark about what was logged ("a1c 64, not great", "hypo
    /// 2.7!! don't panic", "weight 104 kilos doctor not happy"), not a negation of it.
    func isRemark(_ index: Int, matches: [EntryMatch], tokens: [Token], input: String, _ context: MatchContext) -> Bool {
        guard let lastEnd = matches.map(\.end).max(), lastEnd > 0, index >= lastEnd, index + 1 < tokens.count,
              remarkWords.contains(tokens[index + 1].text)
        else { return false }
        // "bg fifty five not great", said without a pause; "weight 104 kilos doctor not happy"
        if index - lastEnd <= Self.longestGapBeforeRemark, (lastEnd..<index).allSatisfy({ context.numbers(at: $0).isEmpty }) { return true }
        let scalars = Array(input.unicodeScalars)
        return (lastEnd...index).contains { Self.punctuation(before: $0, tokens, scalars).contains(where: Self.isBreak) }
    }

    /// Whether a skipped word names a kind on its own and a question mark follows it inside the
    /// line, standing for a value not known ("glucose ?? - bg 96").
    func namesKindAsked(_ index: Int, _ tokens: [Token], input: String, _ context: MatchContext) -> Bool {
        guard index + 1 < tokens.count,
              Self.punctuation(before: index + 1, tokens, Array(input.unicodeScalars)).contains("?") else { return false }
        return grammar.kinds.indices.contains { kind in entries.matches(kindIndex: kind, context, at: index).contains { $0.end == index + 1 } }
    }

    /// The most words between the last entry and a remark on it said without a break ("post op
    /// nurse not worried").
    static let longestGapBeforeRemark = 3

    /// Whether the first one, two or three words are a phrase of the `question` list.
    func opensWithQuestion(_ tokens: [Token]) -> Bool {
        questionOpenings.length(of: tokens, longest: 3) != nil && statementOpenings.length(of: tokens, longest: 3) == nil
    }

    /// Whether a phrase of the `requests` list stands anywhere in the words.
    func makesRequest(_ tokens: [Token]) -> Bool {
        tokens.indices.contains { requestPhrases.length(ofWords: tokens[$0...].lazy.map(\.text), longest: 3) != nil }
    }

    /// What the input holds between the token before `index` and it ("," of "6.9 fasting, 8.9").
    static func punctuation(before index: Int, _ tokens: [Token], _ scalars: [Unicode.Scalar]) -> ArraySlice<Unicode.Scalar> {
        // a token moved by a self-repair may stand before the one it followed
        scalars[tokens[index - 1].end..<max(tokens[index - 1].end, tokens[index].start)]
    }

    /// Whether the punctuation before a token ends a clause: a break, or a dash with a space on
    /// each side ("omeprazole 20mg - the cat wouldn't leave her alone"), though not a range ("6-7").
    static func endsClause(before token: Int, _ tokens: [Token], _ scalars: [Unicode.Scalar]) -> Bool {
        let gap = punctuation(before: token, tokens, scalars)
        return gap.contains(where: isBreak) || isSpacedDash(gap)
    }

    /// A dash between spaces, or two or three: " - ", " – ", " -- ".
    static func isSpacedDash(_ gap: ArraySlice<Unicode.Scalar>) -> Bool {
        let marks = gap.filter { !$0.properties.isWhitespace }
        return (1...3).contains(marks.count) && marks.allSatisfy { "-–—".unicodeScalars.contains($0) }
            && gap.first!.properties.isWhitespace && gap.last!.properties.isWhitespace
    }

    /// Whether the punctuation between two words sets them apart: a break, a bar or a spaced dash.
    static func separates(_ gap: ArraySlice<Unicode.Scalar>) -> Bool {
        gap.contains(where: { isBreak($0) || $0 == "|" }) || isSpacedDash(gap)
    }

    /// A mark that ends a part of a sentence: a comma, a semicolon, a full stop, "!", "?", a
    /// bracket ("120ml of Lucozade (bless her)") or an emoji ("bs 17.3 😬 forgot to bolus").
    static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        ",;.!?()".unicodeScalars.contains(scalar) || isEmoji(scalar)
    }

    /// An emoji, which stands between parts of a sentence as a comma does ("broccoli 🥦 wow").
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x2000 && scalar.properties.isEmojiPresentation
    }
}
