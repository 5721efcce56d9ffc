/// Words the split left over after an entry that are still that entry's: its time, a field it
/// lacks, the value it needs, or the entry once more ("and another at 9:30").
extension EntryMatcher {
    /// Words left over after an entry, with only skipped words that carry nothing between (no
    /// aside, no negation, no word that carries a value), that its kind reads: a time it says
    /// none of ("rivastigmine patch 9.5mg changed this morning"), parts without a number or time
    /// that it lacks ("breathless at rest, bad" is a severe breathlessness), or, right after
    /// one such word, the value an incomplete entry needs ("fluids poor 400ml"). Given to that
    /// entry. A time after a word that repeats ("again", "another") and before the clause ends
    /// is the same entry once more at that time ("glass of water at 8am and another at 9:30").
    /// Returns the matches and the tokens they took.
    func attachingStrandedParts(_ matches: [EntryMatch], _ skipped: SkippedWords,
                                _ context: MatchContext) -> (matches: [EntryMatch], taken: [Int]) {
        let skippedSet = Set(skipped.indices)
        var matches = matches
        // where each entry's words end, with the words given to it
        var reach = matches.map(\.end)
        var taken: [Int] = []
        var index = 0
        while index < context.count {
            // "wind & bloating, both mild": a part after "both" or "all" is each entry's
            if let shared = partForAll(matches, reach: reach, context, at: index, skipped, within: skippedSet) {
                for (owner, captures) in shared.captures {
                    matches[owner].captures = captures
                    reach[owner] = shared.end
                }
                taken += index..<shared.end
                index = shared.end
                continue
            }
            // an aside between carries nothing either, but a time after one that says a number is
            // not the entry's ("nausea after ozempic, mild" is a mild nausea; "bp 120/80 on the
            // ward at 2am" was taken at 2am)
            guard skippedSet.contains(index), let owner = reach.lastIndex(where: { $0 <= index }),
                  (reach[owner]..<index).filter({ !skipped.asides.contains($0) }).count <= Self.longestGapToLeftOverWords,
                  (reach[owner]..<index).allSatisfy({ (skippedSet.contains($0) && skipped.carriesNothing($0)) || skipped.asides.contains($0) })
            else {
                index += 1
                continue
            }
            let afterAside = (reach[owner]..<index).contains(where: skipped.asides.contains)
            let afterNumberedAside = (reach[owner]..<index).contains { skipped.asides.contains($0) && context.holdsNumber(at: $0) }
            if !afterAside, (reach[owner]..<index).contains(where: skipped.repeats),
               let again = repetition(of: matches[owner], context, at: index, within: skippedSet), skipped.endsClause(again.end) {
                matches.insert(again, at: owner + 1)
                reach.insert(again.end, at: owner + 1)
                taken += index..<again.end
                index = again.end
            } else if let (end, merged) = strandedPart(of: matches[owner], after: reach[owner], context, at: index, skipped,
                                                       within: skippedSet, timeAllowed: !afterNumberedAside) {
                matches[owner].captures = merged
                reach[owner] = end
                taken += index..<end
                index = end
            } else {
                index += 1
            }
        }
        return (matches, taken)
    }

    /// A part said once, after "both" or "all" (`time_sharing_words`) at `start`, for the
    /// entries of one kind said last, with only words that carry nothing between: where it
    /// ends, and each entry (by number) with the part merged in ("nausea and bloating both mild",
    /// "dads novorapid 5 units, mums humalog 4 units, both with breakfast").
    private func partForAll(_ matches: [EntryMatch], reach: [Int], _ context: MatchContext, at start: Int,
                            _ skipped: SkippedWords, within skippedSet: Set<Int>) -> (end: Int, captures: [(Int, Captures)])? {
        guard timeSharingWords.contains(context.tokens[start]), skippedSet.contains(start), start + 1 < context.count,
              let last = reach.lastIndex(where: { $0 <= start }),
              (reach[last]..<start).allSatisfy({ skippedSet.contains($0) && skipped.carriesNothing($0) }) else { return nil }
        let kind = matches[last].kindIndex
        let owners = (0...last).reversed().prefix { matches[$0].kindIndex == kind }
        guard owners.count > 1,
              let (end, _) = strandedPart(of: matches[last], after: reach[last], context, at: start + 1, skipped,
                                          within: skippedSet, timeAllowed: false) else { return nil }
        let merged = owners.compactMap { owner -> (Int, Captures)? in
            guard let (ownEnd, captures) = strandedPart(of: matches[owner], after: reach[owner], context, at: start + 1, skipped,
                                                        within: skippedSet, timeAllowed: false), ownEnd == end else { return nil }
            return (owner, captures)
        }
        return merged.count == owners.count ? (end, merged) : nil
    }

    /// `owner` again at the time said from `start` (all in `skipped`), when it has a time of
    /// its own to be told from.
    private func repetition(of owner: EntryMatch, _ context: MatchContext, at start: Int,
                            within skipped: Set<Int>) -> EntryMatch? {
        guard !Self.times(of: owner.captures).isEmpty, let (end, time) = timeSpan(context, from: start),
              (start..<end).allSatisfy(skipped.contains) else { return nil }
        var again = owner
        again.captures.values.removeAll { Self.isTime($0.field) }
        guard let merged = again.captures.merging(time) else { return nil }
        again.captures = merged
        again.start = start
        again.end = end
        return again
    }

    /// The longest words from `start`, all in `skippedSet`, that give `owner` (its words and
    /// those given to it ending at `reach`) a time it lacks, fields of its kind it lacks holding
    /// no number, or what makes it whole; with the captures merged.
    private func strandedPart(of owner: EntryMatch, after reach: Int, _ context: MatchContext, at start: Int,
                              _ skipped: SkippedWords, within skippedSet: Set<Int>, timeAllowed: Bool) -> (end: Int, captures: Captures)? {
        if timeAllowed, Self.times(of: owner.captures).isEmpty, let (end, time) = timeSpan(context, from: start),
           (start..<end).allSatisfy(skippedSet.contains), let merged = owner.captures.merging(time) {
            return (end, merged)
        }
        // a number only for an entry that lacks one, one word after its own words (none given to
        // it yet) with no comma between
        let completes = !skipped.isComplete(owner) && reach == owner.end && start - reach <= 1
            && !(reach...start).contains(where: context.commaBefore.contains)
        // or a clause of its own, between commas, of two numbers or more: "panic attack on the
        // tube, 8/10, took propranolol" (a lone "8" there stays unread)
        func ownClause(_ part: EntryMatch) -> Bool {
            endsClause(part) && context.commaBefore.contains(start) && (start..<part.end).filter(context.holdsNumber).count >= 2
        }
        // or, for an entry that lacks its value or the field, a few words on, a number with its
        // unit or a score out of ten that ends the clause: "yoga for fertility 30 minutes",
        // "first run since the birth, 20 minutes", "pain on the left ovary 6/10"
        func completesFurtherOn(_ part: EntryMatch) -> Bool {
            (!skipped.isComplete(owner) || !part.captures.overlaps(owner.captures)) && reach == owner.end
                && start - reach <= Self.longestGapToAValue && endsClause(part)
                && ((start..<part.end).contains { !context.holdsNumber(at: $0) && !context.classes[$0].contains(.glue) }
                    || (start..<part.end).filter(context.holdsNumber).count >= 2 && scoreBases.contains(context.tokens[part.end - 1]))
        }
        func endsClause(_ part: EntryMatch) -> Bool { part.end == context.count || context.commaBefore.contains(part.end) }
        // no time (a time is given above, only to an entry that says none); one word besides
        // glue only where the sentence or clause ends ("pumped 100ml before she left for work")
        let parts = matches(kindIndex: owner.kindIndex, context, at: start, introduction: .excluded)
            .filter { part in
                // no count of entries either, far from its own ("... came round with the twins")
                !part.captures.values.isEmpty && part.captures.value(of: Pattern.copies) == nil
                    && !part.captures.values.contains { Self.isTime($0.field) || ($0.value.isNumeric && !completes && !ownClause(part) && !completesFurtherOn(part)) }
                    && (start..<part.end).allSatisfy(skippedSet.contains)
                    && ((start..<part.end).filter({ !context.classes[$0].contains(.glue) }).count > 1
                        || part.end == context.count || context.commaBefore.contains(part.end))
            }
        for part in parts.sorted(by: { $0.end > $1.end }) {
            guard let merged = owner.captures.merging(part.captures) else { continue }
            let numeric = part.captures.values.contains { $0.value.isNumeric }
            var whole = owner
            whole.captures = merged
            if !numeric || skipped.isComplete(whole) { return (part.end, merged) }
        }
        return nil
    }

    /// At most this many words lie between an entry and words it is given.
    static let longestGapToLeftOverWords = 8
    /// At most this many words lie between an entry lacking its value and the value given to it.
    static let longestGapToAValue = 3
}

/// A sentence's skipped words, and what the parser knows of them, for giving them to the
/// entries before them.
struct SkippedWords {
    /// The skipped tokens.
    var indices: [Int]
    /// Whether a skipped token carries nothing (no value, no negation), so that it may lie
    /// between an entry and words given to it.
    var carriesNothing: (Int) -> Bool
    /// The tokens of asides ("after ozempic", "day 3"), which may lie there too.
    var asides: Set<Int> = []
    /// Whether the token says an entry happened once more ("again", "another").
    var repeats: (Int) -> Bool
    /// Whether a clause ends before the token (the sentence's end, a comma, "and").
    var endsClause: (Int) -> Bool
    /// Whether an entry holds every field its kind requires.
    var isComplete: (EntryMatch) -> Bool
}
