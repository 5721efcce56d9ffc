/// What the parser understood from one utterance.
public struct ParseResult: Hashable, Sendable {
    /// The status names of `shared/spec/entries.md`.
    public enum Status: String, Sendable, CaseIterable {
        /// Every entry parsed and passed its feasibility rules (warnings may be in `problems`).
        case ok
        /// An entry parsed but a value breaks a rule.
        case infeasible
        /// The kind was recognised but a required value is missing.
        case incomplete
        /// No entry kind matched.
        case unrecognized
    }

    public var input: String
    public var status: Status
    public var entries: [Entry]
    public var problems: [Problem]
    /// Words read as saying who or when rather than what was measured ("my 6 week old"),
    /// logged in no entry; a warning in `problems` names them too.
    public var asides: [String] = []
    /// Words of a reading that a correction replaced ("glucose 8.2" of "glucose 8.2 sorry
    /// 7.2"); a warning in `problems` names the correction.
    public var takenBack: [String] = []
    /// A clause after the entries that says what did not happen ("sugar 15.9, missed my
    /// glycomet"), logged in no entry; a warning in `problems` names it.
    public var negated: [String] = []

    public init(input: String, status: Status, entries: [Entry], problems: [Problem]) {
        self.input = input
        self.status = status
        self.entries = entries
        self.problems = problems
    }
}
