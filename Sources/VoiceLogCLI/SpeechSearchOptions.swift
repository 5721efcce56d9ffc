import ArgumentParser
import VoiceLogPipeline
import VoiceLogSpeech

/// How speech is searched: `--search ngram` (the default: the n-gram model built from the
/// grammar first, the grammar itself when what it heard is no sentence of the grammar) or
/// `--search grammar` (the grammar alone: slower, and better for voices the acoustic model
/// matches poorly; docs/speech.md).
struct SpeechSearchOptions: ParsableArguments {
    @Option(name: .long, help: "How speech is searched: ngram (an n-gram model built from the grammar, then the grammar when needed) or grammar (the grammar alone).")
    var search: SpeechSearch = .ngram
}

extension SpeechSearch: ExpressibleByArgument {}
