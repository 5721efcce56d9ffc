/// A time said once for several entries: "at 2am: 120 ml formula and a wet nappy" is a feed and
/// a nappy at 2:00; "took amlodipine 5mg and atorvastatin 20mg at 8am" two doses at 8:00.
extension EntryMatcher {
    /// A day alone that opens the sentence, before the first entry, is every entry's day
    /// (`dayFirst`, the words that say it): "thursday: 14 units novorapid at 8:35am, bgl 13.2
    /// before lunch", "Friday. 75 minute walk. Then BP 170/88", "yesterday: my 4 month old -
    /// pumped 30ml left side at 07:15".
    func sharingTime(_ matches: [EntryMatch], _ context: MatchContext) -> (matches: [EntryMatch], dayFirst: Range<Int>?) {
        if let first = matches.first, first.start > 0, let (end, day) = timeSpan(context, from: 0), Self.isDayOnly(day), first.start >= end {
            return (matches.map { Self.adding(day, to: $0) }, 0..<end)
        }
        return (sharingTime(matches, context), nil)
    }

    /// The matches, with a time that opens the sentence given to every entry that says no time
    /// of its own (an opening clock time only up to an entry that says another, which carries
    /// on after it: "4am temp 39, nurofen 5ml, 6am temp 38.1"), and a time that ends it to every
    /// entry when all are of one kind, when only "and" joins them (`time_sharing_joins`) or
    /// after "all" (`time_sharing_words`: "bp 119/77, sats 97, all at 8 am"). A time between
    /// entries stays with the entry it was matched into.
    private func sharingTime(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        guard matches.count > 1 else { return matches }
        if let opening = timePart(context, from: 0), matches[0].start == 0,
           Self.times(of: opening).allSatisfy({ Self.times(of: matches[0].captures)[$0.key] == $0.value }) {
            let clocked = !Self.saysClock(opening) ? matches.endIndex : matches.dropFirst().firstIndex { match in
                !patterns.grammar.kinds[match.kindIndex].allowsFuture && Self.saysClock(match.captures)
            } ?? matches.endIndex
            return matches[..<clocked].map { Self.adding(opening, to: $0) } + carryingClockTime(Array(matches[clocked...]), context)
        }
        // the last entry's own time ends the sentence (but for glue: "this morning as usual"),
        // perhaps after skipped words ("all at 8 am")
        let end = context.endBeforeGlue
        if let last = matches.last, let (start, closing) = timePart(context, endingAt: end, after: last.start),
           Self.times(of: last.captures) == Self.times(of: closing),
           Set(matches.map(\.kindIndex)).count == 1 || saysAll(context, before: start) || joinedByAnd(matches, context) {
            return matches.map { Self.adding(closing, to: $0) }
        }
        return carryingClockTime(matches, context)
    }

    /// The matches, with a clock time said with one entry given to the entries after it that
    /// say no time and no moment of their own (a tag or meal: "before lunch", "fasting"; "now":
    /// `time_present_words`): what follows a reading at 3am happened then too ("sugar 4.1 at 3am
    /// so gave him a glass of apple juice", "gave Dad his morning meds at 8 - bisoprolol 2.5mg,
    /// ramipril 5mg"), within one sentence. A time that may lie ahead (an appointment's) is its own.
    private func carryingClockTime(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        var carried: (time: Captures, end: Int)?
        return matches.map { match in
            let own = Self.times(of: match.captures)
            if !own.isEmpty {
                let ahead = patterns.grammar.kinds[match.kindIndex].allowsFuture
                carried = !ahead && own.keys.contains(where: Self.isClockField) ? (Self.timeCaptures(of: match.captures), match.end) : nil
                return match
            }
            guard let (time, end) = carried, !(min(end, match.start)...match.start).contains(where: context.stopBefore.contains),
                  !match.captures.values.contains(where: { Self.momentFields.contains(Captures.plain($0.field)) }),
                  !(match.start..<match.end).contains(where: { timePresentWords.contains(context.tokens[$0]) })
            else { return match }
            return Self.adding(time, to: match)
        }
    }

    /// Fields that place an entry at a moment of its own without a clock time.
    private static let momentFields: Set<String> = ["tag", "meal"]

    /// The captures' time fields alone, in the order said.
    private static func timeCaptures(of captures: Captures) -> Captures {
        var time = Captures()
        time.values = captures.values.filter { isTime($0.field) }
        return time
    }

    /// Whether only "and", or nothing, joins the entries, with no comma: "oxygen 97 percent and
    /// heart rate 135 this morning", "spo2 98 pr 61 at 22:15" say one time for both (nothing
    /// joins no entry that may lie ahead: an appointment's time is its own).
    private func joinedByAnd(_ matches: [EntryMatch], _ context: MatchContext) -> Bool {
        zip(matches, matches.dropFirst()).allSatisfy { before, next in
            let between = before.end..<next.start
            let adjacent = between.isEmpty && ![before, next].contains { patterns.grammar.kinds[$0.kindIndex].allowsFuture }
            return (adjacent || between.contains { timeSharingJoins.contains(context.tokens[$0]) })
                && between.allSatisfy { context.classes[$0].contains(.glue) }
                && !(before.end...next.start).contains { context.commaBefore.contains($0) }
        }
    }

    /// Whether "all" or "both" comes right before `index`: "temp 37.3, hr 76, all at 8 am".
    private func saysAll(_ context: MatchContext, before index: Int) -> Bool {
        index > 0 && timeSharingWords.contains(context.tokens[index - 1])
    }

    /// The longest time (one common part capturing time fields only) from `start`.
    private func timePart(_ context: MatchContext, from start: Int) -> Captures? {
        timeSpan(context, from: start)?.captures
    }

    /// The longest time from `start`, with the token it ends before: one common part, or a day
    /// and the clock time said right after it ("on Thursday at 3pm").
    func timeSpan(_ context: MatchContext, from start: Int) -> (end: Int, captures: Captures)? {
        guard let first = longestTimePart(context, from: start) else { return nil }
        if let second = longestTimePart(context, from: first.end), let both = first.captures.merging(second.captures) {
            return (second.end, both)
        }
        return first
    }

    /// The longest common part from `start` that captures time fields only.
    private func longestTimePart(_ context: MatchContext, from start: Int) -> (end: Int, captures: Captures)? {
        var best: (end: Int, captures: Captures)?
        guard start < context.count else { return nil }
        startablePatterns(context, at: start).forEach(in: commonParts) { pattern in
            for (end, captures, _) in matches(of: pattern, context, at: start)
            where Self.isTimeOnly(captures) && end > (best?.end ?? start) {
                best = (end, captures)
            }
        }
        return best
    }

    /// The longest time that ends at `end` and starts after `start` (a day and its clock time
    /// too: "at 9 pm last night"), with the token it starts at.
    private func timePart(_ context: MatchContext, endingAt end: Int, after start: Int) -> (start: Int, captures: Captures)? {
        for from in (start + 1)..<max(start + 1, end) {
            if let span = timeSpan(context, from: from), span.end == end { return (from, span.captures) }
            var found: Captures?
            startablePatterns(context, at: from).forEach(in: commonParts) { pattern in
                if found == nil, let match = matches(of: pattern, context, at: from).first(where: { $0.end == end && Self.isTimeOnly($0.captures) }) {
                    found = match.captures
                }
            }
            if let found { return (from, found) }
        }
        return nil
    }

    static func isTimeOnly(_ captures: Captures) -> Bool {
        !captures.values.isEmpty && captures.values.allSatisfy { isTime($0.field) }
    }

    /// Whether the captures say when on their own: a time or a tag ("at 2am", "before").
    static func saysWhen(_ captures: Captures) -> Bool {
        captures.values.contains { isTime($0.field) || $0.field == "tag" }
    }

    static func isTime(_ field: String) -> Bool {
        field.hasPrefix("time.") || field.hasPrefix(Captures.softPrefix + "time.")
    }

    /// The time fields of captures, as said.
    static func times(of captures: Captures) -> [String: CapturedValue] {
        var times: [String: CapturedValue] = [:]
        for (field, value) in captures.values where isTime(field) { times[field] = value }
        return times
    }

    /// The match with the time's fields, when it has none of its own, or when the time is a
    /// day alone and the match says only a clock time ("yesterday ... 3 oz formula at 12.35pm").
    private static func adding(_ time: Captures, to match: EntryMatch) -> EntryMatch {
        let own = times(of: match.captures)
        guard own.isEmpty || (isDayOnly(time) && own.keys.allSatisfy(isClockField)),
              let merged = match.captures.merging(time) else { return match }
        var shared = match
        shared.captures = merged
        return shared
    }

    /// The piece of a time a capture's field names ("hour" of `time.hour`), or nil for another field.
    private static func timePiece(_ field: String) -> Substring? {
        let plain = Captures.plain(field)
        return plain.hasPrefix("time.") ? plain.dropFirst("time.".count) : nil
    }

    /// Whether a field is a piece of a clock time (`time.hour`, `time.meridiem`…).
    private static func isClockField(_ field: String) -> Bool {
        timePiece(field).map { TimeExpression.clockPieces.contains(String($0)) } ?? false
    }

    /// Whether the captures say a clock time ("at 8:30"), not a day alone ("yesterday").
    static func saysClock(_ captures: Captures) -> Bool {
        times(of: captures).keys.contains(where: isClockField)
    }

    /// Whether the captures say a day and nothing else: "yesterday", "on Thursday", "21 November".
    static func isDayOnly(_ captures: Captures) -> Bool {
        isTimeOnly(captures) && captures.values.allSatisfy { value in
            timePiece(value.field).map { TimeExpression.dayPieces.contains(String($0)) } ?? false
        }
    }
}
