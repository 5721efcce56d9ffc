import Foundation
import Testing
@testable import VoiceLogSpeech

private let hasAdaptationTools = (try? SphinxTrainTools.debian.checkInstalled()) != nil

/// Speaker adaptation with Debian's SphinxTrain on real recordings: an adapted model is made
/// from the fixtures of one voice and decoded with; bad recordings, words and adapted models
/// get clear errors and leave an earlier adapted model as it was. (How much adaptation helps is
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

    @Test func aModelAdaptedFromRecordingsIsDecodedWith() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordings = try firstVoiceRecordings()
        #expect(recordings.count == 6)
        let adapted = folder.appendingPathComponent("speaker-model")
        let outcome = try adaptation().adapt(recordings, writingTo: adapted)
        #expect(outcome == .init(used: 6, leftOut: []))
        try AdaptedModel.check(adapted)
        // The re-estimated means differ from the model's.
        let means = "means"
        #expect(try Data(contentsOf: adapted.appendingPathComponent(means))
            != Data(contentsOf: SpeechModel.debianEnglish.acousticModel.appendingPathComponent(means)))

        let recognizer = try SpeechRecognizer(grammar: Fixtures.grammar, pronunciations: Fixtures.pronunciations,
                                              model: .debianEnglish.adapted(with: adapted))
        for entry in Fixtures.entries("utterance").filter({ $0.file.hasSuffix("-v1.wav") }) {
            #expect(try recognizer.recognize(contentsOf: entry.url).text == entry.transcript)
        }
        // Adapting again replaces it, and nothing is left beside it.
        try adaptation().adapt(recordings, writingTo: adapted)
        try AdaptedModel.check(adapted)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["speaker-model"])
    }

    @Test func tooFewRecordingsAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let adapted = folder.appendingPathComponent("speaker-model")
        #expect {
            try adaptation().adapt(Array(try firstVoiceRecordings().prefix(4)), writingTo: adapted)
        } throws: { error in
            "\(error)".contains("4 recordings given; at least 5 are needed")
        }
        #expect(!FileManager.default.fileExists(atPath: adapted.path))
    }

    @Test func wordsNoDictionaryHasAreNamed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var recordings = try firstVoiceRecordings()
        recordings[0].sentence = "glucose six point two after flurbish"
        #expect(throws: SpeechError.missingPronunciations(words: ["flurbish"])) {
            try adaptation().adapt(recordings, writingTo: folder.appendingPathComponent("speaker-model"))
        }
    }

    /// Noise and silence match no sentence: the adaptation fails and the earlier one stays.
    @Test(arguments: ["noise", "silence"]) func recordingsOfNoSpeechLeaveTheEarlierModel(_ sound: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let adapted = folder.appendingPathComponent("speaker-model")
        try adaptation().adapt(try firstVoiceRecordings(), writingTo: adapted)
        let earlier = try Data(contentsOf: adapted.appendingPathComponent("means"))

        let samples = sound == "noise"
            ? try WAVReader.read(contentsOf: Fixtures.folder.appendingPathComponent("noise.wav")).speechSamples()
            : [Int16](repeating: 0, count: 32_000)
        let recordings = (1...5).map { SpeakerAdaptation.Recording(name: "\(sound)\($0)", samples: samples, sentence: "mild headache this morning") }
        #expect {
            try adaptation().adapt(recordings, writingTo: adapted)
        } throws: { error in
            "\(error)".contains("no recording could be aligned with its sentence")
        }
        #expect(try Data(contentsOf: adapted.appendingPathComponent("means")) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["speaker-model"])
    }

    @Test func missingToolsAreNamedWithTheirPackage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var tools = SphinxTrainTools.debian
        tools.baumWelch = URL(fileURLWithPath: "/nonexistent/bw")
        let adaptation = SpeakerAdaptation(pronunciations: Fixtures.pronunciations, tools: tools)
        #expect {
            try adaptation.adapt(try firstVoiceRecordings(), writingTo: folder.appendingPathComponent("speaker-model"))
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

    /// What `check` refuses, and that a recognizer checks before loading.
    @Test(arguments: [
        ("a file", "it is not a folder made by `voicelog adapt`"),
        ("no means", "its 'means' is missing"),
        ("text means", "its 'means' is not a SphinxTrain file"),
        ("nothing", "there is no such folder"),
    ])
    func adaptedModelsAreCheckedBeforeDecoding(_ damage: String, _ reason: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let adapted = folder.appendingPathComponent("speaker-model")
        switch damage {
        case "a file":
            try Data("1\n3\n".utf8).write(to: adapted)
        case "no means", "text means":
            try FileManager.default.createDirectory(at: adapted, withIntermediateDirectories: true)
            for file in AdaptedModel.unchangedFiles + AdaptedModel.adaptedFiles {
                try FileManager.default.copyItem(at: SpeechModel.debianEnglish.acousticModel.appendingPathComponent(file == "mixture_weights" ? "means" : file),
                                                 to: adapted.appendingPathComponent(file))
            }
            let means = adapted.appendingPathComponent("means")
            try FileManager.default.removeItem(at: means)
            if damage == "text means" { try Data("1.0 2.0\n".utf8).write(to: means) }
        default:
            break
        }
        #expect(throws: SpeechError.unreadableSpeakerAdaptation(path: adapted.path, reason: reason)) {
            try SpeechRecognizer(grammar: Fixtures.grammar, pronunciations: Fixtures.pronunciations,
                                 model: .debianEnglish.adapted(with: adapted))
        }
    }
}
