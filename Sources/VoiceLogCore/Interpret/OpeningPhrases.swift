/// Phrases read only where an utterance starts ("note that", "how much"), with each run of their
/// first words, so that the first tokens are joined only while they may still begin one.
struct OpeningPhrases: Sendable {
    private let phrases: Set<String>
    private let beginnings: Set<String>

    init(_ phrases: Set<String>) {
        self.phrases = phrases
        beginnings = Set(phrases.flatMap { phrase in
            let words = phrase.split(separator: " ")
            return words.indices.map { words[...$0].joined(separator: " ") }
        })
    }

    /// The number of first tokens (up to `longest`) that make a phrase, the longest.
    func length(of tokens: [Token], longest: Int = 4) -> Int? {
        length(ofWords: tokens.lazy.map(\.text), longest: longest)
    }

    /// The number of first words (up to `longest`) that make a phrase, the longest.
    func length<Words: Collection<String>>(ofWords words: Words, longest: Int = 4) -> Int? {
        var opening = ""
        var found: Int?
        for (index, word) in words.prefix(longest).enumerated() {
            opening += opening.isEmpty ? word : " " + word
            guard beginnings.contains(opening) else { break }
            if phrases.contains(opening) { found = index + 1 }
        }
        return found
    }
}
