/// The best penalty with which each state of one entry search (a token, whether the entry was
/// introduced, the fields held) was reached: one open-addressed array, so that a search that
/// visits a handful of states pays for one allocation and a probe or two a state, with no
/// `Hasher`.
struct SearchStates {
    private struct Slot {
        /// The token times two, plus one when introduced; -1 for an empty slot.
        var place: Int32 = -1
        var penalty: Int32 = 0
        var fields: UInt64 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 16)
    private var count = 0

    /// Records the state with `penalty` unless it was reached before with no more; whether it
    /// is to be explored.
    mutating func reach(index: Int, introduced: Bool, fields: UInt64, penalty: Int) -> Bool {
        let place = Int32(index) << 1 | (introduced ? 1 : 0)
        let mask = slots.count - 1
        var slot = Self.start(place, fields, mask)
        while slots[slot].place >= 0 {
            if slots[slot].place == place && slots[slot].fields == fields {
                guard penalty < slots[slot].penalty else { return false }
                slots[slot].penalty = Int32(penalty)
                return true
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(place: place, penalty: Int32(penalty), fields: fields)
        count += 1
        if count * 2 > slots.count { grow() }
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.place >= 0 {
            var slot = Self.start(entry.place, entry.fields, mask)
            while slots[slot].place >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    private static func start(_ place: Int32, _ fields: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: ((fields ^ UInt64(UInt32(bitPattern: place))) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }
}
