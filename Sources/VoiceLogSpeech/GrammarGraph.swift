import CPocketSphinx

/// A Swift copy of the finite-state graph PocketSphinx built from the JSGF grammar, used to
/// check that the grammar can finish at all and which n-best hypotheses it accepts.
struct GrammarGraph {
    /// Arcs leaving each state; a nil word is an empty (epsilon) transition.
    private var arcs: [[(to: Int, word: String?)]]
    private let start: Int
    private let final: Int

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

    /// Whether some path leads from the start state to the final state.
    var canFinish: Bool {
        var seen: Set<Int> = [start]
        var queue = [start]
        while let state = queue.popLast() {
            if state == final { return true }
            for arc in arcs[state] where seen.insert(arc.to).inserted { queue.append(arc.to) }
        }
        return false
    }

    /// Whether the grammar produces exactly this word sequence (fillers such as `<sil>` are
    /// not expected in `words`).
    func accepts(_ words: [String]) -> Bool {
        var states = closure(of: [start])
        for word in words {
            var next: Set<Int> = []
            for state in states {
                for arc in arcs[state] where arc.word == word { next.insert(arc.to) }
            }
            states = closure(of: next)
            if states.isEmpty { return false }
        }
        return states.contains(final)
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
