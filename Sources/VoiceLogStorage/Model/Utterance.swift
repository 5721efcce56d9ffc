import VoiceLogCore

/// One accepted utterance, ready to commit: what was said or typed, how it was heard, and
/// the entries understood from it.
public struct Utterance: Hashable, Sendable {
    /// The words as said (the recogniser's best transcript) or typed.
    public var text: String
    public var source: UtteranceSource
    /// The clock relative times were resolved against ("two hours ago"), and the "now" of
    /// the feasibility rules.
    public var referenceTime: LocalDateTime
    /// The recogniser's other transcripts, best first; empty when typed.
    public var alternatives: [String]
    /// The name of the recorded audio file, when spoken and kept.
    public var audioFile: String?
    /// The entries understood, in the order they were said.
    public var entries: [Entry]
    /// The UTC offset in force where it was logged: by default this machine's at the reference time.
    public var utcOffset: UTCOffset

    public init(text: String, source: UtteranceSource, referenceTime: LocalDateTime,
                alternatives: [String] = [], audioFile: String? = nil, entries: [Entry], utcOffset: UTCOffset? = nil) {
        self.text = text
        self.source = source
        self.referenceTime = referenceTime
        self.alternatives = alternatives
        self.audioFile = audioFile
        self.entries = entries
        self.utcOffset = utcOffset ?? .inForce(at: referenceTime)
    }

    /// The utterance a parse result stands for: its input and its entries.
    public init(_ result: ParseResult, source: UtteranceSource, referenceTime: LocalDateTime,
                alternatives: [String] = [], audioFile: String? = nil) {
        self.init(text: result.input, source: source, referenceTime: referenceTime,
                  alternatives: alternatives, audioFile: audioFile, entries: result.entries)
    }
}
