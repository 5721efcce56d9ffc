extension Unicode.Scalar {
    /// Whether it is a letter, as `properties.isAlphabetic` says: a range test for ASCII, where
    /// the Unicode property lookup costs a hundred times more.
    var isAlphabetic: Bool {
        isASCII ? ("a"..."z").contains(self) || ("A"..."Z").contains(self) : properties.isAlphabetic
    }
}

extension String {
    /// Whether every character is a letter, as `Character.isLetter` says: a byte test when the
    /// text is ASCII.
    var isAllLetters: Bool {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return allSatisfy(\.isLetter) }
        return utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
    }
}
