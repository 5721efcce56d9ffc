import Foundation
import Synchronization
import VoiceLogSpeech

/// The transcripts the Wyoming server gave lately, with the recogniser's confidence in each.
///
/// Home Assistant sends speech to text and the text to its handler as two requests, often on
/// two connections, and the second carries no confidence. The handler looks the text up here:
/// words this server heard without being sure of them are not stored, and text it never heard
/// (typed into Home Assistant) is read as typed.
final class HeardTranscripts: Sendable {
    /// How long a transcript is remembered: Home Assistant hands the text on within seconds.
    let lifetime: TimeInterval
    /// How many transcripts are remembered at most; the oldest goes first.
    let capacity: Int
    private let heard = Mutex<[(key: String, confidence: Double?, at: Date)]>([])

    init(lifetime: TimeInterval = 120, capacity: Int = 64) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// Remembers what was heard, replacing an earlier transcript of the same words.
    func remember(_ transcript: Transcript, at now: Date = Date()) {
        guard !transcript.isEmpty else { return }
        let key = Self.key(transcript.text)
        heard.withLock { heard in
            heard.removeAll { $0.key == key || now.timeIntervalSince($0.at) > lifetime }
            heard.append((key, transcript.confidence, now))
            if heard.count > capacity { heard.removeFirst(heard.count - capacity) }
        }
    }

    /// `text` as this server heard it lately, with the confidence it was heard with; `text`
    /// alone, without a confidence, when it was not heard here (or too long ago).
    func transcript(of text: String, at now: Date = Date()) -> Transcript {
        let key = Self.key(text)
        let confidence = heard.withLock { heard in
            heard.last { $0.key == key && now.timeIntervalSince($0.at) <= lifetime }?.confidence
        }
        return Transcript(text: text, confidence: confidence)
    }

    /// The words of `text`, lowercase, without punctuation: Home Assistant may recase the text
    /// or end it with a full stop.
    private static func key(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
