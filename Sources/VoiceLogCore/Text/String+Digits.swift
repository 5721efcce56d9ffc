extension String {
    /// Whether a character of the text is a number ("6.2", "120ml", "½"), as `Character.isNumber`
    /// says: a byte test when the text is ASCII.
    var holdsNumber: Bool {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return contains(where: \.isNumber) }
        return utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether the first character is a number, as `Character.isNumber` says.
    var startsWithNumber: Bool {
        guard let byte = utf8.first else { return false }
        return byte < 0x80 ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : first!.isNumber
    }
}
