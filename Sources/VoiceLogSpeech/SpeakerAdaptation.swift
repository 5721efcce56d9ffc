import Foundation

/// Adapts the acoustic model to one speaker from recordings of known sentences: a copy of the
/// model whose Gaussians, mixture weights and transitions are moved towards the speaker's
/// speech (maximum a posteriori), computed with Debian's SphinxTrain (`bw` counts how the
/// speech aligns with each sentence, `map_adapt` re-estimates) and decoded with in place of
/// the model (`SpeechModel.speakerAdaptation`).
///
/// ```swift
/// let outcome = try SpeakerAdaptation().adapt(recordings, writingTo: folderURL)
/// let recognizer = try SpeechRecognizer(grammar: jsgf, model: .debianEnglish.adapted(with: folderURL))
/// ```
public struct SpeakerAdaptation: Sendable {
    /// One recording: 16 kHz mono samples of a speaker saying `sentence`.
    public struct Recording: Sendable {
        /// Names the recording in messages, e.g. its file name.
        public var name: String
        public var samples: [Int16]
        /// The words said, lower case, as the dictionary spells them.
        public var sentence: String

        public init(name: String, samples: [Int16], sentence: String) {
            self.name = name
            self.samples = samples
            self.sentence = sentence
        }
    }

    /// What an adaptation used.
    public struct Outcome: Sendable, Equatable {
        /// How many recordings went into the adapted model.
        public var used: Int
        /// Recordings whose audio could not be aligned with their sentence (another sentence
        /// said, cut off, or noise), left out.
        public var leftOut: [String]
    }

    /// Fewer recordings than this are refused: a handful of sentences tells too little about a
    /// voice to be worth a model of its own.
    public static let fewestRecordings = 5

    public var model: SpeechModel
    /// Pronunciations for words the model's dictionary lacks (CMUdict format).
    public var pronunciations: URL?
    public var tools: SphinxTrainTools

    public init(model: SpeechModel = .debianEnglish, pronunciations: URL? = nil, tools: SphinxTrainTools = .debian) {
        self.model = model
        self.pronunciations = pronunciations
        self.tools = tools
    }

    /// Computes the speaker's model from `recordings` and writes it to the folder
    /// `destination`, replacing the one there only when the whole computation succeeded.
    ///
    /// - Throws: `SpeechError.adaptationFailed` (too few recordings, none aligned, a tool
    ///   failed), `.adaptationToolMissing`, `.missingPronunciations` for words no dictionary
    ///   can say, `.modelNotFound`.
    /// How many times `adapt` reports a stage done: pronunciations, features, counts, model.
    public static let stages = 4

    @discardableResult
    public func adapt(_ recordings: [Recording], writingTo destination: URL, stageDone: () -> Void = {}) throws -> Outcome {
        try model.checkExists()
        try tools.checkInstalled()
        guard recordings.count >= Self.fewestRecordings else {
            throw SpeechError.adaptationFailed(reason: "\(recordings.count) recording\(recordings.count == 1 ? "" : "s") given; "
                + "at least \(Self.fewestRecordings) are needed (about 20 give a good adaptation)")
        }
        let words = Array(Set(recordings.flatMap { $0.sentence.split(separator: " ").map(String.init) })).sorted()
        let dictionary = try PronunciationDictionary(words: words, base: model.dictionary, extra: pronunciations)

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-adapt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let trainingModel = try TrainingModel(model: model, tools: tools, folder: work)

        let (counts, leftOut) = try count(recordings, dictionary: dictionary, trainingModel: trainingModel, in: work,
                                          stageDone: stageDone)
        guard leftOut.count < recordings.count else {
            throw SpeechError.adaptationFailed(reason: "no recording could be aligned with its sentence; check that each "
                + "file holds the speaker saying its sentence, clearly and whole")
        }
        try writeModel(from: counts, trainingModel: trainingModel, to: destination)
        stageDone()
        return Outcome(used: recordings.count - leftOut.count, leftOut: leftOut)
    }

    /// Writes the recordings, their features and their pronounced sentences into `work`, and
    /// counts with `bw` how their speech aligns with the model: the folder of counts, and the
    /// names of the recordings that could not be aligned.
    private func count(_ recordings: [Recording], dictionary: PronunciationDictionary, trainingModel: TrainingModel,
                       in work: URL, stageDone: () -> Void) throws -> (counts: URL, leftOut: [String]) {
        // Recordings are named by number in the tools' files; messages use their own names.
        let ids = recordings.indices.map { "r\($0)" }
        for (id, recording) in zip(ids, recordings) {
            let bytes = recording.samples.withUnsafeBufferPointer { Data(buffer: $0) }
            try bytes.write(to: work.appendingPathComponent("\(id).raw"))
        }
        let control = work.appendingPathComponent("recordings.ctl")
        try Data(ids.map { $0 + "\n" }.joined().utf8).write(to: control)
        let dictionaryFile = work.appendingPathComponent("words.dict")
        try Data(dictionary.text.utf8).write(to: dictionaryFile)
        let sentences = try pronouncedSentences(recordings, dictionary: dictionaryFile)
        let transcription = work.appendingPathComponent("recordings.transcription")
        try Data(zip(ids, sentences).map { "<s> \($1) </s> (\($0))\n" }.joined().utf8).write(to: transcription)
        stageDone()

        // Dithered, as sound cards are: stretches of digital silence (synthetic or edited audio)
        // otherwise give features no speech has, and most recordings fail to align.
        try tools.run(tools.featureExtractor, [
            "-argfile", model.acousticModel.appendingPathComponent("feat.params").path, "-samprate", "16000",
            "-raw", "yes", "-input_endian", "little", "-dither", "yes", "-seed", "1",
            "-c", control.path, "-di", work.path, "-do", work.path, "-ei", "raw", "-eo", "mfc",
        ])
        stageDone()
        let counts = work.appendingPathComponent("counts")
        try FileManager.default.createDirectory(at: counts, withIntermediateDirectories: true)
        let countLog = try countAlignments(trainingModel.countingArguments + [
            "-dictfn", dictionaryFile.path, "-fdictfn", model.acousticModel.appendingPathComponent("noisedict").path,
            "-ctlfn", control.path, "-lsnfn", transcription.path, "-cepdir", work.path, "-accumdir", counts.path,
        ])
        stageDone()
        let leftOutIDs = Self.unalignedRecordings(in: countLog)
        return (counts, zip(ids, recordings).filter { leftOutIDs.contains($0.0) }.map(\.1.name))
    }

    /// Re-estimates the model from `counts` into a folder beside `destination`, checks it, and
    /// moves it over `destination`, so that a failure leaves the earlier one.
    private func writeModel(from counts: URL, trainingModel: TrainingModel, to destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: partial) }
        for file in AdaptedModel.unchangedFiles {
            try FileManager.default.copyItem(at: model.acousticModel.appendingPathComponent(file), to: partial.appendingPathComponent(file))
        }
        try tools.run(tools.mapAdapt, trainingModel.parameterArguments + [
            "-accumdir", counts.path,
            "-mapmeanfn", partial.appendingPathComponent("means").path,
            "-mapvarfn", partial.appendingPathComponent("variances").path,
            "-mapmixwfn", partial.appendingPathComponent("mixture_weights").path,
            "-maptmatfn", partial.appendingPathComponent("transition_matrices").path,
        ])
        try AdaptedModel.check(partial)
        try AdaptedModel.replace(destination, with: partial)
    }

    /// Each recording's sentence with, for every word, the pronunciation its audio aligns best
    /// with ("am(2)" for "A M"), since `bw` takes a word's first; the sentence as written
    /// when it does not align.
    private func pronouncedSentences(_ recordings: [Recording], dictionary: URL) throws -> [String] {
        let arguments = model.decoderArguments(dictionary: dictionary) + [("-fsgusealtpron", "yes")]
        let aligner = SentenceAligner(decoder: try PocketSphinxDecoder(arguments: arguments, log: nil))
        return try recordings.map { recording in
            let words = recording.sentence.split(separator: " ").map(String.init)
            let heard = try aligner.align(words, samples: recording.samples)?.segments.filter { !$0.isFiller }
            guard let heard, heard.map(\.word) == words else { return recording.sentence }
            return heard.map(\.pronounced).joined(separator: " ")
        }
    }

    /// Runs `bw` with beams wider than its own 1e-100, which left out good recordings (2 of
    /// 28 of one voice; 1e-150: 1, and still 2 of 4 in a list with two pairs of sentences
    /// swapped), and with its own when the wide ones fail (bw asserts on an underflow with
    /// some recordings at 1e-180 and wider).
    private func countAlignments(_ arguments: [String]) throws -> String {
        do {
            return try tools.run(tools.baumWelch, arguments + ["-abeam", "1e-150", "-bbeam", "1e-150"])
        } catch {
            return try tools.run(tools.baumWelch, arguments)
        }
    }

    /// The ids `bw` reports it ignored: "ERROR: "baum_welch.c", line 324: r2 ignored".
    static func unalignedRecordings(in log: String) -> Set<String> {
        Set(log.split(separator: "\n").compactMap { line in
            guard line.hasSuffix(" ignored"), let id = line.dropLast(" ignored".count).split(separator: " ").last else { return nil }
            return String(id)
        })
    }
}
