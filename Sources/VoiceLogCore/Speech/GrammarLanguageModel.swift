import VoiceLogJSGF

/// The n-gram language model of a speech grammar: sentences drawn from its public rule
/// (`SentenceSampler`), now and then two in one breath joined by "and", counted into a
/// trigram model (`NGramModel`). The n-gram search then hears what the grammar says, weighted
/// as people say it, and also sentences the grammar lacks but its pieces make.
public struct GrammarLanguageModel: Sendable, Hashable {
    /// How many sentences are drawn. At 100,000 rare n-grams were in or out by chance: two
    /// draws differed by six of the tuning set's 310 hard clips (`docs/speech.md`).
    public var sentences = 400_000
    /// Chance that an utterance holds a second entry after "and".
    public var secondEntry = 0.1
    public var weights = SentenceSampler.Weights()
    /// The n-gram model's discount; nil estimates it from the counts.
    public var discount: Double?
    /// Bumped whenever the model built from the same grammar changes, for caches.
    public static let version = 2

    public init() {}

    /// Every setting that changes the model, as text, for naming a cached copy.
    public var settings: String {
        let rules = (weights.optionalRules.map { "\($0)=\($1)" } + weights.repeatAgainInRules.map { "\($0)*\($1)" }).sorted()
        return "v\(Self.version) \(sentences) \(secondEntry) \(weights.optional) \(weights.repeatAgain) \(rules) \(discount ?? -1)"
    }

    /// The model of `jsgf` as ARPA text, without the words `leftOut` names.
    public func arpa(jsgf: String, leavingOut leftOut: (String) -> Bool = { _ in false }) throws -> String {
        let rules = try JSGFRules(jsgf)
        guard let top = rules.publicRules.first else {
            throw JSGFRules.SyntaxError(description: "the grammar has no public rule")
        }
        var sampler = SentenceSampler(rules: rules, weights: weights)
        var model = NGramModel(vocabulary: rules.words.filter { !leftOut($0) }.sorted())
        for _ in 0..<sentences {
            var sentence = sampler.sentence(of: top)
            if sampler.uniform() < secondEntry { sentence += ["and"] + sampler.sentence(of: top) }
            model.add(sentence.filter { !leftOut($0) })
        }
        return model.arpa(discount: discount)
    }
}
