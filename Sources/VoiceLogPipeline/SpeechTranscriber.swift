import Dispatch
import VoiceLogSpeech

/// One recogniser shared by concurrent callers (the service's requests and Wyoming
/// sessions): utterances are decoded one at a time on a queue of its own, and the recogniser
/// is made there by the first of them (or by ``warmUp()``), so a server starts at once.
///
/// A caller whose audio comes in pieces (a Wyoming satellite) may have it decoded as it
/// arrives: ``beginUtterance()``, ``feed(_:samples:)``, ``finish(_:alternatives:)``. Such an
/// utterance holds the recogniser until it ends; whole utterances asked for meanwhile wait.
public final class SpeechTranscriber: @unchecked Sendable {
    /// An utterance being decoded as its audio arrives.
    public struct LiveUtterance: Sendable, Equatable {
        fileprivate let id: UInt64
    }

    /// A live utterance not ended by then is dropped, so that a satellite gone quiet does not
    /// hold the recogniser: by default longer than the longest utterance a session accepts.
    public let liveUtteranceLimit: DispatchTimeInterval
    private let queue = DispatchQueue(label: "voicelog.speech")
    private let makeRecognizer: () throws -> SpeechRecognizer
    /// Touched only on `queue`: the recogniser, the live utterance and whether feeding it
    /// failed, and the work waiting for it to end.
    private var recognizer: Result<SpeechRecognizer, any Error>?
    private var live: (utterance: LiveUtterance, failed: Bool)?
    private var lastID: UInt64 = 0
    private var waiting: [() -> Void] = []

    public init(liveUtteranceLimit: DispatchTimeInterval = .seconds(75), _ makeRecognizer: @escaping () throws -> SpeechRecognizer) {
        self.liveUtteranceLimit = liveUtteranceLimit
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
                self.whenFree {
                    continuation.resume(with: Result { try self.loaded().get().recognize(samples, alternatives: alternatives) })
                }
            }
        }
    }

    /// What was said in the bytes of a WAV file of any common format and rate.
    public func transcribe(wav bytes: [UInt8]) async throws -> Transcript {
        try await transcribe(samples: WAVReader.decode(bytes).speechSamples())
    }

    /// Starts an utterance decoded as its 16 kHz mono audio arrives; nil when another one is
    /// under way or the recogniser cannot be made (the caller then sends the whole utterance).
    public func beginUtterance() async -> LiveUtterance? {
        await withCheckedContinuation { continuation in
            queue.async {
                guard self.live == nil, let recognizer = try? self.loaded().get(), (try? recognizer.beginUtterance()) != nil else {
                    return continuation.resume(returning: nil)
                }
                self.lastID += 1
                let utterance = LiveUtterance(id: self.lastID)
                self.live = (utterance, false)
                self.queue.asyncAfter(deadline: .now() + self.liveUtteranceLimit) { self.drop(utterance) }
                continuation.resume(returning: utterance)
            }
        }
    }

    /// Decodes the next samples of `utterance`, in the order given.
    public func feed(_ utterance: LiveUtterance, samples: [Int16]) {
        queue.async {
            guard self.live?.utterance == utterance, self.live?.failed == false, let recognizer = try? self.loaded().get() else { return }
            if (try? recognizer.continueUtterance(samples)) == nil { self.live?.failed = true }
        }
    }

    /// Ends `utterance` and reads what was said; nil when it was dropped or could not be
    /// decoded, so the caller decodes the whole of its audio instead.
    public func finish(_ utterance: LiveUtterance, alternatives: Bool = true) async throws -> Transcript? {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                guard let live = self.live, live.utterance == utterance, !live.failed, let recognizer = try? self.loaded().get() else {
                    self.drop(utterance)
                    return continuation.resume(returning: nil)
                }
                let heard = Result { try recognizer.endUtterance(alternatives: alternatives) }
                self.end(utterance)
                continuation.resume(with: heard.map { Optional($0) })
            }
        }
    }

    /// Drops `utterance` (its connection closed before its end).
    public func cancel(_ utterance: LiveUtterance) {
        queue.async { self.drop(utterance) }
    }

    /// On `queue`: ends `utterance` part way, if it is the live one, leaving the recogniser as
    /// it was before it.
    private func drop(_ utterance: LiveUtterance) {
        guard live?.utterance == utterance else { return }
        try? loaded().get().dropUtterance()
        end(utterance)
    }

    /// On `queue`: frees the recogniser held by `utterance` and runs what waited for it.
    private func end(_ utterance: LiveUtterance) {
        guard live?.utterance == utterance else { return }
        live = nil
        let held = waiting
        waiting = []
        for work in held { work() }
    }

    /// On `queue`: runs `work` now, or when the live utterance ends.
    private func whenFree(_ work: @escaping () -> Void) {
        if live == nil { work() } else { waiting.append(work) }
    }

    private func loaded() -> Result<SpeechRecognizer, any Error> {
        if let recognizer { return recognizer }
        let made = Result { try makeRecognizer() }
        recognizer = made
        return made
    }
}
