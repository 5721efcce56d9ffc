/// A map from non-negative integer keys to slots, open-addressed with Fibonacci hashing: a
/// lookup is a multiply and a probe or two, with no `Hasher`, and an empty table costs a
/// few hundred bytes however many keys could be asked about.
struct SlotTable {
    private var keys: [Int]
    private var slots: [Int32]
    private var count = 0

    /// A table that grows past `capacity` keys (rounded up to a power of two).
    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = Array(repeating: -1, count: size)
        slots = Array(repeating: 0, count: size)
    }

    subscript(key: Int) -> Int32? {
        get {
            let mask = keys.count - 1
            var index = Self.start(key, mask)
            while true {
                let found = keys[index]
                if found == key { return slots[index] }
                if found < 0 { return nil }
                index = (index + 1) & mask
            }
        }
        set {
            guard let slot = newValue else { preconditionFailure("keys are never removed") }
            if (count + 1) * 2 > keys.count { grow() }
            insert(key, slot)
        }
    }

    private mutating func insert(_ key: Int, _ slot: Int32) {
        let mask = keys.count - 1
        var index = Self.start(key, mask)
        while keys[index] >= 0 && keys[index] != key { index = (index + 1) & mask }
        if keys[index] < 0 { count += 1 }
        keys[index] = key
        slots[index] = slot
    }

    private mutating func grow() {
        let (oldKeys, oldSlots) = (keys, slots)
        keys = Array(repeating: -1, count: oldKeys.count * 2)
        slots = Array(repeating: 0, count: oldKeys.count * 2)
        count = 0
        for (key, slot) in zip(oldKeys, oldSlots) where key >= 0 { insert(key, slot) }
    }

    private static func start(_ key: Int, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
