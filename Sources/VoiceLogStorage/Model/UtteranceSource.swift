/// How an utterance reached VoiceLog.
public enum UtteranceSource: String, Sendable, CaseIterable, Codable {
    /// Typed at the prompt or given to `voicelog parse`.
    case typed
    /// A line of a transcript file given to `voicelog batch`.
    case batch
    /// Spoken and transcribed by the speech recogniser.
    case voice
}
