/// What went wrong while setting up or running speech recognition.
///
/// Errors that come from a PocketSphinx call carry the messages the decoder logged during
/// that call, so the reason is the library's own.
public enum SpeechError: Error, Equatable {
    /// A model file or folder is not where it should be.
    case modelNotFound(path: String)
    /// A pronunciation file could not be read or has a line that is not `WORD PHONE PHONE…`.
    case unreadablePronunciations(path: String, reason: String)
    /// Words the grammar uses have no pronunciation in the model's dictionary nor in the
    /// caller's pronunciation file.
    case missingPronunciations(words: [String])
    /// The JSGF grammar does not parse, names no usable rule, or cannot reach its end.
    case invalidGrammar(reason: String, log: [DecoderLogMessage])
    /// `ps_init` or another set-up call failed.
    case decoderSetupFailed(reason: String, log: [DecoderLogMessage])
    /// A call made while decoding audio failed.
    case decodingFailed(operation: String, log: [DecoderLogMessage])
    /// Neither `parec` nor `arecord` is installed.
    case noRecorder(searched: [String])
    /// The recorder started but could not capture audio (no device, no server, no access).
    case recorderFailed(command: String, status: Int32, output: String)
    /// A program that speaker adaptation runs is not installed.
    case adaptationToolMissing(path: String)
    /// Speaker adaptation could not be computed from the recordings given.
    case adaptationFailed(reason: String)
    /// A speaker adaptation is missing or not a whole adapted model.
    case unreadableSpeakerAdaptation(path: String, reason: String)
}
