import CPocketSphinx
import VoiceLogJSGF

/// The finite-state graph of a JSGF grammar, used to check that the grammar can finish at
/// all and which hypotheses it accepts: a Swift copy of the one PocketSphinx built for its
/// search, or built here from the grammar's rules for the n-gram pass.
struct GrammarGraph {
    /// Arcs leaving each state; a nil word is an empty (epsilon) transition.
    private var arcs: [[(to: Int, word: String?)]]
    private let start: Int
    private let final: Int

    /// How many states the graph has.
    var stateCount: Int { arcs.count }

    init(_ fsg: UnsafeMutablePointer<fsg_model_t>) {
        let stateCount = Int(cpocketsphinx_fsg_state_count(fsg))
        start = Int(cpocketsphinx_fsg_start_state(fsg))
        final = Int(cpocketsphinx_fsg_final_state(fsg))
        arcs = Array(repeating: [], count: stateCount)
        for state in 0..<stateCount {
            var iterator = fsg_model_arcs(fsg, Int32(state))
            while let current = iterator {
                if let link = fsg_arciter_get(current)?.pointee {
                    let word = link.wid < 0 ? nil : fsg.pointee.vocab[Int(link.wid)].map { String(cString: $0) }
                    arcs[state].append((Int(link.to_state), word))
                }
                iterator = fsg_arciter_next(current)
            }
        }
    }

    /// The words of a shortest path from the start to a state from which the final state
    /// cannot be reached, or nil when every path can finish. PocketSphinx turns `<VOID>`
    /// and some broken rules into such dead ends instead of reporting them.
    func deadEnd() -> [String]? {
        // States that can reach the final state, following arcs backwards.
        var incoming = Array(repeating: [Int](), count: arcs.count)
        for (from, list) in arcs.enumerated() {
            for arc in list where !Self.isFiller(arc.word) { incoming[arc.to].append(from) }
        }
        var live: Set<Int> = [final]
        var stack = [final]
        while let state = stack.popLast() {
            for from in incoming[state] where live.insert(from).inserted { stack.append(from) }
        }
        // Breadth-first from the start, remembering the words that lead to each state.
        var path: [Int: [String]] = [start: []]
        var queue = [start]
        var index = 0
        while index < queue.count {
            let state = queue[index]
            index += 1
            if !live.contains(state) { return path[state] }
            for arc in arcs[state] where !Self.isFiller(arc.word) && path[arc.to] == nil {
                path[arc.to] = path[state]! + (arc.word.map { [$0] } ?? [])
                queue.append(arc.to)
            }
        }
        return nil
    }

    /// Silence and noise words that the decoder adds as self-loops on every state.
    private static func isFiller(_ word: String?) -> Bool {
        word.map(WordSegment.isFiller) ?? false
    }

    /// Whether the grammar produces exactly this word sequence (fillers such as `<sil>` are
    /// not expected in `words`).
    func accepts(_ words: [String]) -> Bool {
        states(after: words).contains(final)
    }

    /// Whether, after this word sequence, the grammar goes on with a word that `isNext` picks.
    func continues(after words: [String], with isNext: (String) -> Bool) -> Bool {
        states(after: words).contains { state in arcs[state].contains { $0.word.map(isNext) ?? false } }
    }

    /// The states a word sequence leads to from the start; empty when it leaves the grammar.
    private func states(after words: [String]) -> Set<Int> {
        var states = closure(of: [start])
        for word in words {
            var next: Set<Int> = []
            for state in states {
                for arc in arcs[state] where arc.word == word { next.insert(arc.to) }
            }
            states = closure(of: next)
            if states.isEmpty { return [] }
        }
        return states
    }

    private func closure(of states: Set<Int>) -> Set<Int> {
        var result = states
        var queue = Array(states)
        while let state = queue.popLast() {
            for arc in arcs[state] where arc.word == nil && result.insert(arc.to).inserted {
                queue.append(arc.to)
            }
        }
        return result
    }
}


extension GrammarGraph {
    /// The graph of `top` (a public rule of `rules`), with every rule reference expanded in
    /// place as sphinxbase does, but without its search: the n-gram pass checks its readings
    /// against this, and the grammar search over the whole VoiceLog grammar, with a 101-entry
    /// hash table for each of its 37,000 states, took 120 MB more to build the same graph.
    init(rules: JSGFRules, top: String) throws {
        var arcs: [[(to: Int, word: String?)]] = [[]]
        func newState() -> Int {
            arcs.append([])
            return arcs.count - 1
        }
        // The state where `expression`, entered at `from`, ends.
        func build(_ expression: JSGFRules.Expression, from: Int, depth: Int) throws -> Int {
            switch expression {
            case .word(let word):
                let end = newState()
                arcs[from].append((end, word))
                return end
            case .rule(let name):
                guard let rule = rules.rules[name] else {
                    throw SpeechError.invalidGrammar(reason: "it refers to <\(name)>, which it does not define", log: [])
                }
                guard depth < Self.deepestExpansion else {
                    throw SpeechError.invalidGrammar(reason: "<\(name)> refers to itself", log: [])
                }
                return try build(rule, from: from, depth: depth + 1)
            case .sequence(let items):
                return try items.reduce(from) { state, item in try build(item, from: state, depth: depth) }
            case .alternatives(let choices):
                // no choice at all (`<VOID>`): an end that nothing reaches
                let end = newState()
                for choice in choices {
                    arcs[try build(choice.expression, from: from, depth: depth)].append((end, nil))
                }
                return end
            // Each construct ends in a state of its own with no way back: an empty transition
            // into the end of a loop would let "[point <digit>+]" read digits without "point".
            case .optional(let inner):
                let end = newState()
                arcs[try build(inner, from: from, depth: depth)].append((end, nil))
                arcs[from].append((end, nil))
                return end
            case .repeated(let inner, let atLeastOnce):
                let loop = newState()
                arcs[from].append((loop, nil))
                let last = try build(inner, from: loop, depth: depth)
                arcs[last].append((loop, nil))
                let exit = newState()
                arcs[atLeastOnce ? last : loop].append((exit, nil))
                return exit
            case .empty:
                return from
            }
        }
        let final = try build(.rule(top), from: 0, depth: 0)
        self.arcs = arcs
        start = 0
        self.final = final
    }

    /// How deep rule references may nest: the generated grammar nests a few levels; more is
    /// a rule that refers to itself.
    private static let deepestExpansion = 64
}
