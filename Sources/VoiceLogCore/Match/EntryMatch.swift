/// One way an entry of a kind covers a run of tokens.
struct EntryMatch {
    var kindIndex: Int
    var start: Int
    var end: Int
    var captures: Captures

    /// Words the grammar names count 2, free text 1, skipped glue 0.
    var score: Int { 2 * (end - start) - captures.penalty }
}
