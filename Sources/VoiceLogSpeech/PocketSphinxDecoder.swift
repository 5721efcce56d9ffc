import CPocketSphinx
import Foundation

/// Owns one `ps_decoder_t` and turns its return codes and log into Swift results and errors.
///
/// Not thread-safe: a decoder is used by one thread at a time.
final class PocketSphinxDecoder {
    private let decoder: OpaquePointer
    private let config: OpaquePointer
    /// Receives everything the decoder logs, after each call.
    private let log: (@Sendable (DecoderLogMessage) -> Void)?

    /// Starts a decoder from command-line style arguments such as `["-hmm": path]`.
    init(arguments: [(String, String)], log: (@Sendable (DecoderLogMessage) -> Void)?) throws {
        self.log = log
        let words: [String] = arguments.flatMap { [$0.0, $0.1] }
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let (result, messages) = DecoderLogRouter.shared.capture { () -> (OpaquePointer?, OpaquePointer?) in
            let config = argv.withUnsafeMutableBufferPointer {
                cmd_ln_parse_r(nil, ps_args(), Int32($0.count), $0.baseAddress, 1)
            }
            guard let config else { return (nil, nil) }
            return (config, ps_init(config))
        }
        messages.forEach { log?($0) }
        let (config, decoder) = try result.get()
        guard let config else {
            throw SpeechError.decoderSetupFailed(reason: "the decoder arguments were rejected", log: messages)
        }
        guard let decoder else {
            cmd_ln_free_r(config)
            throw SpeechError.decoderSetupFailed(reason: "ps_init failed", log: messages)
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// Runs a C call with its log captured; throws `failure(log)` when `failed(result)`, or
    /// when the call logged an error and `strict` is set (for calls that fail silently).
    func call<T>(
        strict: Bool = false,
        _ body: (OpaquePointer) -> T,
        failed: (T) -> Bool = { _ in false },
        failure: ([DecoderLogMessage]) -> SpeechError
    ) throws -> T {
        let (result, messages) = DecoderLogRouter.shared.capture { body(decoder) }
        messages.forEach { log?($0) }
        let value = try result.get()
        if failed(value) || (strict && messages.contains(where: { $0.level >= .error })) {
            throw failure(messages)
        }
        return value
    }

    /// Runs a C call whose errors are reported but not thrown (a decode that matched nothing).
    @discardableResult
    func callLogging<T>(_ body: (OpaquePointer) -> T) -> (value: T, log: [DecoderLogMessage]) {
        let (result, messages) = DecoderLogRouter.shared.capture { body(decoder) }
        messages.forEach { log?($0) }
        // The body does not throw, so the result is always a success.
        return (try! result.get(), messages)
    }

    /// Decodes `samples` as one whole utterance (16 kHz mono) with the current search; `purpose`
    /// names the pass in errors.
    func decodeWholeUtterance(_ samples: [Int16], purpose: String) throws {
        try check("ps_start_utt (\(purpose))") { ps_start_utt($0) }
        try samples.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            try check("ps_process_raw (\(purpose))") { ps_process_raw($0, base, buffer.count, 0, 1) }
        }
        try check("ps_end_utt (\(purpose))") { ps_end_utt($0) }
    }

    /// The running cepstral mean that each utterance ended updates ([] when there is none).
    var cepstralMean: [Float] {
        get {
            callLogging { decoder in
                var mean = [Float](repeating: 0, count: Int(cpocketsphinx_cmn_length(decoder)))
                if !mean.isEmpty { mean.withUnsafeMutableBufferPointer { cpocketsphinx_cmn_get(decoder, $0.baseAddress) } }
                return mean
            }.value
        }
        set {
            guard !newValue.isEmpty, newValue.count == Int(callLogging { cpocketsphinx_cmn_length($0) }.value) else { return }
            callLogging { decoder in newValue.withUnsafeBufferPointer { cpocketsphinx_cmn_set(decoder, $0.baseAddress) } }
        }
    }

    /// Checks a return code of 0 or more; anything else throws `decodingFailed`.
    func check(_ operation: String, _ body: (OpaquePointer) -> Int32) throws {
        _ = try call(body, failed: { $0 < 0 }) { SpeechError.decodingFailed(operation: operation, log: $0) }
    }
}
