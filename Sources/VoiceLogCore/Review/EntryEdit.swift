/// What an edit typed at the review prompt makes of an entry.
public enum EntryEdit: Hashable, Sendable {
    /// The entry as edited, with every problem the feasibility rules find in it (errors
    /// mean it cannot be stored as it is).
    case edited(Entry, problems: [Problem])
    /// The edit was not understood; the message says what to type instead.
    case notUnderstood(String)

    /// True when the entry was edited and breaks no rule.
    public var isFeasible: Bool {
        guard case .edited(_, let problems) = self else { return false }
        return !problems.contains { $0.severity == .error }
    }
}
