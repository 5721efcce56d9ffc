import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogSpeech

/// `voicelog dictate`: speech from a WAV file, raw PCM on standard input or the microphone,
/// split into utterances at silences; each is parsed, reported and, when `ok` and heard
/// with confidence, stored with its transcript and alternatives. With `--review`, each is
/// confirmed or corrected at the prompt instead, whatever the confidence.
struct DictateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dictate",
        abstract: "Log entries by voice: from a WAV file (--audio), raw 16 kHz S16LE PCM on standard input (-), or the microphone (--mic)."
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var recording: RecordingOptions

    @OptionGroup var speaker: AdaptationOptions
    @OptionGroup var searching: SpeechSearchOptions

    @Option(name: .long, help: ArgumentHelp("A WAV file to dictate from.", valueName: "FILE"))
    var audio: String?

    @Flag(name: .long, help: "Dictate from the microphone (through parec or arecord).")
    var mic = false

    @Option(name: .long, help: "Utterances heard with less confidence than this (0-1) are reported, not stored.")
    var minimumConfidence = 0.5

    @Flag(name: .long, help: "Confirm or correct each utterance at a prompt before it is stored (with --audio or --mic, at a terminal).")
    var review = false

    @Flag(name: .long, help: "With --review: keep each utterance accepted as heard (its audio and words, beside the database) and adapt to your voice from them once \(KeptRecordings.enoughToAdapt) are kept.")
    var learn = false

    @Argument(help: "- to read raw 16 kHz mono S16LE PCM from standard input.")
    var stdin: String?

    func validate() throws {
        let sources = [audio != nil, mic, stdin != nil].filter { $0 }.count
        if sources != 1 { throw ValidationError("Give one source: --audio FILE, --mic, or - for raw PCM on standard input.") }
        if let stdin, stdin != "-" { throw ValidationError("'\(stdin)' is not a source; use --audio FILE for a WAV file.") }
        if review, stdin != nil { throw ValidationError("--review answers on standard input, which here carries the audio; use --audio or --mic.") }
        if review, recording.dryRun || recording.format != .text { throw ValidationError("--review stores what is confirmed and writes text; drop --dry-run and --format.") }
        if learn, !review { throw ValidationError("--learn keeps what you accept at the prompt; add --review.") }
    }

    func run() throws {
        let grammar = try parsing.loadGrammar()
        let pipeline = EntryPipeline(grammar: grammar)
        let parser = pipeline.parser
        let model = speaker.model(database: recording.storage.db)
        // loading takes seconds: say so at a terminal, so that the wait is not a silence
        let loading = isatty(STDERR_FILENO) == 1
        if loading { FileHandle.standardError.write(Data("Loading the speech model…".utf8)) }
        let speech = try SpeechGrammar(grammar: grammar, model: model, freeWords: searching.freeWords)
        let recognizer = try speech.recognizer(options: searching.recognizerOptions, search: searching.search)
        if loading { FileHandle.standardError.write(Data(" ready.\n".utf8)) }
        if let adapted = model.speakerAdaptation, recording.format == .text {
            print("Adapted to your voice with \(adapted.path) (--no-adaptation to do without).")
        }
        let audioName = audio.map { URL(fileURLWithPath: $0).lastPathComponent }
        if review {
            let kept = learn ? try KeptRecordings(database: recording.storage.db) : nil
            let keptBefore = try kept?.count() ?? 0
            try reviewEach(from: recognizer, parser: parser, grammar: grammar, audioName: audioName, keepingIn: kept)
            if let kept { try adaptAgain(to: kept, keptBefore: keptBefore, pronunciations: speech.pronunciations) }
            try Interruption.exitIfHappened()
            return
        }
        let recorder = try recording.recorder(source: .voice, pipeline: pipeline, now: parsing.referenceTime())
        var unstored = UnstoredUtterances()
        func handle(_ transcript: Transcript) {
            guard !transcript.isEmpty else { return }
            let now = parsing.referenceTime()
            let result = pipeline.parse(transcript, now: now, minimumConfidence: minimumConfidence)
            let outcome = recorder.record(result, referenceTime: now, alternatives: transcript.alternatives, audioFile: audioName,
                                          extra: [("transcript", .object(transcript.jsonMembers))])
            if case .failed(let error)? = outcome { unstored.add(transcript.text, referenceTime: now, reason: error.description) }
        }
        try listen(with: recognizer) { transcript in
            handle(transcript)
            return true
        }
        if let database = recorder.database { try unstored.check(database: database.location, retry: "batch") }
    }

    /// Each utterance heard, shown with its confidence and alternatives, then stored, edited,
    /// typed again or skipped at the prompt; a summary at the end. Utterances accepted as heard
    /// are kept in `kept`, when given.
    private func reviewEach(from recognizer: SpeechRecognizer, parser: UtteranceParser, grammar: Grammar, audioName: String?,
                            keepingIn kept: KeptRecordings?) throws {
        let prompt = PromptInput()
        guard prompt.isTerminal else { throw CLIError("--review needs a terminal to ask at.") }
        let now = parsing.referenceTime()
        let database = try recording.storage.open(grammar: grammar)
        let reviewer = ReviewPrompt(input: prompt, renderer: ResultRenderer(now: now, colors: .forStandardOutput),
                                    parser: parser, database: database, now: now, source: .voice)
        var tally = ReviewTally()
        var unstored = UnstoredUtterances()
        try listen(with: recognizer) { transcript in
            guard !transcript.isEmpty else { return true }
            let confidence = transcript.confidence.map { ", confidence \(JSONValue.format(($0 * 100).rounded() / 100))" } ?? ""
            print("Heard \"\(transcript.text)\"\(confidence)")
            if !transcript.alternatives.isEmpty { print("  or perhaps: " + transcript.alternatives.map { "\"\($0)\"" }.joined(separator: ", ")) }
            let now = parsing.referenceTime()
            let decision = reviewer.review(parser.parse(transcript.text, now: now), speech: (transcript.alternatives, audioName))
            tally.count(decision)
            if case .failed(let text, let reason) = decision { unstored.add(text, referenceTime: now, reason: reason) }
            // Words the grammar search heard only: free text read by the language model is too
            // unsure a transcript to adapt to.
            if decision == .accepted, let kept, !transcript.audio.isEmpty, recognizer.canSay(transcript.text) {
                do { try kept.keep(transcript.audio, saying: transcript.text) } catch { print("  not kept for learning: \(error)") }
            }
            return decision != .quit
        }
        print(tally.summary(databasePath: database.path), terminator: "")
        try unstored.check(database: database.path, retry: "review")
    }

    /// After a `--learn` session: adapts to the kept recordings when this session added some
    /// and there are enough, else says how many are needed. The entries are stored by then, so
    /// a failure here is reported without failing the session.
    private func adaptAgain(to kept: KeptRecordings, keptBefore: Int, pronunciations: URL) throws {
        let count = try kept.count()
        guard count > keptBefore, !Interruption.happened else { return }
        print("Kept \(count - keptBefore) recordings for learning your voice (\(count) in all, in \(kept.folder.path)).")
        guard count >= KeptRecordings.enoughToAdapt else {
            print("Adapting to your voice begins once \(KeptRecordings.enoughToAdapt) are kept.")
            return
        }
        do {
            let destination = try AdaptationOptions.destination(given: speaker.adaptation, database: recording.storage.db)
            try AdaptCommand.adapt(to: kept.recordings(), writingTo: destination, pronunciations: pronunciations)
        } catch {
            print("Could not adapt to your voice: \(error) The recordings stay kept; try again with `voicelog adapt --kept`.")
        }
    }

    /// Hands each utterance of the chosen source to `handle` until the source ends or
    /// `handle` returns false.
    private func listen(with recognizer: SpeechRecognizer, _ handle: (Transcript) throws -> Bool) throws {
        if let audio {
            let samples = try WAVReader.read(contentsOf: URL(fileURLWithPath: audio)).speechSamples()
            let stream = try recognizer.makeStream()
            // Seconds of audio heard, on a terminal; not while the prompt asks.
            let progress = review ? ProgressLine(unit: "", enabled: false) { nil }
                : ProgressLine.besideResults(unit: "s of audio") { (samples.count + 15_999) / 16_000 }
            defer { progress.finish() }
            for start in stride(from: 0, to: samples.count, by: 16_000) {
                let second = Array(samples[start..<min(start + 16_000, samples.count)])
                for transcript in try stream.feed(second) where try !handle(transcript) { return }
                progress.advance()
            }
            if let last = try stream.finish() { _ = try handle(last) }
        } else if mic {
            try MicrophoneSource().listen(with: recognizer, onUtterance: handle)
        } else {
            try recognizer.transcribeStream(from: FileHandle.standardInput) { _ = try handle($0) }
        }
    }
}
