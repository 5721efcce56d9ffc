import Foundation
import Testing
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogPipeline
import VoiceLogSpeech
@testable import VoiceLogCLI

/// The speech grammar compiled from `Grammars/` loads in the real PocketSphinx: no undefined
/// rule, no `<VOID>`, no word without a pronunciation (the recognizer refuses each of these
/// loudly), and every word it offers comes from the grammar files.
@Suite struct SpeechGrammarTests {
    @Test func theGeneratedGrammarLoadsWithEveryWordPronounceable() throws {
        let speech = try SpeechGrammar(grammar: BundledGrammar.grammar)
        let start = Date()
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try speech.recognizer(options: options, search: .grammar)
        print("speech grammar: \(speech.jsgf.utf8.count) bytes, \(recognizer.dictionary.entries.count) words, loaded in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        #expect(recognizer.dictionary.entries.count > 300)
        let words = Set(recognizer.dictionary.entries.map { $0.word })
        for word in ["glucose", "paracetamol", "millilitres", "ninety", "breastfed", "over"] {
            #expect(words.contains(word), "\(word) is not in the speech grammar")
        }
        for written in ["oz", "mg", "tbsp", "tue"] {
            #expect(!words.contains(written), "\(written) is written only, yet the speech grammar offers it")
        }
    }

    @Test func confusableNumbersAreTheDigitsTheTensAndEachTeenWithItsTen() throws {
        let groups = try SpeechGrammar(grammar: BundledGrammar.grammar).confusableWords
        #expect(groups.contains(["eight", "five", "four", "nine", "one", "seven", "six", "three", "two"]))
        #expect(groups.contains(["eighty", "fifty", "forty", "ninety", "seventy", "sixty", "thirty", "twenty"]))
        #expect(groups.contains(["fifteen", "fifty"]) && groups.contains(["eighteen", "eighty"]))
        #expect(groups.count == 2 + 7)  // thirteen/thirty ... nineteen/ninety
    }

    /// After the search, the confusable words of what was heard are aligned again one variant
    /// at a time; the variants next in score become the alternatives, each one word apart and
    /// each a path of the grammar.
    @Test func confusableNumbersGiveAlternativesOneWordApart() throws {
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try SpeechGrammar(grammar: BundledGrammar.grammar).recognizer(options: options, search: .grammar)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let transcript = try recognizer.recognize(contentsOf: repository.appendingPathComponent("AudioFixtures/utt2-v1.wav"))
        print("rescored: \(transcript.text) | \(transcript.alternatives)")
        #expect(transcript.text == "blood pressure one twenty over eighty")
        #expect((1...3).contains(transcript.alternatives.count))  // ConfusableVariants.alternativesShown
        for alternative in transcript.alternatives {
            let words = alternative.split(separator: " "), heard = transcript.text.split(separator: " ")
            #expect(words.count == heard.count && zip(words, heard).filter { $0 != $1 }.count == 1, "\(alternative)")
            #expect(recognizer.canSay(alternative))
        }
        // a caller that shows the text alone (a Wyoming satellite) is given no alternatives,
        // and the same reading
        let samples = try WAVReader.read(contentsOf: repository.appendingPathComponent("AudioFixtures/utt2-v1.wav")).speechSamples()
        let textOnly = try recognizer.recognize(samples, alternatives: false)
        #expect(textOnly.text == transcript.text)
        #expect(textOnly.alternatives.isEmpty)
    }

    /// An utterance decoded as its audio arrives (a Wyoming satellite's chunks) reads as the
    /// whole does; one dropped part way leaves the recogniser as it was, so the next reading
    /// is right, and a whole utterance asked for meanwhile waits for the recogniser.
    @Test func anUtteranceDecodedAsItArrivesReadsAsTheWhole() async throws {
        // no limit on a live utterance: on a loaded machine the test may wait minutes between steps
        let speech = SpeechTranscriber(liveUtteranceLimit: .never) {
            try SpeechGrammar(grammar: BundledGrammar.grammar).recognizer(search: .ngram)
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // (utt1-v1, which the n-gram pass heard as "glucose twenty two" once foods were in its model)
        let samples = try WAVReader.read(contentsOf: repository.appendingPathComponent("AudioFixtures/utt1-v2.wav")).speechSamples()
        let whole = try await speech.transcribe(samples: samples, alternatives: false)
        #expect(whole.text == "glucose six point two after dinner")

        let dropped = try #require(await speech.beginUtterance())
        #expect(await speech.beginUtterance() == nil)  // one at a time
        speech.feed(dropped, samples: Array(samples.prefix(6_000)))
        speech.cancel(dropped)
        #expect(try await speech.finish(dropped) == nil)

        let live = try #require(await speech.beginUtterance())
        for start in stride(from: 0, to: samples.count, by: 2_048) {
            speech.feed(live, samples: Array(samples[start..<min(start + 2_048, samples.count)]))
        }
        async let waiting = speech.transcribe(samples: samples, alternatives: false)
        let heard = try #require(try await speech.finish(live, alternatives: false))
        #expect(heard.text == whole.text)
        #expect(try await waiting.text == whole.text)
    }

    /// A quantity or duration with a speech shape (`~5..300`, in the base unit) offers each
    /// unit only the counts that reach it, so a misheard unit or number that would make an
    /// impossible amount is no path; typed, the same amounts still parse and are reported.
    @Test func impossibleAmountsAreNoPathsOfTheSpeechGrammar() throws {
        let speech = try SpeechGrammar(grammar: BundledGrammar.grammar)
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try speech.recognizer(options: options, search: .grammar)
        for sentence in ["fed ninety millilitres of formula", "fed four ounces of formula", "fed two and a half ounces of formula",
                         "drank two litres of water", "drank half a litre of water", "drank one point five litres of water",
                         "had two hundred millilitres of orange juice", "breastfed for fifteen minutes on the left side",
                         "breastfed for half an hour", "ran for two and a half hours", "walked for forty five minutes"] {
            #expect(recognizer.canSay(sentence), "\"\(sentence)\" should be a path")
        }
        for sentence in ["fed ninety litres of formula", "fed twenty ounces of formula", "drank two hundred litres of water",
                         "drank twenty bottles of water", "breastfed for four fifty minutes", "breastfed for three hours",
                         "ran for twelve hours", "walked for four thirty minutes"] {
            #expect(!recognizer.canSay(sentence), "\"\(sentence)\" should be no path")
        }
        let typed = UtteranceParser(grammar: BundledGrammar.grammar).parse("fed 90 litres of formula", now: LocalDateTime(year: 2026, month: 11, day: 21, hour: 12))
        #expect(typed.status == .infeasible)
    }

    /// What a user says must be a path of the speech grammar, or the recogniser can only
    /// hear something else: every fixture sentence, and the spoken sentences of the text
    /// corpus that give one entry.
    @Test func spokenSentencesArePathsOfTheGeneratedGrammar() throws {
        let speech = try SpeechGrammar(grammar: BundledGrammar.grammar)
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try speech.recognizer(options: options, search: .grammar)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manifest = try String(contentsOf: repository.appendingPathComponent("AudioFixtures/fixtures.tsv"), encoding: .utf8)
        var fixtures: Set<String> = []
        for line in manifest.split(separator: "\n") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count == 3, columns[1] == "utterance" { fixtures.insert(String(columns[2])) }
        }
        for sentence in fixtures {
            #expect(recognizer.canSay(sentence), "fixture sentence \"\(sentence)\" is not a path of the speech grammar")
        }
        let corpus = try String(contentsOf: repository.appendingPathComponent("Tests/VoiceLogCoreTests/Corpus/utterances.jsonl"), encoding: .utf8)
        var spoken: [String] = []
        for line in corpus.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = object["text"] as? String, object["status"] as? String == "ok",
                  (object["entries"] as? [Any])?.count == 1,
                  text.allSatisfy({ $0.isLowercase || $0 == " " || $0 == "'" })
            else { continue }
            spoken.append(text)
        }
        let missed = spoken.filter { !recognizer.canSay($0) }
        print("speech grammar covers \(spoken.count - missed.count) of \(spoken.count) spoken corpus sentences; not: \(missed)")
        #expect(Double(spoken.count - missed.count) / Double(spoken.count) >= 0.5)
    }
}
