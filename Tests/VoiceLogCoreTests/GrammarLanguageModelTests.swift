import Foundation
import Testing
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogJSGF

/// The n-gram language model built from a speech grammar: the JSGF read back, sentences
/// drawn from it, and the ARPA text (a proper distribution after every history).
@Suite struct GrammarLanguageModelTests {
    static let small = """
        #JSGF V1.0;
        grammar test;
        public <utterance> = [<time>] <entry>;
        <time> = at (one | two) pm | this morning;
        <entry> = glucose <number> | /3/ (fed | feed) [<number> ml] | note <free>;
        <number> = (one | two | three) [point <digit>+];
        <digit> = one | two;
        <free> = (free_a | free_b)+;
        """

    @Test func readsEveryRuleAndWord() throws {
        let rules = try JSGFRules(Self.small)
        #expect(rules.publicRules == ["utterance"])
        #expect(Set(rules.rules.keys) == ["utterance", "time", "entry", "number", "digit", "free"])
        #expect(rules.words == ["at", "one", "two", "pm", "this", "morning", "glucose", "fed", "feed", "ml", "three",
                                "point", "note", "free_a", "free_b"])
    }

    @Test func drawsOnlySentencesOfTheGrammarWithItsWeights() throws {
        var sampler = SentenceSampler(rules: try JSGFRules(Self.small), seed: 7)
        var fed = 0
        var timed = 0
        for _ in 0..<2_000 {
            let words = sampler.sentence(of: "utterance")
            let entry = words.first == "at" ? Array(words.dropFirst(3)) : words.first == "this" ? Array(words.dropFirst(2)) : words
            if entry.count < words.count { timed += 1 }
            #expect(["glucose", "fed", "feed", "note"].contains(entry.first ?? ""), "\(words)")
            if entry.first == "fed" || entry.first == "feed" { fed += 1 }
        }
        // The feed's weight is 3 of 5; a time is said about one time in eight.
        #expect((1_000...1_400).contains(fed))
        #expect((150...350).contains(timed))
    }

    @Test func changingOneKindLeavesTheSentencesOfTheOthers() throws {
        let changed = Self.small.replacingOccurrences(of: "(fed | feed) [<number> ml]", with: "(fed | feed | gave) [<number> (ml | oz)]")
        var before = SentenceSampler(rules: try JSGFRules(Self.small))
        var after = SentenceSampler(rules: try JSGFRules(changed))
        let draws = (0..<2_000).map { _ in (before.sentence(of: "utterance"), after.sentence(of: "utterance")) }
        #expect(draws.contains { $0.0 != $0.1 })
        for (old, new) in draws where !old.contains("fed") && !old.contains("feed") {
            #expect(old == new)
        }
    }

    @Test func theSameGrammarGivesTheSameModel() throws {
        var builder = GrammarLanguageModel()
        builder.sentences = 500
        #expect(try builder.arpa(jsgf: Self.small) == builder.arpa(jsgf: Self.small))
    }

    @Test func eachHistoryIsAProperDistribution() throws {
        var builder = GrammarLanguageModel()
        builder.sentences = 3_000
        let model = try ARPAReader(builder.arpa(jsgf: Self.small, leavingOut: { $0.hasPrefix("free_") }))
        #expect(model.vocabulary.count == 15)  // 13 words, "and" (two entries in one breath) and </s>
        #expect(!model.vocabulary.contains("free_a"))
        for history in [["<s>"], ["glucose"], ["<s>", "fed"], ["point", "one"], ["morning"]] {
            let total = model.vocabulary.reduce(0.0) { $0 + pow(10, model.logProbability(of: $1, after: history)) }
            #expect(abs(total - 1) < 0.001, "\(history): \(total)")
        }
        // What the grammar says is far likelier than what it does not.
        #expect(model.logProbability(of: "one", after: ["<s>", "glucose"]) > model.logProbability(of: "ml", after: ["<s>", "glucose"]) + 1)
    }

    @Test func theBundledSpeechGrammarGivesAModel() throws {
        let jsgf = JSGFCompiler(grammar: BundledGrammar.grammar, pronunciation: { $0 }).compile()
        var builder = GrammarLanguageModel()
        builder.sentences = 2_000
        let model = try ARPAReader(builder.arpa(jsgf: jsgf))
        #expect(model.vocabulary.isSuperset(of: ["glucose", "breastfed", "millilitres", "ibuprofen"]))
        #expect(model.logProbability(of: "point", after: ["glucose", "five"]) > -2)
    }
}

/// Reads ARPA text back, for checking the model's probabilities.
struct ARPAReader {
    private var logProbabilities: [[String]: Double] = [:]
    private var logBackOffs: [[String]: Double] = [:]
    private(set) var vocabulary: Set<String> = []

    init(_ text: String) throws {
        var order = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("\\"), line.hasSuffix("-grams:") {
                order = Int(String(line.dropFirst().prefix(1))) ?? 0
                continue
            }
            let fields = line.split(separator: " ").map(String.init)
            guard order > 0, fields.count > order, let probability = Double(fields[0]) else { continue }
            let gram = Array(fields[1...order])
            logProbabilities[gram] = probability
            if fields.count > order + 1 { logBackOffs[gram] = Double(fields[order + 1]) }
            if order == 1, gram[0] != "<s>" { vocabulary.insert(gram[0]) }
        }
    }

    func logProbability(of word: String, after history: [String]) -> Double {
        let gram = Array(history.suffix(2)) + [word]
        if let seen = logProbabilities[gram] { return seen }
        guard gram.count > 1 else { return -99 }
        return (logBackOffs[Array(gram.dropLast())] ?? 0) + logProbability(of: word, after: Array(gram.dropFirst().dropLast()))
    }
}
