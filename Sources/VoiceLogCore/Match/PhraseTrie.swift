/// Finds every phrase of a set that starts at a token, in one walk.
struct PhraseTrie<Payload: Sendable>: Sendable {
    private var children: [[String: Int]] = [[:]]
    private var payloads: [[Payload]] = [[]]

    mutating func insert(_ words: [String], _ payload: Payload) {
        var node = 0
        for word in words {
            if let next = children[node][word] {
                node = next
            } else {
                children.append([:])
                payloads.append([])
                children[node][word] = children.count - 1
                node = children.count - 1
            }
        }
        payloads[node].append(payload)
    }

    /// Calls `found` with the end index and payload of each phrase starting at `start`.
    func matches(_ tokens: [String], at start: Int, _ found: (Int, Payload) -> Void) {
        var node = 0
        var index = start
        while index < tokens.count, let next = children[node][tokens[index]] {
            node = next
            index += 1
            for payload in payloads[node] { found(index, payload) }
        }
    }

    /// The words that can start a phrase.
    var firstWords: Set<String> { Set(children[0].keys) }
}
