/// A failure of the pipeline's own (not the store's or the recogniser's), in words that say
/// what to do.
public struct PipelineError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
