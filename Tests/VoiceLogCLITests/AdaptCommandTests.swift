import Foundation
import Testing
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogPipeline
import VoiceLogSpeech
@testable import VoiceLogCLI

private let canAdapt = Voicelog.binary != nil && (try? SphinxTrainTools.debian.checkInstalled()) != nil

/// `voicelog adapt` run as a program on the fixtures of one voice: the adaptation lands beside
/// the database and `transcribe` decodes with it; a bad list gets an error naming its line and
/// leaves the adaptation there was.
@Suite struct AdaptCommandTests {
    static let fixtures = DictateCommandTests.fixtures

    /// What users are asked to record must be sentences VoiceLog understands, paths of the
    /// speech grammar, and none of the held-out sentences adaptation is measured on.
    @Test func promptsAreSentencesTheSpeechGrammarCanSay() throws {
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12)
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try SpeechGrammar(grammar: BundledGrammar.grammar).recognizer(options: options, search: .grammar)
        let heldOut = Set(try GeneratedGrammarAccuracyTests.sentences(in: "heldout.txt"))
        for sentence in EnrolmentPrompts.sentences {
            let result = parser.parse(sentence, now: now)
            #expect(result.status == .ok && result.problems.isEmpty, "\(sentence): \(result.problems)")
            #expect(recognizer.canSay(sentence), "\(sentence) is no path of the speech grammar")
            #expect(!heldOut.contains(sentence))
        }
    }

    @Test(.enabled(if: canAdapt, "needs the voicelog binary and apt-get install sphinxtrain sphinxbase-utils pocketsphinx"))
    func anAdaptationBesideTheDatabaseIsUsedByTranscribe() throws {
        let binary = try #require(Voicelog.binary)
        let folder = try GeneratedGrammarAccuracyTests.temporaryFolder("adapt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("voicelog.sqlite").path
        let list = try writeList(in: folder, lines: try firstVoice().map { "\(Self.fixtures.path)/\($0.file)\t\($0.transcript)" })

        let adapted = try run(binary, ["adapt", "--recordings", list.path, "--db", database])
        #expect(adapted.status == 0, "\(adapted.output)")
        #expect(adapted.output.contains("Adapted to 6 of 6 recordings; written to \(folder.path)/speaker-model."))

        let clip = Self.fixtures.appendingPathComponent("utt1-v1.wav").path
        let transcribed = try run(binary, ["transcribe", clip], environment: ["VOICELOG_DB": database])
        #expect(transcribed.status == 0 && transcribed.output.contains("glucose six point two after dinner"), "\(transcribed.output)")
        let dictated = try run(binary, ["dictate", "--audio", clip, "--db", database, "--dry-run", "--minimum-confidence", "0"])
        #expect(dictated.status == 0 && dictated.output.contains("Adapted to your voice with \(folder.path)/speaker-model"), "\(dictated.output)")
        #expect(dictated.output.contains("Glucose 6.2 mmol/L"), "\(dictated.output)")

        // The one beside the database is the one used: spoilt, it stops transcribe with a
        // clear message, and --no-adaptation does without it.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("speaker-model/means"))
        let spoilt = try run(binary, ["transcribe", clip], environment: ["VOICELOG_DB": database])
        #expect(spoilt.status != 0 && spoilt.output.contains("speaker-model cannot be used: its 'means' is missing"), "\(spoilt.output)")
        // (Unadapted, this voice's clip is not always heard word for word: since foods are in the
        // n-gram model, "glucose twenty two after dinner".)
        let without = try run(binary, ["transcribe", "--no-adaptation", clip], environment: ["VOICELOG_DB": database])
        #expect(without.status == 0 && without.output.contains("utt1-v1.wav: glucose "), "\(without.output)")
        // With no database location at all there is no adaptation beside it, and no error.
        let nowhere = try run(binary, ["transcribe", clip], removing: ["HOME", "XDG_DATA_HOME", "VOICELOG_DB"])
        #expect(nowhere.status == 0 && nowhere.output.contains("utt1-v1.wav: glucose "), "\(nowhere.output)")
    }

    /// A stand-in `arecord` plays every prompt spoken by a held-out voice, a second of silence
    /// after each: each is taken as its prompt's recording and the adaptation is made. The
    /// recordings are kept beside the database, and `adapt --kept` adapts to them again.
    @Test(.enabled(if: canAdapt && GeneratedGrammarAccuracyTests.hasSpeechSynthesis, "needs the voicelog binary, espeak-ng, sox and sphinxtrain"))
    func promptsSaidIntoTheMicrophoneAreRecordedOneByOne() throws {
        let binary = try #require(Voicelog.binary)
        let folder = try GeneratedGrammarAccuracyTests.temporaryFolder("adapt-mic")
        defer { try? FileManager.default.removeItem(at: folder) }
        var stream: [Int16] = []
        for (index, sentence) in EnrolmentPrompts.sentences.enumerated() {
            let file = folder.appendingPathComponent("\(index).wav")
            try GeneratedGrammarAccuracyTests.speak(sentence, voice: "en-us+m1", speed: 150, to: file)
            stream += try WAVReader.read(contentsOf: file).speechSamples() + [Int16](repeating: 0, count: 16_000)
        }
        let raw = folder.appendingPathComponent("stream.raw")
        try stream.withUnsafeBufferPointer { try Data(buffer: $0).write(to: raw) }
        let recorder = folder.appendingPathComponent("arecord")
        try Data("#!/bin/sh\nexec /bin/cat '\(raw.path)'\n".utf8).write(to: recorder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder.path)

        let adaptedModel = folder.appendingPathComponent("mine")
        let database = folder.appendingPathComponent("voicelog.sqlite").path
        let result = try run(binary, ["adapt", "--mic", "--adaptation", adaptedModel.path, "--db", database], environment: ["PATH": folder.path])
        let count = EnrolmentPrompts.sentences.count
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("[1/\(count)] \(EnrolmentPrompts.sentences[0])"))
        #expect(result.output.contains("[\(count)/\(count)] \(EnrolmentPrompts.sentences[count - 1])"))
        #expect(result.output.contains("Adapted to \(count) of \(count) recordings; written to \(adaptedModel.path)."), "\(result.output)")
        let clip = Self.fixtures.appendingPathComponent("utt1-v1.wav").path
        let transcribed = try run(binary, ["transcribe", "--adaptation", adaptedModel.path, clip])
        #expect(transcribed.status == 0, "\(transcribed.output)")

        let kept = try String(contentsOf: folder.appendingPathComponent("speaker-recordings/recordings.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(kept.map { $0.last ?? "" } == EnrolmentPrompts.sentences)
        let again = try run(binary, ["adapt", "--kept", "--db", database])
        #expect(again.output.contains("Adapted to \(count) of \(count) recordings; written to \(folder.path)/speaker-model."), "\(again.output)")
    }

    @Test func learningNeedsRecordingsAndTheReviewPrompt() throws {
        let binary = try #require(Voicelog.binary)
        let folder = try GeneratedGrammarAccuracyTests.temporaryFolder("adapt-kept")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("voicelog.sqlite").path
        let none = try run(binary, ["adapt", "--kept", "--db", database])
        #expect(none.status == 1 && none.output.contains("No recordings are kept in \(folder.path)/speaker-recordings yet"), "\(none.output)")
        let clip = Self.fixtures.appendingPathComponent("utt1-v1.wav").path
        let unreviewed = try run(binary, ["dictate", "--learn", "--audio", clip, "--db", database])
        #expect(unreviewed.status == 64 && unreviewed.output.contains("--learn keeps what you accept at the prompt; add --review."), "\(unreviewed.output)")
    }

    @Test(.enabled(if: canAdapt, "needs the voicelog binary and apt-get install sphinxtrain sphinxbase-utils pocketsphinx"),
          arguments: [
              ("utt1-v1.wav glucose six point two after dinner", "line 2: expected a WAV file, a tab, and the sentence said in it."),
              ("utt1-v1.wav\tglucose 6.2 after dinner", "line 2: write '6.2' in words, as it was said"),
              ("missing.wav\tglucose six point two after dinner", "line 2: cannot open"),
              ("utt1-v1.wav\t ... ", "line 2: the sentence is empty."),
          ])
    func aBadListNamesItsLineAndKeepsTheAdaptation(_ line: String, _ message: String) throws {
        let binary = try #require(Voicelog.binary)
        let folder = try GeneratedGrammarAccuracyTests.temporaryFolder("adapt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let earlier = folder.appendingPathComponent("mine/means")
        try FileManager.default.createDirectory(at: earlier.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("earlier".utf8).write(to: earlier)
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path) where file.hasSuffix("-v1.wav") {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let list = try writeList(in: folder, lines: [line])
        let result = try run(binary, ["adapt", "--recordings", list.path, "--adaptation", earlier.deletingLastPathComponent().path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(list.path), \(message)"), "\(result.output)")
        #expect(try Data(contentsOf: earlier) == Data("earlier".utf8))
    }

    /// The fixtures of the first voice (en-us, 160 words a minute) and their sentences.
    func firstVoice() throws -> [(file: String, transcript: String)] {
        try String(contentsOf: Self.fixtures.appendingPathComponent("fixtures.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
            .filter { $0.count == 3 && $0[0].hasSuffix("-v1.wav") && $0[1] == "utterance" }
            .map { ($0[0], $0[2]) }
    }

    func writeList(in folder: URL, lines: [String]) throws -> URL {
        let list = folder.appendingPathComponent("recordings.tsv")
        try Data(("# my recordings\n" + lines.joined(separator: "\n") + "\n").utf8).write(to: list)
        return list
    }

    /// Runs the binary with the environment changed as given; returns its exit status and what
    /// it wrote to standard output and error.
    func run(_ binary: String, _ arguments: [String], environment: [String: String] = [:],
             removing unset: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.filter { !unset.contains($0.key) }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
