/// The counts `voicelog review` ends with.
struct ReviewTally {
    private(set) var accepted = 0
    private(set) var edited = 0
    private(set) var skipped = 0
    private(set) var infeasible = 0
    private(set) var incomplete = 0
    private(set) var unrecognized = 0
    private(set) var failed = 0
    private(set) var quit = false

    mutating func count(_ decision: ReviewDecision) {
        switch decision {
        case .accepted: accepted += 1
        case .edited: edited += 1
        case .skipped: skipped += 1
        case .notStored(.infeasible): infeasible += 1
        case .notStored(.incomplete): incomplete += 1
        case .notStored(.unrecognized): unrecognized += 1
        case .notStored(.ok), .failed: failed += 1
        case .quit: quit = true
        }
    }

    /// "Reviewed 5 utterances: 2 accepted, 1 edited, …" and where the entries went.
    func summary(databasePath: String) -> String {
        let total = accepted + edited + skipped + infeasible + incomplete + unrecognized + failed
        var counts = ["\(accepted) accepted", "\(edited) edited", "\(skipped) skipped", "\(infeasible) infeasible",
                      "\(incomplete) incomplete", "\(unrecognized) unrecognized"]
        if failed > 0 { counts.append("\(failed) not stored after an error") }
        var lines = ["Reviewed \(total) utterance\(total == 1 ? "" : "s"): \(counts.joined(separator: ", "))."]
        if quit { lines.append("Stopped before the end; the remaining lines were not reviewed.") }
        let stored = accepted + edited
        lines.append("\(stored) utterance\(stored == 1 ? "" : "s") stored in \(databasePath)")
        return lines.joined(separator: "\n") + "\n"
    }
}
