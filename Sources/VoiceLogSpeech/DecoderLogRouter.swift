import CPocketSphinx
import Foundation

/// Receives PocketSphinx's process-wide log and hands each message to the capture opened
/// by the thread that made the C call, so errors can be thrown with the decoder's own words.
///
/// sphinxbase has one global log callback; the decoder calls it synchronously on the thread
/// that called into the library, so a per-thread capture keeps concurrent decoders apart.
final class DecoderLogRouter: @unchecked Sendable {
    static let shared = DecoderLogRouter()

    private let lock = NSLock()
    /// Open captures per thread, innermost last.
    private var captures: [ObjectIdentifier: [[DecoderLogMessage]]] = [:]

    private init() {
        cpocketsphinx_set_log_sink { level, message in
            guard let message else { return }
            DecoderLogRouter.shared.receive(level: level, text: String(cString: message))
        }
    }

    /// Runs `body` and returns what it logged, with its result or the error it threw.
    func capture<T>(_ body: () throws -> T) -> (result: Result<T, any Error>, messages: [DecoderLogMessage]) {
        let thread = ObjectIdentifier(Thread.current)
        lock.withLock { captures[thread, default: []].append([]) }
        let result = Result { try body() }
        let messages = lock.withLock {
            let messages = captures[thread]?.popLast() ?? []
            if captures[thread]?.isEmpty == true { captures[thread] = nil }
            return messages
        }
        let trimmed = messages.map {
            DecoderLogMessage(level: $0.level, text: $0.text.trimmingCharacters(in: .newlines))
        }
        return (result, trimmed)
    }

    private func receive(level rawLevel: Int32, text: String) {
        let level = DecoderLogMessage.Level(rawValue: Int(rawLevel)) ?? .error
        let thread = ObjectIdentifier(Thread.current)
        lock.withLock {
            guard var stack = captures[thread], var messages = stack.popLast() else { return }
            if level == .infoContinued, let last = messages.indices.last, !messages[last].text.hasSuffix("\n") {
                messages[last].text += text
            } else {
                messages.append(DecoderLogMessage(level: level, text: text))
            }
            stack.append(messages)
            captures[thread] = stack
        }
    }
}
