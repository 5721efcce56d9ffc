import CPocketSphinx
import Testing
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogJSGF
@testable import VoiceLogSpeech

/// The graph the grammar search runs over and the n-gram pass checks its readings against is
/// built in Swift from the JSGF rules and merged; both must accept exactly what sphinxbase's
/// own graph of the same grammar accepts.
@Suite struct GrammarGraphTests {
    @Test func theGraphBuiltFromTheRulesAndItsMergedFormAcceptWhatSphinxbasesAccepts() throws {
        let jsgf = JSGFCompiler(grammar: BundledGrammar.grammar, pronunciation: { word in word.allSatisfy { $0.isLetter || $0 == "'" } ? word : nil },
                               freeText: "(free_a | free_b)+").compile()
        let rules = try JSGFRules(jsgf)
        let ours = try GrammarGraph(rules: rules, top: "utterance")
        let merged = ours.minimized()
        let theirs = try #require(Self.sphinxbaseGraph(jsgf))
        // Rule references expanded in place repeat shared parts: merged, a thirtieth is left.
        #expect(merged.stateCount * 20 < ours.stateCount, "\(ours.stateCount) -> \(merged.stateCount) states")

        // Sentences of the grammar, and each with one word dropped, doubled or swapped with
        // the next: near misses such as an n-gram pass hears.
        var sampler = SentenceSampler(rules: rules, seed: 3)
        var checked = 0
        for _ in 0..<300 {
            let sentence = sampler.sentence(of: "utterance")
            var variants = [sentence]
            for index in sentence.indices {
                var dropped = sentence
                dropped.remove(at: index)
                var doubled = sentence
                doubled.insert(sentence[index], at: index)
                variants += [dropped, doubled]
                if index + 1 < sentence.count { variants.append(sentence.swappedAt(index, index + 1)) }
            }
            for words in variants {
                let accepted = theirs.accepts(words)
                #expect(ours.accepts(words) == accepted, "\(words.joined(separator: " "))")
                #expect(merged.accepts(words) == accepted, "merged: \(words.joined(separator: " "))")
                checked += 1
            }
        }
        #expect(ours.accepts(sampler.sentence(of: "utterance")))
        #expect(checked > 3000)
    }

    /// Merging keeps optional parts, repeats and alternatives that share words apart.
    @Test func theMergedGraphOfASmallGrammarKeepsItsSentences() throws {
        let rules = try JSGFRules("""
            #JSGF V1.0;
            grammar test;
            <digit> = one | two;
            public <s> = glucose <digit> [point <digit>+] [after dinner] | glucose <digit> before dinner | fed <digit> ounces;
            """)
        let graph = try GrammarGraph(rules: rules, top: "s").minimized()
        for sentence in ["glucose one", "glucose two point one two after dinner", "glucose one before dinner", "fed two ounces"] {
            #expect(graph.accepts(sentence.split(separator: " ").map(String.init)), "\(sentence)")
        }
        for sentence in ["glucose", "glucose one point", "glucose one point one before dinner", "fed two", "fed two after dinner", "glucose one two"] {
            #expect(!graph.accepts(sentence.split(separator: " ").map(String.init)), "\(sentence)")
        }
        #expect(graph.deadEnd() == nil)
    }

    /// sphinxbase's graph of the grammar's public rule, built as a decoder builds it.
    static func sphinxbaseGraph(_ text: String) -> GrammarGraph? {
        guard let jsgf = jsgf_parse_string(text, nil) else { return nil }
        defer { jsgf_grammar_free(jsgf) }
        guard let rule = jsgf_get_public_rule(jsgf), let logMath = logmath_init(1.0001, 0, 0) else { return nil }
        defer { logmath_free(logMath) }
        guard let fsg = jsgf_build_fsg(jsgf, rule, logMath, 1) else { return nil }
        defer { fsg_model_free(fsg) }
        return GrammarGraph(fsg)
    }
}

private extension GrammarGraph {
    /// A Swift copy of a graph sphinxbase built.
    init(_ fsg: UnsafeMutablePointer<fsg_model_t>) {
        var arcs = Array(repeating: [Arc](), count: Int(cpocketsphinx_fsg_state_count(fsg)))
        for state in arcs.indices {
            var iterator = fsg_model_arcs(fsg, Int32(state))
            while let current = iterator {
                if let link = fsg_arciter_get(current)?.pointee {
                    let word = link.wid < 0 ? nil : fsg.pointee.vocab[Int(link.wid)].map { String(cString: $0) }
                    arcs[state].append((Int(link.to_state), word, 1))
                }
                iterator = fsg_arciter_next(current)
            }
        }
        self.init(arcs: arcs, start: Int(cpocketsphinx_fsg_start_state(fsg)), final: Int(cpocketsphinx_fsg_final_state(fsg)))
    }
}

private extension Array {
    func swappedAt(_ first: Int, _ second: Int) -> [Element] {
        var copy = self
        copy.swapAt(first, second)
        return copy
    }
}
