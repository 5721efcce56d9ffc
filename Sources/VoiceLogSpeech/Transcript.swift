/// What the recognizer heard in one utterance.
public struct Transcript: Sendable, Equatable, CustomStringConvertible {
    /// The best word sequence the grammar allows, lowercase words separated by single spaces;
    /// empty when nothing in the grammar matched (silence, noise, or speech far off grammar).
    public var text: String
    /// Other word sequences the grammar also allows, best first, from the decoder's n-best
    /// list; never contains `text`.
    public var alternatives: [String]
    /// How sure the recognizer is that the speech was `text` rather than something outside
    /// the grammar, from 0 to 1; nil when the confidence pass is turned off.
    public var confidence: Double?
    /// The utterance's audio as decoded, 16 kHz mono, from its start (with up to a second of
    /// silence before the speech), for callers that keep recordings (`voicelog adapt --mic`).
    public var audio: [Int16]

    public init(text: String, alternatives: [String] = [], confidence: Double? = nil, audio: [Int16] = []) {
        self.text = text
        self.alternatives = alternatives
        self.confidence = confidence
        self.audio = audio
    }

    /// True when nothing was recognized.
    public var isEmpty: Bool { text.isEmpty }

    /// Whether to take `text` as said: something was recognized and the confidence, where
    /// there is one, reaches `minimumConfidence`. Otherwise ask the user to repeat or confirm.
    public func isAccepted(minimumConfidence: Double = 0.5) -> Bool {
        !text.isEmpty && (confidence ?? 1) >= minimumConfidence
    }

    public var description: String {
        let confidence = confidence.map { " (confidence \(($0 * 100).rounded() / 100))" } ?? ""
        return (text.isEmpty ? "(nothing recognized)" : text) + confidence
    }
}
