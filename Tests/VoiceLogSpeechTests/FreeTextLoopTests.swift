import Testing
@testable import VoiceLogSpeech

/// Where the grammar search marks free words, the language model's words over the same frames
/// take their place: at the end of a note, or inside a sentence ("had goulash for dinner").
@Suite struct FreeTextLoopTests {
    static func segment(_ word: String, _ first: Int, _ last: Int) -> WordSegment {
        WordSegment(word: word, pronounced: word, firstFrame: first, lastFrame: last, languageScore: 0)
    }

    @Test func wordsInsideASentenceAreThoseHeardOverTheLoop() {
        let grammar = [Self.segment("had", 27, 47), Self.segment("free_g", 48, 56), Self.segment("free_uw", 57, 72),
                       Self.segment("free_sh", 73, 103), Self.segment("for", 104, 122), Self.segment("dinner", 123, 164)]
        let heard = [Self.segment("had", 25, 46), Self.segment("goulash", 47, 100), Self.segment("four", 101, 125),
                     Self.segment("dinner", 126, 160)]
        #expect(UtteranceDecoder.replacingLoops(in: grammar, with: heard) == ["had", "goulash", "for", "dinner"])
    }

    @Test func aLoopThatEndsTheUtteranceTakesEveryWordFromItsStart() {
        let grammar = [Self.segment("note", 10, 40), Self.segment("free_f", 41, 50), Self.segment("free_eh", 51, 60)]
        let heard = [Self.segment("note", 8, 40), Self.segment("felt", 41, 60), Self.segment("dizzy", 61, 120)]
        #expect(UtteranceDecoder.replacingLoops(in: grammar, with: heard) == ["note", "felt", "dizzy"])
    }
}
