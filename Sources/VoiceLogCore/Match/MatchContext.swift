/// The tokens of one utterance, with the readings of its numbers worked out once.
final class MatchContext {
    let tokens: [String]
    private let numberReader: NumberReader
    private var numberCache: [[NumberReading]?]

    init(tokens: [String], numberReader: NumberReader) {
        self.tokens = tokens
        self.numberReader = numberReader
        numberCache = Array(repeating: nil, count: tokens.count)
    }

    var count: Int { tokens.count }

    func numbers(at index: Int) -> [NumberReading] {
        guard index < tokens.count else { return [] }
        if let cached = numberCache[index] { return cached }
        let readings = numberReader.readings(tokens, at: index)
        numberCache[index] = readings
        return readings
    }
}
