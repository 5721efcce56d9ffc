import CPocketSphinx
import Foundation

/// Language model files in PocketSphinx's forms.
public enum LanguageModelFile {
    /// Writes an ARPA model in PocketSphinx's binary form, which loads in a fraction of the
    /// time (0.03 s against 0.2 s for VoiceLog's 180,000 n-grams).
    public static func convert(arpa: URL, toBinary binary: URL) throws {
        let (result, messages) = DecoderLogRouter.shared.capture { () -> Int32 in
            guard let logMath = logmath_init(1.0001, 0, 0) else { return -1 }
            defer { logmath_free(logMath) }
            guard let model = ngram_model_read(nil, arpa.path, NGRAM_ARPA, logMath) else { return -1 }
            defer { ngram_model_free(model) }
            return ngram_model_write(model, binary.path, NGRAM_BIN)
        }
        guard (try? result.get()) == 0 else {
            throw SpeechError.decoderSetupFailed(reason: "cannot convert the language model \(arpa.path)", log: messages)
        }
    }
}
