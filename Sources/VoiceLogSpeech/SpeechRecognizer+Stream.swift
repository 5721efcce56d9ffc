import Foundation

extension SpeechRecognizer {
    /// Starts recognizing a continuous stream of 16 kHz mono audio, utterance by utterance.
    public func makeStream() throws -> SpeechStream {
        try SpeechStream(decoder: decoder)
    }

    /// Recognizes every utterance of raw 16 kHz mono S16LE PCM read from `handle` until it
    /// ends, e.g. `FileHandle.standardInput` fed by `arecord -f S16_LE -r 16000 -c 1 -t raw`.
    public func transcribeStream(from handle: FileHandle, onUtterance: (Transcript) throws -> Void) throws {
        try makeStream().run(reading: handle, onUtterance: onUtterance)
    }
}
