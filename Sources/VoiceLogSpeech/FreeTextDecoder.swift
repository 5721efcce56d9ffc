import CPocketSphinx
import Foundation

/// Reads free speech with the general language model: the words that the grammar can only
/// mark as free text (`FreeTextLoop`), such as those of a dictated note.
///
/// Loading the language model and the whole dictionary takes a second or more, so the
/// decoder starts on first use. Its word error rate is far higher than the grammar's: about
/// 40 % on the human recordings of `pocketsphinx-testdata` and 67 % on synthetic voices
/// (`FreeTextDictationTests`; README, "Free text: notes").
final class FreeTextDecoder {
    private let arguments: [(String, String)]
    private let log: (@Sendable (DecoderLogMessage) -> Void)?
    private var decoder: PocketSphinxDecoder?

    init(model: SpeechModel, languageModel: URL, options: RecognizerOptions) {
        arguments = model.decoderArguments(dictionary: model.dictionary) + [
            ("-lm", languageModel.path),
            ("-topn", "\(options.topGaussians)"),
        ] + options.extraArguments
        log = options.log
    }

    /// The words heard in a whole utterance, with their frames. The samples must be those the
    /// grammar decoder got, from the start of its utterance, so that both decoders' voice
    /// detectors count the same frames.
    func words(in samples: [Int16]) throws -> [WordSegment] {
        if decoder == nil {
            decoder = try PocketSphinxDecoder(arguments: arguments, log: log)
        }
        guard let decoder else { return [] }
        try decoder.decodeWholeUtterance(samples, purpose: "free text")
        return decoder.callLogging { WordSegment.all(of: $0).filter { !$0.isFiller } }.value
    }
}
