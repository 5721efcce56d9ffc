/// The name and text of one grammar file.
public struct GrammarFile: Sendable {
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// A mistake in a grammar file, with the place it was found.
public struct GrammarError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var message: String

    public var description: String { "\(file):\(line): \(message)" }
}
