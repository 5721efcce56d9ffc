import VoiceLogCore
import VoiceLogSpeech

extension Transcript {
    /// `text`, `alternatives` and `confidence`, as in a transcription line.
    public var jsonMembers: [(key: String, value: JSONValue)] {
        [("text", .string(text)), ("alternatives", .array(alternatives.map(JSONValue.string))),
         ("confidence", confidence.map(JSONValue.number) ?? .null)]
    }

    /// " (confidence 0.93)", or nothing.
    public var confidenceText: String {
        confidence.map { " (confidence \(JSONValue.format(($0 * 100).rounded() / 100)))" } ?? ""
    }
}
