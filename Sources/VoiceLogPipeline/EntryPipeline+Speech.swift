import VoiceLogCore
import VoiceLogSpeech

extension EntryPipeline {
    /// The confidence below which what was heard is not offered as entries, by default.
    public static let defaultMinimumConfidence = 0.5

    /// The result for what was heard. When the recogniser was not sure of the words (below
    /// `minimumConfidence`), an `ok` reading is not offered: it becomes `unrecognized`, with
    /// no entries and a problem that quotes the words heard and asks to say it again.
    public func parse(_ transcript: Transcript, now: LocalDateTime,
                      minimumConfidence: Double = defaultMinimumConfidence) -> ParseResult {
        var result = parse(transcript.text, now: now)
        guard !transcript.isAccepted(minimumConfidence: minimumConfidence), result.status == .ok else { return result }
        result.status = .unrecognized
        result.entries = []
        result.problems.append(Problem(field: nil, severity: .error,
                                       message: "Not sure '\(transcript.text)' was heard right\(transcript.confidenceText); please say it again."))
        return result
    }
}
