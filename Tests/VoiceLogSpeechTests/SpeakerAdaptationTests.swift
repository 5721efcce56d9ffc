import Foundation
import Testing
@testable import VoiceLogSpeech

private let hasAdaptationTools = (try? SphinxTrainTools.debian.checkInstalled()) != nil

/// Speaker adaptation with Debian's SphinxTrain on real recordings: a transform is made from
/// the fixtures of one voice and decoded with; bad recordings, words and transform files get
/// clear errors and leave an earlier transform as it was. (How much adaptation helps is
/// measured with the whole grammar in `GeneratedGrammarAccuracyTests`.)
@Suite(.enabled(if: hasAdaptationTools, "needs apt-get install sphinxtrain sphinxbase-utils pocketsphinx"))
struct SpeakerAdaptationTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-adaptation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The six fixture sentences in the first voice (en-us, 160 words a minute).
    func firstVoiceRecordings() throws -> [SpeakerAdaptation.Recording] {
        try Fixtures.entries("utterance").filter { $0.file.hasSuffix("-v1.wav") }.map { entry in
            .init(name: entry.file, samples: try WAVReader.read(contentsOf: entry.url).speechSamples(), sentence: entry.transcript)
        }
    }

    func adaptation() -> SpeakerAdaptation { SpeakerAdaptation(pronunciations: Fixtures.pronunciations) }

    @Test func aTransformMadeFromRecordingsIsDecodedWith() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordings = try firstVoiceRecordings()
        #expect(recordings.count == 6)
        let transform = folder.appendingPathComponent("speaker.mllr")
        let outcome = try adaptation().adapt(recordings, writingTo: transform)
        #expect(outcome == .init(used: 6, leftOut: []))
        try SpeakerTransform.check(transform)

        let recognizer = try SpeechRecognizer(grammar: Fixtures.grammar, pronunciations: Fixtures.pronunciations,
                                              model: .debianEnglish.adapted(with: transform))
        for entry in Fixtures.entries("utterance").filter({ $0.file.hasSuffix("-v1.wav") }) {
            #expect(try recognizer.recognize(contentsOf: entry.url).text == entry.transcript)
        }
        // Nothing is left beside the transform.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["speaker.mllr"])
    }

    @Test func tooFewRecordingsAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let transform = folder.appendingPathComponent("speaker.mllr")
        #expect {
            try adaptation().adapt(Array(try firstVoiceRecordings().prefix(4)), writingTo: transform)
        } throws: { error in
            "\(error)".contains("4 recordings given; at least 5 are needed")
        }
        #expect(!FileManager.default.fileExists(atPath: transform.path))
    }

    @Test func wordsNoDictionaryHasAreNamed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var recordings = try firstVoiceRecordings()
        recordings[0].sentence = "glucose six point two after flurbish"
        #expect(throws: SpeechError.missingPronunciations(words: ["flurbish"])) {
            try adaptation().adapt(recordings, writingTo: folder.appendingPathComponent("speaker.mllr"))
        }
    }

    /// Noise and silence match no sentence: the adaptation fails and the earlier one stays.
    @Test(arguments: ["noise", "silence"]) func recordingsOfNoSpeechLeaveTheEarlierTransform(_ sound: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let transform = folder.appendingPathComponent("speaker.mllr")
        try adaptation().adapt(try firstVoiceRecordings(), writingTo: transform)
        let earlier = try Data(contentsOf: transform)

        let samples = sound == "noise"
            ? try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("noise.wav")).speechSamples()
            : [Int16](repeating: 0, count: 32_000)
        let recordings = (1...5).map { SpeakerAdaptation.Recording(name: "\(sound)\($0)", samples: samples, sentence: "mild headache this morning") }
        #expect {
            try adaptation().adapt(recordings, writingTo: transform)
        } throws: { error in
            "\(error)".contains("no recording could be aligned with its sentence")
        }
        #expect(try Data(contentsOf: transform) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["speaker.mllr"])
    }

    @Test func missingToolsAreNamedWithTheirPackage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var tools = SphinxTrainTools.debian
        tools.baumWelch = URL(fileURLWithPath: "/nonexistent/bw")
        let adaptation = SpeakerAdaptation(pronunciations: Fixtures.pronunciations, tools: tools)
        #expect {
            try adaptation.adapt(try firstVoiceRecordings(), writingTo: folder.appendingPathComponent("speaker.mllr"))
        } throws: { error in
            "\(error)".contains("/nonexistent/bw, which is not installed") && "\(error)".contains("apt-get install sphinxtrain")
        }
    }

    /// The model's `sendump` expanded into SphinxTrain's mixture weights: every senone's
    /// weights of a stream sum to one.
    @Test func shippedMixtureWeightsAreExpanded() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let weights = try QuantisedMixtureWeights(contentsOf: SpeechModel.debianEnglish.acousticModel.appendingPathComponent("sendump"))
        #expect(weights.senones == 5126 && weights.streams == 3 && weights.gaussians == 128)
        let file = weights.sphinxTrainFile()
        let header = Data("s3\nversion 1.0\nendhdr\n".utf8)
        #expect(file.prefix(header.count) == header)
        let values = file.dropFirst(header.count + 20)
        #expect(values.count == 5126 * 3 * 128 * 4)
        let floats = stride(from: values.startIndex, to: values.endIndex, by: 4).map { index in
            Float(bitPattern: values[index..<index + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        for start in stride(from: 0, to: floats.count, by: 128 * 97) {
            #expect(abs(floats[start..<start + 128].reduce(0, +) - 1) < 1e-4)
        }
    }

    @Test(arguments: [
        ("", "it ends early"),
        ("1\n3\n13\n1.0 2.0", "it ends early"),
        ("garbage", "'garbage' is not a number"),
        ("1\n1\n1\n1.0 2.0 3.0 4.0", "'4.0' follows the last number"),
        ("1\n1\n1\nnan 2.0 3.0", "'nan' is not a number"),
    ])
    func transformFilesAreCheckedBeforeDecoding(_ text: String, _ reason: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let transform = folder.appendingPathComponent("broken.mllr")
        try Data(text.utf8).write(to: transform)
        #expect(throws: SpeechError.unreadableSpeakerAdaptation(path: transform.path, reason: reason)) {
            try SpeechRecognizer(grammar: Fixtures.grammar, pronunciations: Fixtures.pronunciations,
                                 model: .debianEnglish.adapted(with: transform))
        }
    }

    @Test func aMissingTransformIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let transform = folder.appendingPathComponent("none.mllr")
        #expect(throws: SpeechError.unreadableSpeakerAdaptation(path: transform.path, reason: "there is no such file")) {
            try SpeechRecognizer(grammar: Fixtures.grammar, model: .debianEnglish.adapted(with: transform))
        }
    }
}
