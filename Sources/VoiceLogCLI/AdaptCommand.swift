import ArgumentParser
import Foundation
import VoiceLogGrammars
import VoiceLogPipeline
import VoiceLogSpeech

/// `voicelog adapt`: adapts the acoustic model to one speaker from recordings of known
/// sentences; `dictate` and `transcribe` then decode with the adaptation.
struct AdaptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapt",
        abstract: "Adapt speech recognition to your voice from recordings of sentences (see --prompts).",
        discussion: """
            With --mic, each sentence is shown in turn: say it, pause, and the next one comes. \
            Or record yourself saying each sentence that --prompts prints (one WAV file a \
            sentence), list them in a file, one 'FILE<TAB>sentence' a line (numbers in words, as \
            said), and give it to --recordings. The adaptation is written beside the database \
            (or to --adaptation FOLDER) and used from then on by dictate and transcribe. \
            Recordings made with --mic, and utterances accepted at `dictate --review --learn`, \
            are kept in speaker-recordings beside the database; --kept adapts to them again.
            """
    )

    @Flag(name: .long, help: "Print the sentences to record, one a line, and stop.")
    var prompts = false

    @Flag(name: .long, help: "Record the sentences from the microphone, one after another (through parec or arecord).")
    var mic = false

    @Option(name: .long, help: ArgumentHelp("A list of recordings: 'FILE<TAB>sentence' a line; files relative to the list's folder.", valueName: "LIST"))
    var recordings: String?

    @Flag(name: .long, help: "Adapt to the recordings kept beside the database (by --mic and `dictate --review --learn`).")
    var kept = false

    @Option(name: .long, help: ArgumentHelp("The folder to write the speaker's model to (default: \(AdaptationOptions.folderName) beside the database).", valueName: "FOLDER"))
    var adaptation: String?

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if [prompts, mic, recordings != nil, kept].filter({ $0 }).count != 1 {
            throw ValidationError("Give one of --prompts (the sentences to record), --mic (record them now), --recordings LIST or --kept.")
        }
    }

    func run() throws {
        if prompts {
            for sentence in EnrolmentPrompts.sentences { print(sentence) }
            return
        }
        let speech = try SpeechGrammar(grammar: BundledGrammar.grammar)
        let recorded: [SpeakerAdaptation.Recording]
        if let recordings {
            recorded = try RecordingList(path: recordings).recordings
        } else if kept {
            let keptRecordings = try KeptRecordings(database: storage.db)
            guard try keptRecordings.count() > 0 else {
                throw CLIError("No recordings are kept in \(keptRecordings.folder.path) yet: record some with --mic or `dictate --review --learn`.")
            }
            recorded = try keptRecordings.recordings()
        } else {
            recorded = try recordFromMicrophone(speech, keepingIn: try? KeptRecordings(database: storage.db))
        }
        let destination = try AdaptationOptions.destination(given: adaptation, database: storage.db)
        try Self.adapt(to: recorded, writingTo: destination, pronunciations: speech.pronunciations)
        print("dictate and transcribe use it from now on\(adaptation == nil ? "" : " when given --adaptation \(destination.path)").")
    }

    /// Adapts the model to `recorded`, writes it to `destination`, and says how it went.
    static func adapt(to recorded: [SpeakerAdaptation.Recording], writingTo destination: URL, pronunciations: URL) throws {
        print("Adapting to \(recorded.count) recordings…")
        let progress = ProgressLine(unit: "steps") { SpeakerAdaptation.stages }
        let outcome = try SpeakerAdaptation(pronunciations: pronunciations).adapt(recorded, writingTo: destination) { progress.advance() }
        progress.finish()
        for name in outcome.leftOut { print("  left out \(name): its audio does not match its sentence") }
        print("Adapted to \(outcome.used) of \(recorded.count) recordings; written to \(destination.path).")
    }

    /// Shows each prompt and takes the next utterance from the microphone as its recording,
    /// until every prompt is said or the recorder stops; each is also kept in `kept`, when
    /// there is a place for it. Utterances are told apart with a grammar of the prompts alone.
    private func recordFromMicrophone(_ speech: SpeechGrammar, keepingIn kept: KeptRecordings?) throws -> [SpeakerAdaptation.Recording] {
        let sentences = EnrolmentPrompts.sentences
        let grammar = "#JSGF V1.0;\ngrammar prompts;\npublic <prompt> = " + sentences.map { "(\($0))" }.joined(separator: " | ") + ";\n"
        var options = RecognizerOptions()
        options.confidence = nil
        let recognizer = try SpeechRecognizer(grammar: grammar, pronunciations: speech.pronunciations, options: options)
        let microphone = try MicrophoneSource()
        print("Say each sentence after it is shown, then pause. \(sentences.count) sentences, about two minutes.")
        var recordings: [SpeakerAdaptation.Recording] = []
        func prompt() { print("[\(recordings.count + 1)/\(sentences.count)] \(sentences[recordings.count])") }
        prompt()
        try microphone.listen(with: recognizer) { transcript in
            guard !transcript.isEmpty else {
                print("  (nothing clear heard; say it again)")
                return true
            }
            let sentence = sentences[recordings.count]
            recordings.append(.init(name: "sentence \(recordings.count + 1)", samples: transcript.audio, sentence: sentence))
            try kept?.keep(transcript.audio, saying: sentence)
            guard recordings.count < sentences.count else { return false }
            prompt()
            return true
        }
        if recordings.count < sentences.count { print("The microphone stopped after \(recordings.count) sentences.") }
        return recordings
    }
}

/// The sentences `voicelog adapt --prompts` asks a speaker to record: every kind, and the
/// numbers the acoustic model confuses most (teens and tens, the digits).
enum EnrolmentPrompts {
    static let sentences = [
        "glucose six point four after dinner",
        "blood sugar eight point nine before lunch",
        "glucose eleven point six before bed",
        "glucose five point one fasting",
        "blood pressure one thirty two over eighty four",
        "blood pressure one fourteen over seventy",
        "fed one hundred fifty millilitres of formula",
        "fed ninety millilitres of breast milk",
        "fed four ounces of formula",
        "breastfed for fifteen minutes on the right side",
        "took two tablets of paracetamol",
        "took four hundred milligrams of ibuprofen",
        "oxygen level ninety seven percent",
        "oxygen saturation ninety three percent",
        "temperature thirty six point nine degrees",
        "temperature thirty eight degrees",
        "weight sixty three point five kilograms",
        "weighed seventy kilograms",
        "mild headache this morning",
        "severe stomach pain last night",
        "moderate nausea this evening",
        "feeling tired",
        "walked for forty minutes",
        "ran for thirteen minutes",
        "drank two glasses of water",
        "had a cup of tea",
        "tomorrow doctor's appointment at two pm",
        "eye appointment at ten am",
        "feeling anxious",
        "mood is fine",
        "mild dizziness this afternoon",
    ]
}

/// The recordings named by a list file: one 'FILE<TAB>sentence' a line, blank lines and
/// lines starting with # skipped.
struct RecordingList {
    let recordings: [SpeakerAdaptation.Recording]

    /// Reads the list and its recordings, or only the `latest` ones (the last lines).
    init(path: String, latest: Int = .max) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var recordings: [SpeakerAdaptation.Recording] = []
        let lines = try InputSource(path: path).lines()
        let listed = lines.enumerated().filter { !Self.isBlankOrComment($0.element) }
        try lines.finish()
        for (index, line) in listed.suffix(latest) {
            let columns = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard columns.count == 2 else {
                throw CLIError("\(path), line \(index + 1): expected a WAV file, a tab, and the sentence said in it.")
            }
            let sentence = try Self.words(of: columns[1], at: "\(path), line \(index + 1)")
            let file = columns[0].hasPrefix("/") ? URL(fileURLWithPath: columns[0]) : folder.appendingPathComponent(columns[0])
            let clip: AudioClip
            do { clip = try WAVReader.read(contentsOf: file) } catch {
                throw CLIError("\(path), line \(index + 1): \(error)")
            }
            recordings.append(.init(name: columns[0], samples: clip.speechSamples(), sentence: sentence))
        }
        self.recordings = recordings
    }

    static func isBlankOrComment(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// The sentence as the dictionary spells it: lower case, without punctuation; numbers must
    /// be written as said.
    static func words(of sentence: String, at place: String) throws -> String {
        if let number = sentence.split(whereSeparator: \.isWhitespace).first(where: { $0.contains(where: \.isNumber) }) {
            throw CLIError("\(place): write '\(number)' in words, as it was said (e.g. 'six point two', not '6.2').")
        }
        let words = sentence.lowercased().split { $0.isWhitespace || ".,;:!?\"".contains($0) }.map(String.init)
        guard !words.isEmpty else { throw CLIError("\(place): the sentence is empty.") }
        return words.joined(separator: " ")
    }
}
