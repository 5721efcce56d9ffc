import Dispatch
import VoiceLogSpeech

/// One recogniser shared by concurrent callers (the service's requests and Wyoming
/// sessions): utterances are decoded one at a time on a queue of its own, and the recogniser
/// is made there by the first of them (or by ``warmUp()``), so a server starts at once.
public final class SpeechTranscriber: @unchecked Sendable {
    private let queue = DispatchQueue(label: "voicelog.speech")
    private let makeRecognizer: () throws -> SpeechRecognizer
    /// Touched only on `queue`.
    private var recognizer: Result<SpeechRecognizer, any Error>?

    public init(_ makeRecognizer: @escaping () throws -> SpeechRecognizer) {
        self.makeRecognizer = makeRecognizer
    }

    /// Starts making the recogniser now, so the first utterance does not wait for it.
    public func warmUp() {
        queue.async { _ = self.loaded() }
    }

    /// What was said in 16 kHz mono samples; `alternatives: false` skips the readings one
    /// confusable word apart, for callers that show only the text.
    public func transcribe(samples: [Int16], alternatives: Bool = true) async throws -> Transcript {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.loaded().get().recognize(samples, alternatives: alternatives) })
            }
        }
    }

    /// What was said in the bytes of a WAV file of any common format and rate.
    public func transcribe(wav bytes: [UInt8]) async throws -> Transcript {
        try await transcribe(samples: WAVReader.decode(bytes).speechSamples())
    }

    private func loaded() -> Result<SpeechRecognizer, any Error> {
        if let recognizer { return recognizer }
        let made = Result { try makeRecognizer() }
        recognizer = made
        return made
    }
}
