import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogSpeech

/// `voicelog transcribe FILE...`: the words heard in each WAV file.
struct TranscribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcribe",
        abstract: "Print the words heard in WAV files, searched with the grammar (any sample rate or channel count)."
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var speaker: AdaptationOptions
    @OptionGroup var searching: SpeechSearchOptions

    @Option(name: .long, help: "Output format: text or jsonl.")
    var format: OutputFormat = .text

    @Argument(help: "WAV files.")
    var files: [String]

    func run() throws {
        let model = speaker.model(database: nil)
        let recognizer = try SpeechGrammar(grammar: parsing.loadGrammar(), model: model, freeWords: searching.freeWords).recognizer(options: searching.recognizerOptions, search: searching.search)
        var failed = 0
        let progress = ProgressLine.besideResults(unit: "files") { files.count }
        defer { progress.finish() }
        for file in files {
            defer { progress.advance() }
            var members: [(key: String, value: JSONValue)] = [("file", .string(file))]
            do {
                let transcript = try recognizer.recognize(contentsOf: URL(fileURLWithPath: file))
                members += transcript.jsonMembers
                if format == .text {
                    print("\(file): \(transcript.text.isEmpty ? "(nothing heard)" : transcript.text)\(transcript.confidenceText)")
                }
            } catch {
                failed += 1
                members.append(("error", .string(String(describing: error))))
                if format == .text { print("\(file): \(error)") }
            }
            if format != .text { print(JSONValue.object(members).serialized()) }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
