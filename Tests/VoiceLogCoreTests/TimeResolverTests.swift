import Testing
@testable import VoiceLogCore
import VoiceLogGrammars

@Suite struct TimeResolverTests {
    static let parser = UtteranceParser(grammar: BundledGrammar.grammar)
    /// A Saturday.
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    /// The pieces that name a day or a clock time (which a day said first is shared with) are
    /// pieces a time reads, and none is both.
    @Test func dayAndClockPiecesAreTimePieces() {
        var time = TimeExpression()
        for piece in TimeExpression.dayPieces.union(TimeExpression.clockPieces) {
            let isPiece = time.set(piece, .number(1))
            #expect(isPiece, "time.\(piece)")
        }
        #expect(TimeExpression.dayPieces.isDisjoint(with: TimeExpression.clockPieces))
    }

    @Test(arguments: [
        ("glucose 6.2 at 7:30", "2026-11-21T07:30:00"),
        ("glucose 6.2 at 8 am", "2026-11-21T08:00:00"),
        ("glucose 6.2 half past eight", "2026-11-21T08:30:00"),
        ("glucose 6.2 quarter to nine", "2026-11-21T08:45:00"),
        ("glucose 6.2 yesterday at 9 pm", "2026-11-20T21:00:00"),
        ("glucose 6.2 at 7 pm yesterday", "2026-11-20T19:00:00"),
        ("glucose 6.2 two hours ago", "2026-11-21T08:00:00"),
        ("glucose 6.2 at 9", "2026-11-21T09:00:00"),
        // today has reached neither 11:00 nor 23:00, and last night's 23:00 is eleven hours
        // ago: today's, ahead of now (so the entry is infeasible), not a guess at last night
        ("glucose 6.2 at 11", "2026-11-21T11:00:00"),
        // a clock time said outright is today's, here ahead of now (so the entry is infeasible)
        ("glucose 6.2 at 19:15", "2026-11-21T19:15:00"),
        ("glucose 6.2 on Monday at 10 am", "2026-11-16T10:00:00"),
        ("glucose 6.2 this morning", "2026-11-21T08:00:00"),
        ("glucose 6.2 last night", "2026-11-20T22:00:00"),
        // the small hours of last night fall on today's date; its evening hours on yesterday's
        ("last night at 2am fed 100ml formula", "2026-11-21T02:00:00"),
        ("glucose 6.2 last night at 11pm", "2026-11-20T23:00:00"),
        ("glucose 6.2 at 7.30 pm", "2026-11-21T19:30:00"),
        ("temp 36.2 at 6.15", "2026-11-21T06:15:00"),
        ("glucose 6.2 at seven thirty", "2026-11-21T07:30:00"),
        ("glucose 6.2 at ten past seven", "2026-11-21T07:10:00"),
        ("appointment tomorrow at 3 pm", "2026-11-22T15:00:00"),
        ("appointment on Monday at 10 am", "2026-11-23T10:00:00"),
        ("appointment at 9", "2026-11-21T21:00:00"),
        // Whole days ago (or ahead) name the day; a clock time said with them is kept.
        ("glucose 6.1 at 7:00 13 days ago", "2026-11-08T07:00:00"),  // on a past day, seven to eleven is the morning's
        ("bg 5.3 before lunch at 11:55 yesterday", "2026-11-20T11:55:00"),
        ("bp 140/90 yesterday at 6", "2026-11-20T18:00:00"),  // but six is the evening's, as the latest
        ("glucose 6.1 3 days ago at 7 am", "2026-11-18T07:00:00"),
        ("glucose 6.1 2 days ago in the morning", "2026-11-19T08:00:00"),
        ("glucose 6.1 3 days ago", "2026-11-18T10:00:00"),
        ("appointment in 2 days at 3 pm", "2026-11-23T15:00:00"),
        // a span of clock times is logged at its start, and has ended by the time it is logged
        ("baby down 7:15pm up 6:15am", "2026-11-20T19:15:00"),
        ("slept 7pm-11pm", "2026-11-20T19:00:00"),
        ("slept from 10 till 6", "2026-11-20T22:00:00"),
        ("nap 8:10-9:25am", "2026-11-21T08:10:00"),
        ("fed 2:05 to 2:40am left side", "2026-11-21T02:05:00"),
        // on the day said, where it starts: the afternoon here lies ahead (infeasible)
        ("yesterday napped 1pm to 2:30pm", "2026-11-20T13:00:00"),
        ("she slept from 7 till 11:30 last night", "2026-11-20T19:00:00"),
        ("he slept from 1 to 2:30 this afternoon", "2026-11-21T13:00:00"),
    ])
    func resolves(text: String, expected: String) {
        let result = Self.parser.parse(text, now: Self.now)
        #expect(result.entries.first?.time.description == expected, "\(text): \(result.entries.first?.time.description ?? "no entry")")
    }

    /// Without am or pm too, a clock time of last night is last night's in the hours after it.
    @Test func lastNightLatelyPast() {
        let threeAM = LocalDateTime(iso: "2026-11-21T03:00:00")!
        let result = Self.parser.parse("fed 120 ml at 11", now: threeAM)
        #expect(result.status == .ok)
        #expect(result.entries.first?.time.description == "2026-11-20T23:00:00")
    }

    /// Twelve without am or pm is noon, unless midnight was less than eight hours ago.
    @Test(arguments: [
        ("2026-11-21T10:00:00", "fiasp 5u 12:10", ParseResult.Status.infeasible, "2026-11-21T12:10:00"),
        ("2026-11-21T02:00:00", "fed 120 ml at 12", .ok, "2026-11-21T00:00:00"),
        ("2026-11-21T15:00:00", "glucose 6.2 at 12:10", .ok, "2026-11-21T12:10:00"),
        // "today" said changes nothing: not midnight's
        ("2026-11-21T10:00:00", "formula 4oz at 12:00 today", .infeasible, "2026-11-21T12:00:00"),
        ("2026-11-21T02:00:00", "fed 4oz at 12 today", .ok, "2026-11-21T00:00:00"),
    ])
    func twelveIsNoonUnlessMidnightWasLately(now: String, text: String, status: ParseResult.Status, time: String) {
        let result = Self.parser.parse(text, now: LocalDateTime(iso: now)!)
        #expect(result.status == status)
        #expect(result.entries.first?.time.description == time)
    }

    @Test func civilDatesRoundTrip() {
        for text in ["1970-01-01T00:00:00", "2024-02-29T23:59:59", "1969-12-31T12:00:00", "2026-11-21T10:00:00"] {
            #expect(LocalDateTime(iso: text)?.description == text)
        }
        #expect(LocalDateTime(iso: "2026-11-21T10:00:00")?.weekday == 6)
        #expect(LocalDateTime(iso: "2026-13-01T00:00:00") == nil)
        #expect(LocalDateTime(iso: "tomorrow") == nil)
    }
}
