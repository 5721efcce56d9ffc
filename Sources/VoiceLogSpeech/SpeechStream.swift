import Foundation

/// Splits a continuous stream of 16 kHz mono audio into utterances at silences, using
/// PocketSphinx's voice detector (`ps_get_in_speech`), and recognizes each one. An utterance
/// that free text may follow but that holds none ("note") is given together with the next
/// one, read by the language model as that free text.
///
/// Get one from `SpeechRecognizer.makeStream()`; while it is open, use the recognizer for
/// nothing else.
public final class SpeechStream {
    private let decoder: UtteranceDecoder
    /// Samples fed at once: 0.064 s, so an utterance ends close to where its silence starts.
    private let blockSize = 1024
    /// Samples of waiting before speech after which the utterance starts again from its last
    /// `onsetSamples`, so that hours of silence hold no more than 30 s of audio.
    private let longestWait = 30 * 16_000
    private let onsetSamples = 16_000
    private var heardSpeech = false
    /// An utterance that free text may follow but that holds none ("note"): the next one is
    /// read as its free text, unless no speech comes within `freeTextWait` samples.
    private var awaitingFreeText: Transcript?
    private let freeTextWait = 5 * 16_000
    /// A byte of a sample split between two chunks of raw input.
    private var pendingByte: UInt8?
    /// Whether each transcript lists the readings one confusable word apart; without them the
    /// result comes sooner after the end of speech (`UtteranceDecoder.finish(alternatives:)`).
    public var alternatives = true

    init(decoder: UtteranceDecoder) throws {
        self.decoder = decoder
        try decoder.start()
    }

    /// Feeds samples; returns a transcript for each utterance whose ending silence they hold.
    /// A transcript with empty text means speech was heard but matched nothing.
    public func feed(_ samples: [Int16]) throws -> [Transcript] {
        var finished: [Transcript] = []
        try samples.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + blockSize, buffer.count)
                let inSpeech = try decoder.process(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                if inSpeech {
                    heardSpeech = true
                } else if heardSpeech {
                    heardSpeech = false
                    if let transcript = try finishUtterance() { finished.append(transcript) }
                    try decoder.start()
                } else if let pending = awaitingFreeText, decoder.sampleCount > freeTextWait {
                    awaitingFreeText = nil
                    finished.append(pending)
                } else if decoder.sampleCount > longestWait {
                    try decoder.restart(keepingLast: onsetSamples)
                }
                start = end
            }
        }
        return finished
    }

    /// The transcript of the utterance that just ended, or nil while it waits for its free text.
    private func finishUtterance() throws -> Transcript? {
        if var pending = awaitingFreeText {
            awaitingFreeText = nil
            pending.text = ([pending.text] + (try decoder.finishFreeText())).joined(separator: " ")
            return pending
        }
        let transcript = try decoder.finish(alternatives: alternatives)
        if decoder.awaitsFreeText(after: transcript) {
            awaitingFreeText = transcript
            return nil
        }
        return transcript
    }

    /// Feeds raw little-endian 16-bit PCM bytes (`S16LE`), in chunks of any size.
    public func feed(bytes: some Collection<UInt8>) throws -> [Transcript] {
        var samples: [Int16] = []
        samples.reserveCapacity(bytes.count / 2 + 1)
        var low = pendingByte
        for byte in bytes {
            if let first = low {
                samples.append(Int16(bitPattern: UInt16(first) | UInt16(byte) << 8))
                low = nil
            } else {
                low = byte
            }
        }
        pendingByte = low
        return try feed(samples)
    }

    /// Ends the stream; returns the last utterance if speech was still going on, or one that
    /// was waiting for its free text.
    public func finish() throws -> Transcript? {
        guard decoder.isStarted else { return nil }
        defer { heardSpeech = false }
        guard heardSpeech else {
            _ = try decoder.finish()
            return awaitingFreeText.take()
        }
        return try finishUtterance() ?? awaitingFreeText.take()
    }

    /// Reads raw 16 kHz mono S16LE PCM from `handle` (standard input, a pipe, a file) until
    /// it ends, calling `onUtterance` with each transcript as its utterance ends.
    public func run(reading handle: FileHandle, onUtterance: (Transcript) throws -> Void) throws {
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            for transcript in try feed(bytes: chunk) { try onUtterance(transcript) }
        }
        if let last = try finish() { try onUtterance(last) }
    }
}
