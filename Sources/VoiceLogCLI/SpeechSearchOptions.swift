import ArgumentParser
import VoiceLogPipeline
import VoiceLogSpeech

/// How speech is searched: `--search ngram` (the default: the n-gram model built from the
/// grammar first, the grammar itself when what it heard is no sentence of the grammar) or
/// `--search grammar` (the grammar alone: slower, and better for voices the acoustic model
/// matches poorly; docs/speech.md), and whether noise is suppressed before decoding.
struct SpeechSearchOptions: ParsableArguments {
    @Option(name: .long, help: "How speech is searched: ngram (an n-gram model built from the grammar, then the grammar when needed) or grammar (the grammar alone).")
    var search: SpeechSearch = .ngram

    @Flag(name: .long, inversion: .prefixedNo,
          help: "Take steady background noise out of the audio before decoding (WebRTC's noise suppressor) always, or never (default: when the audio is noisy).")
    var noiseSuppression: Bool?

    @Flag(name: .long, help: "Let a food the lists lack be said after its introduction ('had goulash for dinner'), read by the general language model (off by default: it reads synthetic voices poorly and mishears loud noise as food).")
    var freeWords = false

    /// The recogniser's options these flags ask for.
    var recognizerOptions: RecognizerOptions {
        var options = RecognizerOptions()
        switch noiseSuppression {
        case true?: options.noiseSuppression = .always
        case false?: options.noiseSuppression = .never
        case nil: options.noiseSuppression = .whenNoisy
        }
        return options
    }
}

extension SpeechSearch: ExpressibleByArgument {}
