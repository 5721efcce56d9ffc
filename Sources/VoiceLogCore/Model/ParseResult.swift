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

    public init(input: String, status: Status, entries: [Entry], problems: [Problem]) {
        self.input = input
        self.status = status
        self.entries = entries
        self.problems = problems
    }
}
