import Hummingbird
import NIOCore
import VoiceLogPipeline
import VoiceLogSpeech

extension SpeechTranscriber {
    /// What was said in a request's WAV body: 413 over `limit`, 400 when it is not a WAV file
    /// that can be read (saying why), 503 when the recogniser cannot be loaded.
    func transcribe(_ request: Request, limit: Int) async throws -> Transcript {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIProblem(.contentTooLarge, "The audio is larger than \(limit) bytes.")
        }
        do {
            return try await transcribe(wav: Array(buffer.readableBytesView))
        } catch let error as WAVError {
            throw APIProblem(.badRequest, "The body is not audio that can be read: \(error).")
        } catch let error as SpeechError {
            throw APIProblem(.serviceUnavailable, "Speech cannot be recognised here: \(error).")
        }
    }
}
