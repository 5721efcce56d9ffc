/// One normalised word of an utterance, with where it stood in the original text.
public struct Token: Hashable, Sendable {
    /// Lower-case text: a word (`glucose`, `mg/dl`), a number as written (`6.2`, `-5`), or a
    /// symbol (`:`, `/`, `%`, `°`).
    public var text: String
    /// Offsets in Unicode scalars into the original text: `start..<end`.
    public var start: Int
    public var end: Int

    public init(text: String, start: Int, end: Int) {
        self.text = text
        self.start = start
        self.end = end
    }

    /// The value of a token written in digits, or nil.
    public var writtenNumber: Double? {
        guard let first = text.utf8.first,
              first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return nil }
        return Double(text)
    }
}
