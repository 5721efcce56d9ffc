import VoiceLogJSGF

/// Draws sentences from a JSGF grammar with probabilities that stand for how people talk,
/// for counting n-grams: each choice by its JSGF weight (evenly when unweighted), an
/// optional part now and then, a repeat mostly once. Seeded, so the same grammar always
/// gives the same sentences (and the same language model).
///
/// The choices of the rules in `independentRules` (the grammar's kinds) each draw from a
/// generator of their own, seeded by the choice: changing one kind's phrasings changes only
/// that kind's sentences, not every sentence after the first that differs.
public struct SentenceSampler {
    /// How often the parts of a sentence appear.
    public struct Weights: Sendable, Hashable {
        /// Chance that an `[optional]` part is said (a time, "of", "a", "mg").
        public var optional = 0.25
        /// Chance that an optional reference to one of these rules is said: times are said
        /// less often than other optional parts.
        public var optionalRules: [String: Double] = ["time": 0.12]
        /// Chance that a repeat goes on after each round ("point five five").
        public var repeatAgain = 0.25
        /// Chance of going on, by the rule the repeat is in: free text runs over many phones.
        public var repeatAgainInRules: [String: Double] = ["free_text": 0.9]
        public init() {}
    }

    private let rules: JSGFRules
    private let weights: Weights
    private let seed: UInt64
    private let independentRules: Set<String>
    private var random: SplitMix64
    /// The generators of the choices of `independentRules`, by choice.
    private var streams: [String: SplitMix64] = [:]

    public init(rules: JSGFRules, weights: Weights = Weights(), seed: UInt64 = 1, independentRules: Set<String> = ["entry"]) {
        self.rules = rules
        self.weights = weights
        self.seed = seed
        self.independentRules = independentRules
        random = SplitMix64(seed: seed)
    }

    /// One sentence of `rule`, as words.
    public mutating func sentence(of rule: String) -> [String] {
        var words: [String] = []
        expand(.rule(rule), in: rule, into: &words, depth: 0)
        return words
    }

    /// A draw in 0..<1.
    public mutating func uniform() -> Double { random.uniform() }

    private mutating func expand(_ expression: JSGFRules.Expression, in rule: String, into words: inout [String], depth: Int) {
        // The compiler's grammars are not recursive; the bound keeps a hand-written one finite.
        guard depth < 64 else { return }
        switch expression {
        case .word(let word):
            words.append(word)
        case .rule(let name):
            if let body = rules.rules[name] { expand(body, in: name, into: &words, depth: depth + 1) }
        case .sequence(let items):
            for item in items { expand(item, in: rule, into: &words, depth: depth) }
        case .alternatives(let choices):
            let total = choices.reduce(0) { $0 + $1.weight }
            guard total > 0 else { return }
            var draw = random.uniform() * total
            let index = choices.firstIndex { draw -= $0.weight; return draw < 0 } ?? choices.count - 1
            let chosen = choices[index].expression
            guard independentRules.contains(rule) else { return expand(chosen, in: rule, into: &words, depth: depth) }
            let stream = if case .rule(let name) = chosen { name } else { "\(rule) \(index)" }
            swap(&random, &streams[stream, default: SplitMix64(seed: seed ^ stream.stableHash)])
            expand(chosen, in: rule, into: &words, depth: depth)
            swap(&random, &streams[stream]!)
        case .optional(let inner):
            var chance = weights.optional
            if case .rule(let name) = inner, let special = weights.optionalRules[name] { chance = special }
            if random.uniform() < chance { expand(inner, in: rule, into: &words, depth: depth) }
        case .repeated(let inner, let atLeastOnce):
            let again = weights.repeatAgainInRules[rule] ?? weights.repeatAgain
            if atLeastOnce { expand(inner, in: rule, into: &words, depth: depth) }
            while random.uniform() < again { expand(inner, in: rule, into: &words, depth: depth) }
        case .empty:
            break
        }
    }
}

/// A small, fast, seeded generator (Steele, Lea and Flood's SplitMix64): the same seed gives
/// the same draws on every platform.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A draw in 0..<1 with 53 random bits.
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
