extension String {
    /// FNV-1a of the text's UTF-8, 64 bits: the same on every platform and run, unlike
    /// `hashValue`, so it can name cached files and seed generators.
    public var stableHash: UInt64 {
        utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
