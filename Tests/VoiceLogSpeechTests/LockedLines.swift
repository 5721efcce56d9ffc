import Foundation
import VoiceLogSpeech

/// Collects log messages from a `@Sendable` callback.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [DecoderLogMessage] = []

    func append(_ line: DecoderLogMessage) { lock.withLock { lines.append(line) } }
    var all: [DecoderLogMessage] { lock.withLock { lines } }
}
