/// A grammar pattern prepared for matching: every run of literal words, with the choices and
/// optional words among them, becomes one trie that a token walk reads in a single pass,
/// instead of trying each alternative in turn ("[baby | she] (fed | bottle fed) [him | her]").
indirect enum CompiledPattern: Sendable {
    /// One of a set of word sequences, each at least one word long.
    case phrases(PhraseTrie<Void>)
    case sequence([CompiledPattern])
    case choice([CompiledPattern])
    case optional(CompiledPattern)
    case assign(field: String, value: String)
    case capture(CompiledSlot)

    /// The most word sequences one trie is built from; a larger product of choices stays a
    /// sequence of smaller tries.
    static let largestTrie = 4096

    /// `matcher.words` must number every word of the pattern.
    init(_ pattern: Pattern, matcher: PatternMatcher) {
        let words = matcher.words
        if let phrases = Self.phrases(of: pattern), phrases.count <= Self.largestTrie {
            let trie = PhraseTrie(phrases.filter { !$0.isEmpty }.map { phrase in (phrase.map(words.id), ()) })
            self = phrases.contains([]) ? .optional(.phrases(trie)) : .phrases(trie)
            return
        }
        switch pattern {
        case .word(let word):
            self = .phrases(PhraseTrie([([words.id(of: word)], ())]))
        case .sequence(let items): self = .sequence(items.map { CompiledPattern($0, matcher: matcher) })
        case .choice(let options): self = .choice(options.map { CompiledPattern($0, matcher: matcher) })
        case .optional(let inner): self = .optional(CompiledPattern(inner, matcher: matcher))
        case .assign(let field, let value): self = .assign(field: field, value: value)
        case .capture(let field, let source): self = .capture(CompiledSlot(field: field, source: source, matcher: matcher))
        case .rule: preconditionFailure("rules are inlined when the grammar loads")
        }
    }

    /// The distinct word sequences a pattern of literal words alone can match (the empty one
    /// among them when it may match nothing), or nil when it captures, assigns or names a
    /// rule, or would have more than `largestTrie` of them.
    private static func phrases(of pattern: Pattern) -> [[String]]? {
        switch pattern {
        case .word(let word):
            return [[word]]
        case .optional(let inner):
            guard let inner = phrases(of: inner) else { return nil }
            return inner.contains([]) ? inner : [[]] + inner
        case .choice(let options):
            var all: [[String]] = []
            var seen: Set<[String]> = []
            for option in options {
                guard let phrases = phrases(of: option) else { return nil }
                for phrase in phrases where seen.insert(phrase).inserted { all.append(phrase) }
            }
            return all
        case .sequence(let items):
            var all: [[String]] = [[]]
            for item in items {
                guard let next = phrases(of: item), all.count * next.count <= largestTrie else { return nil }
                var seen: Set<[String]> = []
                all = all.flatMap { head in next.map { head + $0 } }.filter { seen.insert($0).inserted }
            }
            return all
        case .assign, .capture, .rule:
            return nil
        }
    }
}
