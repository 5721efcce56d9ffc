/// Finds every phrase of a set that starts at a token, in one walk.
///
/// Words are ids from `WordIDs`; the edges of every node live in one open-addressed table
/// keyed by (node, word), so a step is a multiply and a probe or two. Built whole and then only
/// read; a class, so that handing a trie on costs one reference count, not one per table.
final class PhraseTrie<Payload: Sendable>: Sendable {
    private let payloads: [[Payload]]
    /// Slots of the edge table: key `node << 32 | word`, or `empty`; `targets` holds the child.
    private let keys: [UInt64]
    private let targets: [Int32]
    /// The words of the root's edges.
    let firstWords: Set<Int32>

    /// A trie of the phrases, each a run of word ids with its payload.
    init(_ phrases: some Sequence<([Int32], Payload)>) {
        var table = Table()
        for (words, payload) in phrases { table.insert(words, payload) }
        payloads = table.payloads
        keys = table.keys
        targets = table.targets
        firstWords = table.firstWords
    }

    /// Calls `found` with the end index and payload of each phrase starting at `start`.
    func matches(_ tokens: [Int32], at start: Int, _ found: (Int, Payload) -> Void) {
        var node: Int32 = 0
        var index = start
        while index < tokens.count, let next = Self.child(of: node, tokens[index], keys, targets) {
            node = next
            index += 1
            for payload in payloads[Int(node)] { found(index, payload) }
        }
    }

    private static func child(of node: Int32, _ word: Int32, _ keys: [UInt64], _ targets: [Int32]) -> Int32? {
        guard word >= 0 else { return nil }
        let key = Self.key(node, word)
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while true {
            let found = keys[slot]
            if found == key { return targets[slot] }
            if found == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    private static var empty: UInt64 { .max }

    private static func key(_ node: Int32, _ word: Int32) -> UInt64 {
        UInt64(UInt32(node)) << 32 | UInt64(UInt32(word))
    }

    /// Fibonacci hashing: the high bits of the key times 2^64 / golden ratio.
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The trie while it is built.
    private struct Table {
        var nodeCount = 1
        var payloads: [[Payload]] = [[]]
        var keys: [UInt64] = Array(repeating: PhraseTrie.empty, count: 8)
        var targets: [Int32] = Array(repeating: 0, count: 8)
        var edgeCount = 0
        var firstWords: Set<Int32> = []

        mutating func insert(_ words: [Int32], _ payload: Payload) {
            var node: Int32 = 0
            for word in words {
                if node == 0 { firstWords.insert(word) }
                if let next = PhraseTrie.child(of: node, word, keys, targets) {
                    node = next
                } else {
                    let next = Int32(nodeCount)
                    nodeCount += 1
                    payloads.append([])
                    addEdge(from: node, word, to: next)
                    node = next
                }
            }
            payloads[Int(node)].append(payload)
        }

        private mutating func addEdge(from node: Int32, _ word: Int32, to child: Int32) {
            if (edgeCount + 1) * 2 > keys.count { grow() }
            let key = PhraseTrie.key(node, word)
            let mask = keys.count - 1
            var slot = PhraseTrie.slot(key, mask)
            while keys[slot] != PhraseTrie.empty { slot = (slot + 1) & mask }
            keys[slot] = key
            targets[slot] = child
            edgeCount += 1
        }

        private mutating func grow() {
            let oldKeys = keys, oldTargets = targets
            keys = Array(repeating: PhraseTrie.empty, count: oldKeys.count * 2)
            targets = Array(repeating: 0, count: oldKeys.count * 2)
            let mask = keys.count - 1
            for (key, target) in zip(oldKeys, oldTargets) where key != PhraseTrie.empty {
                var slot = PhraseTrie.slot(key, mask)
                while keys[slot] != PhraseTrie.empty { slot = (slot + 1) & mask }
                keys[slot] = key
                targets[slot] = target
            }
        }
    }
}
