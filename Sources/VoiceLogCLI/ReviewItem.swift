import VoiceLogCore
import VoiceLogStorage

/// One utterance under review: the result as heard, and the user's corrections of its entries.
struct ReviewItem {
    /// The result as heard (or as typed again with `r`).
    let heard: ParseResult
    /// Corrected entries by position; stored as the entries' second revisions.
    private(set) var corrections: [Int: Entry] = [:]
    let checker: FeasibilityChecker
    let now: LocalDateTime
    /// What else the recogniser may have heard, and the audio file, for a dictated utterance.
    var speech: (alternatives: [String], audioFile: String?) = ([], nil)

    init(heard: ParseResult, checker: FeasibilityChecker, now: LocalDateTime) {
        self.heard = heard
        self.checker = checker
        self.now = now
    }

    /// The result as it now stands: the corrected entries, checked again by the rules, and
    /// the warnings about the utterance as a whole ("Words not used").
    var current: ParseResult {
        guard !corrections.isEmpty else { return heard }
        var result = heard
        result.entries = heard.entries.indices.map { corrections[$0] ?? heard.entries[$0] }
        result.problems = heard.problems.filter { $0.field == nil && $0.severity == .warning }
            + result.entries.flatMap { checker.problems(in: $0, now: now) }
        result.status = result.problems.contains { $0.severity == .error } ? .infeasible : .ok
        return result
    }

    /// Whether its entries can be edited: they were all understood, feasible or not.
    var isEditable: Bool { heard.status == .ok || heard.status == .infeasible }

    mutating func correct(_ position: Int, to entry: Entry) {
        corrections[position] = entry
    }

    /// What is committed: the utterance as heard; ``corrections`` go with it.
    func utterance(source: UtteranceSource) -> Utterance {
        Utterance(heard, source: source, referenceTime: now, alternatives: speech.alternatives, audioFile: speech.audioFile)
    }
}
