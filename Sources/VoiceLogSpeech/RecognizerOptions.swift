import Foundation

/// Tuning of a `SpeechRecognizer`; the defaults were measured on the fixtures of
/// `AudioFixtures/` with Debian's PocketSphinx 0.8+5prealpha.
public struct RecognizerOptions: Sendable {
    /// Public rule to search when the grammar has more than one (name without `<>`, e.g.
    /// `entry`). With nil the grammar must have exactly one public rule.
    public var topRule: String?
    /// The grammar's merged search graph as `SearchGraphFile.text` wrote it, read instead of
    /// building it from the grammar; nil builds it (half a second for the whole VoiceLog
    /// grammar in a release build).
    public var searchGraph: URL?
    /// A first pass with an n-gram language model built from the grammar; nil searches the
    /// grammar alone.
    public var languageModel: LanguageModelSearch?
    /// Pruning beam of the grammar search. The library default, 1e-48, lost whole
    /// utterances on fast or slow speech ("Final result does not match the grammar").
    public var beam: Double = 1e-60
    /// Pruning beam for word exits.
    public var wordBeam: Double = 1e-40
    /// Word insertion penalty (PocketSphinx's `-wip`). Lower values keep short words such as
    /// "a", "at" and "is" from slipping in: with the whole VoiceLog grammar, 0.05 took the word
    /// error rate from 53 % to 38 % on voices it was not tuned on. The confidence pass is
    /// calibrated for the default, 0.65.
    public var wordInsertionPenalty: Double = 0.65
    /// Weight of the grammar against the acoustic model (PocketSphinx's `-lw`). With the whole
    /// VoiceLog grammar, 10 beat the default 6.5 both on the fixtures and on voices it was not
    /// tuned on.
    public var languageWeight: Double = 6.5
    /// How many of each senone's Gaussians are scored (PocketSphinx's `-topn`), in the grammar
    /// search and the confidence pass alike. With the whole VoiceLog grammar, 16 took the word
    /// error rate from 38 % to 25 % on the fixtures and from 36 % to 30 % on held-out voices,
    /// at a fifth to a third more decoding time (32 gained no more); with a small grammar it made
    /// one more fixture slip, so the default stays PocketSphinx's 4.
    public var topGaussians: Int = 4
    /// Whether the grammar search tries a word's alternative pronunciations (`word(2)` in the
    /// dictionary; PocketSphinx's `-fsgusealtpron`). Without them the whole VoiceLog grammar
    /// went from 26.5 % to 23.5 % word error rate on the fixtures and from 27.7 % to 23.4 % on
    /// held-out voices, and decoded faster: the variants of short words made more confusions
    /// than they saved.
    public var alternativePronunciations = true
    /// How many n-best hypotheses to read when looking for alternatives.
    public var nBest: Int = 10
    /// The grammar search's n-best alternatives are looked for only in search graphs of at
    /// most this many states: the lattice they come from took about ten seconds an utterance
    /// with the 2,239 states of the whole VoiceLog grammar (merged), against milliseconds with
    /// a few hundred.
    public var largestGraphForAlternatives = 1_000
    /// Groups of words the acoustic model confuses ("thirteen" and "thirty", the digits). When
    /// set, each word of a group in the grammar search's reading is tried with the others of
    /// its group, every variant the grammar accepts is aligned on its own with the audio, and
    /// the best-scoring ones become the alternatives (`ConfusableVariants`).
    public var confusableWords: [[String]] = []
    /// When WebRTC's noise suppressor is put in front of every decoder. Always on, it took
    /// flite's held-out voices in hard conditions from 72.9 to 80.7 % right entries, but wiped
    /// out espeak-ng's clean formant voices; by default it runs only on noisy audio (76.8 to
    /// 80.4 %, clean unchanged; docs/speech.md, "Noise suppression where there is noise").
    public var noiseSuppression: NoiseSuppressionUse = .whenNoisy
    /// Words that noise makes doubtful: in a noisy utterance (`NoiseFloor`) a reading holding
    /// one has its confidence halved. For VoiceLog, the teens and the tens, told apart by a
    /// faint final "n": on the tuning voices in pink noise, 4 of the 5 wrong readings with
    /// confidence 0.5 or more were a teen heard as its ten or the other way round.
    public var doubtfulInNoise: Set<String> = []
    /// The phone-loop pass that gives `Transcript.confidence`; nil turns it off.
    public var confidence: PhoneLoopConfidence? = PhoneLoopConfidence()
    /// Further PocketSphinx arguments, e.g. `("-vad_threshold", "3.0")`.
    public var extraArguments: [(String, String)] = []
    /// Receives everything PocketSphinx logs (about 190 lines at start-up), for the
    /// caller's logger. Errors are also thrown; this is for diagnostics.
    public var log: (@Sendable (DecoderLogMessage) -> Void)?

    public init() {}

    /// The grammar search's settings as PocketSphinx arguments, for the decoder here and for
    /// PocketSphinx's own tools run with the same settings (the benchmark's baseline).
    public var searchArguments: [(String, String)] {
        Self.pruningArguments(beam: beam, wordBeam: wordBeam, wordInsertionPenalty: wordInsertionPenalty,
                              languageWeight: languageWeight, topGaussians: topGaussians)
            + [("-fsgusealtpron", alternativePronunciations ? "yes" : "no")]
    }

    /// The beams, weights and Gaussians every search takes, as PocketSphinx arguments.
    static func pruningArguments(beam: Double, wordBeam: Double, wordInsertionPenalty: Double, languageWeight: Double,
                                 topGaussians: Int) -> [(String, String)] {
        [
            ("-beam", "\(beam)"), ("-pbeam", "\(beam)"), ("-wbeam", "\(wordBeam)"),
            ("-wip", "\(wordInsertionPenalty)"), ("-lw", "\(languageWeight)"), ("-topn", "\(topGaussians)"),
        ]
    }
}

/// The n-gram first pass: what it hears is kept when the grammar has a path for it; otherwise
/// the utterance is searched again with the grammar. Measured on voices of flite, a
/// synthesizer nothing was tuned on, this heard as well as the grammar alone or better at
/// under half its cost; on espeak-ng's voices, which the acoustic model matches poorly, it
/// heard worse (docs/speech.md, "The n-gram first pass").
public struct LanguageModelSearch: Sendable {
    /// The model, as ARPA text or in PocketSphinx's binary form.
    public var model: URL
    /// PocketSphinx's own defaults for n-gram search: on the tuning clips, language weights 5
    /// to 8 and insertion penalties 0.3 to 0.65 heard the same, and the grammar search's wider
    /// beams heard worse.
    public var languageWeight = 6.5
    public var wordInsertionPenalty = 0.65
    public var beam = 1e-48
    public var wordBeam = 7e-29

    public init(model: URL) { self.model = model }

    /// The n-gram search's settings as PocketSphinx arguments; `topGaussians` as the grammar's.
    public func searchArguments(topGaussians: Int) -> [(String, String)] {
        RecognizerOptions.pruningArguments(beam: beam, wordBeam: wordBeam, wordInsertionPenalty: wordInsertionPenalty,
                                           languageWeight: languageWeight, topGaussians: topGaussians)
            + [("-lm", model.path)]
    }
}
