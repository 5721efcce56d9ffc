/// Reads a typed word that the grammar does not know as the one grammar word it is a slip
/// of: one letter left out, added, changed or two swapped ("glucsoe", "novorapdi", "pumpd").
///
/// Only words of four letters or more are corrected (six for a changed letter), only to a
/// word with the same first letter, and only when exactly one grammar word is that close;
/// otherwise the word stays as typed. A letter typed three times or more is read once or twice
/// ("glucoseee", "goood"). A word is never read as a number ("tree" is not "three"), as a slip
/// must not become a value, nor as a negation written without its apostrophe ("want" is not
/// "wasnt"). A grammar word with "'s" is that word, but for glue and words that name nothing
/// ("weight's" is "weight", "what's" stays). The parser tells the user which words it read
/// otherwise.
struct SpellingCorrector: Sendable {
    /// The grammar's words, by length.
    private let wordsByLength: [Int: [[Unicode.Scalar]]]
    private let known: Set<String>
    /// Known words whose "'s" stays as written: "what's", "that's" are no "what", "that".
    private let functionWords: Set<String>
    /// Words known but never what a slip is read as: numbers, negations without apostrophes.
    private let neverRead: Set<String>
    static let shortest = 4

    /// `neverRead` are known, but never what a slip is read as; `functionWords` are known,
    /// but never read from the word with "'s".
    init(vocabulary: Set<String>, neverRead: Set<String> = [], functionWords: Set<String> = []) {
        known = vocabulary
        self.functionWords = functionWords
        self.neverRead = neverRead
        var byLength: [Int: [[Unicode.Scalar]]] = [:]
        for word in vocabulary where word.unicodeScalars.count >= Self.shortest - 1 && !neverRead.contains(word)
            && word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) {
            byLength[word.unicodeScalars.count, default: []].append(Array(word.unicodeScalars))
        }
        wordsByLength = byLength
    }

    /// Whether the grammar has the word.
    func knows(_ word: String) -> Bool {
        known.contains(word)
    }

    /// The grammar word `word` is a slip of, or nil if it is known, too short, or not close
    /// to exactly one grammar word.
    func correction(of word: String) -> String? {
        guard !known.contains(word) else { return nil }
        // "weight's 90.4", "thursday's weight": a grammar word with "'s" is that word
        for suffix in ["'s", "\u{2019}s"] where word.hasSuffix(suffix) {
            let stem = String(word.dropLast(suffix.count))
            if known.contains(stem), !functionWords.contains(stem) { return stem }
        }
        let letters = Array(word.unicodeScalars)
        guard letters.allSatisfy(\.isAlphabetic) else { return nil }
        if let unstretched = unstretched(letters) { return unstretched }
        guard letters.count >= Self.shortest else { return nil }
        // a letter left out is the likeliest slip, then two swapped or one changed, then one
        // added: "pumpd" is "pumped" rather than "pump"
        // an added letter only in words of five or more: "seat" is no slip of "sat"
        for length in [letters.count + 1, letters.count, letters.count - 1] where length >= Self.shortest {
            var found: [[Unicode.Scalar]] = []
            for candidate in wordsByLength[length] ?? [] where candidate[0] == letters[0] && Self.isOneSlip(letters, candidate) {
                if !found.contains(candidate) { found.append(candidate) }
            }
            // of two words a letter longer, a final silent "e" left out is the likelier slip:
            // "headach" is "headache", not "headachy"
            let silentE = letters + ["e"]
            if found.count > 1, found.contains(silentE) { found = [silentE] }
            if found.count > 1 { return nil }
            if let word = found.first { return String(String.UnicodeScalarView(word)) }
        }
        return nil
    }

    /// The one grammar word of three letters or more that a word with a letter typed three
    /// times or more is ("glucoseee", "goood"): each such run read once or twice, other letters
    /// as typed ("loo" is no "lo", "grrr" no "gr"). Nil when none or several are.
    private func unstretched(_ letters: [Unicode.Scalar]) -> String? {
        var runs: [(letter: Unicode.Scalar, count: Int)] = []
        for letter in letters {
            if letter == runs.last?.letter { runs[runs.count - 1].count += 1 } else { runs.append((letter, 1)) }
        }
        let stretched = runs.filter { $0.count > 2 }.count
        guard stretched > 0, stretched <= 4 else { return nil }
        var found: Set<String> = []
        for choice in 0..<(1 << stretched) {
            var word = String.UnicodeScalarView()
            var run = 0
            for (letter, count) in runs {
                var kept = count
                if count > 2 {
                    kept = choice & (1 << run) == 0 ? 1 : 2
                    run += 1
                }
                for _ in 0..<kept { word.append(letter) }
            }
            let candidate = String(word)
            if candidate.unicodeScalars.count >= 3, known.contains(candidate), !neverRead.contains(candidate) {
                found.insert(candidate)
            }
        }
        return found.count == 1 ? found.first : nil
    }

    /// Whether `a` becomes `b` by one deletion, insertion, substitution or swap of neighbours.
    static func isOneSlip(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        if a.count == b.count {
            let differences = a.indices.filter { a[$0] != b[$0] }
            // a changed letter in a short word is too often another word ("greek", "green")
            if differences.count == 1 { return a.count >= 6 }
            return differences.count == 2 && differences[1] == differences[0] + 1
                && a[differences[0]] == b[differences[1]] && a[differences[1]] == b[differences[0]]
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        var i = 0
        while i < short.count, short[i] == long[i] { i += 1 }
        return short[i...] == long[(i + 1)...]
    }
}

extension Grammar {
    /// The words that say numbers: "three", "twenty", "hundred", "half", "dozen".
    var numberVocabulary: Set<String> {
        let numbers = numberWords
        var words: Set<String> = []
        for table in [numbers.digits, numbers.teens, numbers.tens, numbers.scales] { words.formUnion(table.keys) }
        for table in [numbers.fractions, numbers.writtenScales, numbers.multipliers, numbers.pairs] { words.formUnion(table.keys) }
        for set in [numbers.point, numbers.one, numbers.minus, numbers.zeroInClock, numbers.whole] { words.formUnion(set) }
        return words
    }

    /// Every word the grammar can read: its lists (but remarks), units, number words and the
    /// words of its templates.
    var vocabulary: Set<String> {
        var words: Set<String> = []
        // Remarks are read only right after a negation: "butter" is not a slip for "better".
        for list in lists.values where list.name != "remarks" { for phrase in list.phrases { words.formUnion(phrase.words) } }
        for group in unitGroups.values { for unit in group.units { for phrase in unit.phrases { words.formUnion(phrase) } } }
        words.formUnion(numberVocabulary)
        let patterns = commonParts + asides + kinds.flatMap { $0.introductions + $0.parts }
        for pattern in patterns + saidRules(in: patterns) { words.formUnion(pattern.literalWords) }
        return words
    }
}

extension Pattern {
    /// The literal words of the template.
    var literalWords: [String] {
        switch self {
        case .word(let word): [word]
        case .sequence(let items), .choice(let items): items.flatMap(\.literalWords)
        case .optional(let inner): inner.literalWords
        case .capture, .assign, .rule: []
        }
    }
}
