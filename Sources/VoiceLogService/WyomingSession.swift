import VoiceLogCore
import VoiceLogPipeline
import VoiceLogSpeech
import VoiceLogStorage

/// One Wyoming connection's state and answers. Home Assistant uses VoiceLog as two services:
/// speech to text (`audio-start`, `audio-chunk`s, `audio-stop`, answered with a `transcript`)
/// and a conversation agent (`transcript` in, answered with `handled` when the entries were
/// stored, or `not-handled` saying why not), whose answer it speaks. Text this server heard
/// without being sure of it is not stored: it asks for the entry again.
struct WyomingSession {
    let pipeline: EntryPipeline
    let speech: SpeechTranscriber
    let store: ServiceStore
    let metrics: ServiceMetrics
    /// What the server's sessions heard lately, shared by all of them.
    let heard: HeardTranscripts

    /// Audio of the utterance under way, as 16-bit mono samples at `rate`.
    private var samples: [Int16] = []
    /// The utterance under way decoded as it arrives (16 kHz mono audio, the recogniser free),
    /// so that the transcript is ready soon after `audio-stop`; `samples` are kept as well, to
    /// be decoded whole if it is dropped.
    private var live: SpeechTranscriber.LiveUtterance?
    private var format = (rate: 16_000, width: 2, channels: 1)
    private var samplesLimit = 16_000 * 60

    init(pipeline: EntryPipeline, speech: SpeechTranscriber, store: ServiceStore, metrics: ServiceMetrics,
         heard: HeardTranscripts) {
        self.pipeline = pipeline
        self.speech = speech
        self.store = store
        self.metrics = metrics
        self.heard = heard
    }

    /// The events that answer `event` (none for most audio events).
    mutating func answer(_ event: WyomingEvent) async -> [WyomingEvent] {
        switch event.type {
        case "describe":
            return [Self.info]
        case "ping":
            return [WyomingEvent(type: "pong", data: event["text"].map { [("text", $0)] } ?? [])]
        case "transcribe":
            samples = []
            return []
        case "audio-start":
            samples = []
            endLive()
            if let error = setFormat(event) { return [error] }
            if decodesLive { live = await speech.beginUtterance() }
            return []
        case "audio-chunk":
            if let error = setFormat(event) { endLive(); return [error] }
            let before = samples.count
            if let error = append(event.payload) { endLive(); return [error] }
            if let live {
                if decodesLive {
                    speech.feed(live, samples: Array(samples[before...]))
                } else {
                    endLive()
                }
            }
            return []
        case "audio-stop":
            let said = samples
            samples = []
            do {
                // a satellite is sent the text alone: no alternatives to align
                var decodedLive: Transcript?
                if let live {
                    self.live = nil
                    decodedLive = try await speech.finish(live, alternatives: false)
                }
                let transcript: Transcript
                if let decodedLive {
                    transcript = decodedLive
                } else {
                    let clip = AudioClip(sampleRate: format.rate, channelCount: 1, samples: said.map { Float($0) / 32768 })
                    transcript = try await speech.transcribe(samples: clip.speechSamples(), alternatives: false)
                }
                heard.remember(transcript)
                return [WyomingEvent(type: "transcript", data: [("text", .string(transcript.text)), ("language", .string("en"))])]
            } catch {
                return [Self.error("Speech could not be recognised: \(error)", code: "speech-failed")]
            }
        case "transcript":
            guard case .string(let text)? = event["text"] else { return [Self.error("A transcript needs 'text'.", code: "bad-event")] }
            return [await handle(text)]
        default:
            return []
        }
    }

    /// Whether the audio can go to the recogniser as it comes: 16 kHz mono, nothing to mix or
    /// resample.
    private var decodesLive: Bool { format.rate == 16_000 && format.channels == 1 }

    /// Drops the utterance decoded as it arrived, if any: the connection closed, or its audio
    /// is no longer 16 kHz mono.
    mutating func endLive() {
        if let live { speech.cancel(live) }
        live = nil
    }

    /// Reads and stores what was said; the answer is the sentence to speak back.
    private func handle(_ text: String) async -> WyomingEvent {
        let now = SystemClock.now()
        let result = pipeline.parse(heard.transcript(of: text), now: now)
        metrics.countResult(result.status, route: "wyoming")
        let spoken = ResultRenderer(now: now, colors: .none)
        guard result.status == .ok else {
            let reason = (result.problems.first { $0.severity == .error } ?? result.problems.first)?.message ?? "I did not understand '\(text)'."
            return WyomingEvent(type: "not-handled", data: [("text", .string("Not logged. \(reason)"))])
        }
        let pipeline = pipeline
        let outcome = try? await store.run { pipeline.store(result, in: $0, source: .voice, referenceTime: now) }
        switch outcome {
        case .stored(let utterance)?:
            metrics.countStored()
            let said = utterance.entries.map { entry in
                let described = spoken.describe(entry.entry)
                return described.prefix(1).lowercased() + described.dropFirst()
            }.joined(separator: "; ")
            return WyomingEvent(type: "handled", data: [("text", .string("Logged \(said)."))])
        case .failed(let error)?:
            metrics.countStoreFailure()
            return WyomingEvent(type: "not-handled", data: [("text", .string("Not logged. \(error.description)"))])
        case .notStored?, nil:
            return WyomingEvent(type: "not-handled", data: [("text", .string("Not logged: the store could not be reached."))])
        }
    }

    /// Takes the format of an `audio-start` or `audio-chunk`; only 16-bit samples are read.
    private mutating func setFormat(_ event: WyomingEvent) -> WyomingEvent? {
        guard case .number(let rate)? = event["rate"], case .number(let width)? = event["width"],
              case .number(let channels)? = event["channels"]
        else { return nil }
        guard width == 2, (1...8).contains(channels), (8_000...96_000).contains(rate) else {
            return Self.error("Audio must be 16-bit PCM (width 2), 1 to 8 channels, 8 to 96 kHz.", code: "bad-audio")
        }
        format = (Int(rate), 2, Int(channels))
        samplesLimit = Int(rate) * 60
        return nil
    }

    /// Adds a chunk's samples, mixed to mono; an utterance over a minute is refused.
    private mutating func append(_ payload: [UInt8]) -> WyomingEvent? {
        let channels = format.channels
        let frames = payload.count / (2 * channels)
        guard samples.count + frames <= samplesLimit else {
            samples = []
            return Self.error("An utterance may be at most 60 seconds long.", code: "too-long")
        }
        samples.reserveCapacity(samples.count + frames)
        for frame in 0..<frames {
            var sum = 0
            for channel in 0..<channels {
                let at = (frame * channels + channel) * 2
                sum += Int(Int16(bitPattern: UInt16(payload[at]) | UInt16(payload[at + 1]) << 8))
            }
            samples.append(Int16(sum / channels))
        }
        return nil
    }

    static func error(_ text: String, code: String) -> WyomingEvent {
        WyomingEvent(type: "error", data: [("text", .string(text)), ("code", .string(code))])
    }

    /// The answer to `describe`: one speech-to-text program and one handler, in English.
    static let info: WyomingEvent = {
        let attribution = JSONValue.object([("name", .string("VoiceLog")), ("url", .string("https://github.com/voicelog/voicelog"))])
        func artifact(_ name: String, _ description: String, _ extra: [(key: String, value: JSONValue)]) -> JSONValue {
            .object([("name", .string(name)), ("attribution", attribution), ("installed", .bool(true)),
                     ("description", .string(description)), ("version", .string("1"))] + extra)
        }
        let english: [(key: String, value: JSONValue)] = [("languages", .array([.string("en")]))]
        let asr = artifact("voicelog", "Health entries heard with PocketSphinx and VoiceLog's grammar", [
            ("models", .array([artifact("voicelog-en-us", "PocketSphinx en-US with the grammar's language model", english)])),
            ("supports_transcript_streaming", .bool(false)),
        ])
        let handle = artifact("voicelog", "Logs the health entries said, and says what was logged", [
            ("models", .array([artifact("voicelog-entries", "VoiceLog's grammar and feasibility rules", english)])),
            ("supports_handled_streaming", .bool(false)),
        ])
        return WyomingEvent(type: "info", data: [
            ("asr", .array([asr])), ("tts", .array([])), ("handle", .array([handle])), ("intent", .array([])),
            ("wake", .array([])), ("mic", .array([])), ("snd", .array([])),
        ])
    }()
}
