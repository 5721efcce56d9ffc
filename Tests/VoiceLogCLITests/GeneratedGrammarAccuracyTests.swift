import Foundation
import Testing
@testable import VoiceLogCLI
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogSpeech

/// Decodes the spoken fixtures with the speech grammar compiled from `Grammars/` (what
/// `voicelog dictate` searches) and prints, per voice, the word error rate and how many
/// utterances give the entries their reference sentence gives.
///
/// The floors are today's figures, far from the aim of 3 % WER and 95 % of entries: they
/// catch a change that makes recognition worse, and the printout tracks progress.
@Suite struct GeneratedGrammarAccuracyTests {
    struct Fixture {
        let file: URL
        let voice: String
        let transcript: String
    }

    static let fixtures: [Fixture] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("AudioFixtures")
        let manifest = (try? String(contentsOf: folder.appendingPathComponent("fixtures.tsv"), encoding: .utf8)) ?? ""
        return manifest.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            // utt1-v2.wav: sentence 1 in voice 2; copies in other formats have longer names.
            let name = columns.first?.dropLast(4).split(separator: "-") ?? []
            guard columns.count == 3, columns[1] == "utterance", name.count == 2 else { return nil }
            return Fixture(file: folder.appendingPathComponent(columns[0]), voice: String(name[1]), transcript: columns[2])
        }
    }()

    @Test func wordErrorRateAndEntryAccuracyPerVoice() throws {
        let speech = try SpeechGrammar(grammar: BundledGrammar.grammar)
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try speech.recognizer(options: options)
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12)
        #expect(Self.fixtures.count == 24)

        var overall = WordErrorRate()
        var rightEntries = 0
        for voice in Set(Self.fixtures.map(\.voice)).sorted() {
            var rate = WordErrorRate()
            var right = 0
            let fixtures = Self.fixtures.filter { $0.voice == voice }
            for fixture in fixtures {
                let heard = try recognizer.recognize(contentsOf: fixture.file).text
                rate.add(reference: fixture.transcript, hypothesis: heard)
                overall.add(reference: fixture.transcript, hypothesis: heard)
                let expected = parser.parse(fixture.transcript, now: now)
                let got = parser.parse(heard, now: now)
                #expect(expected.status == .ok, "\(fixture.transcript) does not parse")
                if got.status == expected.status, got.entries == expected.entries { right += 1 }
                print("\(fixture.file.lastPathComponent): \(heard == fixture.transcript ? "ok " : "ERR") \"\(heard)\"")
            }
            rightEntries += right
            print("voice \(voice): WER \(String(format: "%.1f", rate.rate * 100)) %, right entries \(right)/\(fixtures.count)")
        }
        print("generated grammar: WER \(String(format: "%.1f", overall.rate * 100)) %, right entries \(rightEntries)/\(Self.fixtures.count)")
        #expect(overall.rate < 0.50)
        #expect(rightEntries >= 9)
    }
}
