import CPocketSphinx
import VoiceLogJSGF

/// The finite-state graph of a JSGF grammar, built here from its rules: merged
/// (`minimized()`), it is what the grammar search runs over, and what says whether the
/// grammar can finish at all and which hypotheses it accepts.
struct GrammarGraph {
    /// An arc: a nil word is an empty (epsilon) transition; `weight` is the JSGF weight of
    /// the choice it starts (1 when none was given), which the search adds to a path's score.
    typealias Arc = (to: Int, word: String?, weight: Double)
    /// Arcs leaving each state.
    let arcs: [[Arc]]
    let start: Int
    let final: Int

    /// How many states the graph has.
    var stateCount: Int { arcs.count }

    init(arcs: [[Arc]], start: Int, final: Int) {
        self.arcs = arcs
        self.start = start
        self.final = final
    }

    /// The graph as PocketSphinx's finite-state grammar, each transition with its weight as
    /// sphinxbase gives JSGF's (the log of the weight, not scaled); the caller frees it with
    /// `fsg_model_free`.
    /// `languageWeight` must be the decoder's (`-lw`): the silences the search adds are
    /// weighted with it.
    func fsgModel(name: String, logMath: OpaquePointer, languageWeight: Float) -> UnsafeMutablePointer<fsg_model_t> {
        let fsg = fsg_model_init(name, logMath, languageWeight, Int32(arcs.count))!
        fsg.pointee.start_state = Int32(start)
        fsg.pointee.final_state = Int32(final)
        for (from, list) in arcs.enumerated() {
            for arc in list {
                let logWeight = arc.weight == 1 ? 0 : logmath_log(logMath, arc.weight)
                if let word = arc.word {
                    fsg_model_trans_add(fsg, Int32(from), Int32(arc.to), logWeight, fsg_model_word_add(fsg, word))
                } else {
                    _ = fsg_model_null_trans_add(fsg, Int32(from), Int32(arc.to), logWeight)
                }
            }
        }
        // The search follows one empty transition at a time: chains are closed, as
        // sphinxbase does for grammars it builds or reads.
        glist_free(fsg_model_null_trans_closure(fsg, nil))
        return fsg
    }

    /// The words of a shortest path from the start to a state where sentences stop before
    /// the end (no word leads on), or else to a state from which the end cannot be reached;
    /// nil when every path can finish. A `<VOID>` makes such dead ends, and PocketSphinx
    /// searches them without a word of complaint.
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
        var firstDead: Int?
        var index = 0
        while index < queue.count {
            let state = queue[index]
            index += 1
            if state != final, arcs[state].allSatisfy({ Self.isFiller($0.word) }) { return path[state] }
            if !live.contains(state), firstDead == nil { firstDead = state }
            for arc in arcs[state] where !Self.isFiller(arc.word) && path[arc.to] == nil {
                path[arc.to] = path[state]! + (arc.word.map { [$0] } ?? [])
                queue.append(arc.to)
            }
        }
        return firstDead.flatMap { path[$0] }
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
    /// place as sphinxbase does: sphinxbase's own, with a 101-entry hash table for each of its
    /// 37,000 states over the whole VoiceLog grammar, took 120 MB more to build.
    init(rules: JSGFRules, top: String) throws {
        var arcs: [[Arc]] = [[]]
        func newState() -> Int {
            arcs.append([])
            return arcs.count - 1
        }
        // The state where `expression`, entered at `from`, ends.
        func build(_ expression: JSGFRules.Expression, from: Int, depth: Int) throws -> Int {
            switch expression {
            case .word(let word):
                let end = newState()
                arcs[from].append((end, word, 1))
                return end
            case .rule(let name):
                guard let rule = rules.rules[name] else {
                    let reason = name.contains(".")
                        ? "it refers to <\(name)> of another grammar, and imports are not supported"
                        : "it refers to <\(name)>, which it does not define"
                    throw SpeechError.invalidGrammar(reason: reason, log: [])
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
                    // A weight goes on the choice's word, as sphinxbase puts it, or else on an
                    // empty transition that starts the choice.
                    if case .word(let word) = choice.expression {
                        let after = newState()
                        arcs[from].append((after, word, choice.weight))
                        arcs[after].append((end, nil, 1))
                        continue
                    }
                    var entry = from
                    if choice.weight != 1 {
                        entry = newState()
                        arcs[from].append((entry, nil, choice.weight))
                    }
                    arcs[try build(choice.expression, from: entry, depth: depth)].append((end, nil, 1))
                }
                return end
            // Each construct ends in a state of its own with no way back: an empty transition
            // into the end of a loop would let "[point <digit>+]" read digits without "point".
            case .optional(let inner):
                let end = newState()
                arcs[try build(inner, from: from, depth: depth)].append((end, nil, 1))
                arcs[from].append((end, nil, 1))
                return end
            case .repeated(let inner, let atLeastOnce):
                let loop = newState()
                arcs[from].append((loop, nil, 1))
                let last = try build(inner, from: loop, depth: depth)
                arcs[last].append((loop, nil, 1))
                let exit = newState()
                arcs[atLeastOnce ? last : loop].append((exit, nil, 1))
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
