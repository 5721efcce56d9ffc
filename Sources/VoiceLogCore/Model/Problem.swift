/// Something wrong or worth checking in what was said, in words the user understands.
public struct Problem: Hashable, Sendable {
    public enum Severity: String, Sendable {
        /// Makes the result `infeasible`, `incomplete` or `unrecognized`.
        case error
        /// Shown, but the entry may still be stored.
        case warning
    }

    /// The field concerned (`value`, `systolic`, `time`...), or nil for the whole utterance.
    public var field: String?
    public var severity: Severity
    public var message: String

    public init(field: String?, severity: Severity, message: String) {
        self.field = field
        self.severity = severity
        self.message = message
    }
}
