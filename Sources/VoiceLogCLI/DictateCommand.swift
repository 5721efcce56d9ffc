import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogSpeech

/// `voicelog dictate`: speech from a WAV file, raw PCM on standard input or the microphone,
/// split into utterances at silences; each is parsed, reported and, when `ok` and heard
/// with confidence, stored with its transcript and alternatives.
struct DictateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dictate",
        abstract: "Log entries by voice: from a WAV file (--audio), raw 16 kHz S16LE PCM on standard input (-), or the microphone (--mic)."
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var recording: RecordingOptions

    @Option(name: .long, help: ArgumentHelp("A WAV file to dictate from.", valueName: "FILE"))
    var audio: String?

    @Flag(name: .long, help: "Dictate from the microphone (through parec or arecord).")
    var mic = false

    @Option(name: .long, help: "Utterances heard with less confidence than this (0-1) are reported, not stored.")
    var minimumConfidence = 0.5

    @Argument(help: "- to read raw 16 kHz mono S16LE PCM from standard input.")
    var stdin: String?

    func validate() throws {
        let sources = [audio != nil, mic, stdin != nil].filter { $0 }.count
        if sources != 1 { throw ValidationError("Give one source: --audio FILE, --mic, or - for raw PCM on standard input.") }
        if let stdin, stdin != "-" { throw ValidationError("'\(stdin)' is not a source; use --audio FILE for a WAV file.") }
    }

    func run() throws {
        let grammar = try parsing.loadGrammar()
        let parser = UtteranceParser(grammar: grammar)
        let recognizer = try SpeechGrammar(grammar: grammar).recognizer()
        let recorder = try recording.recorder(source: .voice, grammar: grammar, now: parsing.referenceTime())
        let audioName = audio.map { URL(fileURLWithPath: $0).lastPathComponent }
        func handle(_ transcript: Transcript) {
            guard !transcript.isEmpty else { return }
            let now = parsing.referenceTime()
            var result = parser.parse(transcript.text, now: now)
            if !transcript.isAccepted(minimumConfidence: minimumConfidence), result.status == .ok {
                result.status = .unrecognized
                let heard = transcript.confidence.map { " (confidence \(JSONValue.format(($0 * 100).rounded() / 100)))" } ?? ""
                result.problems.append(Problem(field: nil, severity: .error,
                                               message: "Not sure '\(transcript.text)' was heard right\(heard); please say it again."))
            }
            recorder.record(result, referenceTime: now, alternatives: transcript.alternatives, audioFile: audioName,
                            extra: [("transcript", .object(transcript.jsonMembers))])
        }
        if let audio {
            let clip = try WAVReader.read(contentsOf: URL(fileURLWithPath: audio))
            let stream = try recognizer.makeStream()
            for transcript in try stream.feed(clip.speechSamples()) { handle(transcript) }
            if let last = try stream.finish() { handle(last) }
        } else if mic {
            try MicrophoneSource().listen(with: recognizer) { transcript in
                handle(transcript)
                return true
            }
        } else {
            try recognizer.transcribeStream(from: FileHandle.standardInput) { handle($0) }
        }
    }
}
