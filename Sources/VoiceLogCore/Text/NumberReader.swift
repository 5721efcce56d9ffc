/// One way of reading a number that starts at a token.
public struct NumberReading: Hashable, Sendable {
    /// The token after the number.
    public var end: Int
    public var value: Double
}

/// Reads numbers, spoken or written, from tokens: "6.2", "six point two", "seven point oh
/// five", "one hundred and twenty", "a hundred", "one twenty" (120), "two and a half",
/// "3/4", "2 1/4", "minus three", "five eighths", "5 thousand", "10k", "two point two
/// million", "two dozen", "a couple".
///
/// It returns every reading that starts at a token, short and long ("one hundred and
/// twenty" gives 1, 100 and 120), and leaves it to the grammar to choose the one that fits.
public struct NumberReader: Sendable {
    public let words: NumberWords
    /// Every word a reading may start with, but numbers written in digits: any other token
    /// starts none, which one lookup tells.
    private let openers: Set<String>

    public init(words: NumberWords) {
        self.words = words
        let wordLists = [words.digits.keys, words.teens.keys, words.tens.keys, words.scales.keys, words.soundsLikeDigit.keys]
        openers = Set(wordLists.joined()).union(words.point).union(words.minus).union(words.one)
            .union(words.fractions.keys).union(words.fractions.keys.map { $0 + "s" })
    }

    /// Every reading of a number starting at `start`, longest last.
    public func readings(_ tokens: [String], at start: Int) -> [NumberReading] {
        guard start < tokens.count else { return [] }
        let token = tokens[start]
        guard token.startsWithNumber || token.utf8.first == UInt8(ascii: "-") || openers.contains(token) else { return [] }
        // "the little one", "that one": a pronoun, unless more of a number follows ("the one hundred")
        if start > 0, words.digits[tokens[start]] == 1, words.pronounOneAfter.contains(tokens[start - 1]) {
            return unsigned(tokens, at: start).filter { $0.end > start + 1 }
        }
        // "three hundred and fifty" is 350, never 3 and then 150: no number starts at a scale
        // said right after a number
        if start > 0, words.scales[token] != nil, isNumber(tokens[start - 1]) { return [] }
        if words.minus.contains(tokens[start]) {
            return unsigned(tokens, at: start + 1).map { NumberReading(end: $0.end, value: -$0.value) }
        }
        // "forty five" is 45, never 40 and then 5; "six point three" is 6.3, never 6 and then 0.3
        let all = unsigned(tokens, at: start)
        return all.filter { reading in
            guard reading.end < tokens.count else { return true }
            let next = tokens[reading.end]
            let splitsTens = words.tens[tokens[reading.end - 1]] != nil && words.digits[next] != nil
            return !((splitsTens || words.point.contains(next)) && all.contains { $0.end > reading.end })
        }
    }

    /// Whether a token is a number or a word of one ("3", "three", "thirty", "hundred").
    private func isNumber(_ token: String) -> Bool {
        token.startsWithNumber || words.digits[token] != nil || words.teens[token] != nil
            || words.tens[token] != nil || words.scales[token] != nil
    }

    private func unsigned(_ tokens: [String], at start: Int) -> [NumberReading] {
        guard start < tokens.count else { return [] }
        var results = wholeOrDecimal(tokens, at: start)
        // "two and a half", "1 and a quarter"; "a million and a half" is 1.5 million
        for reading in results where reading.value.isWhole {
            if let fraction = andFraction(tokens, at: reading.end) {
                let unit = endingScale(tokens, reading) ?? 1
                results.append(NumberReading(end: fraction.end, value: reading.value + fraction.value * unit))
            }
        }
        // "a half", "one quarter", "three quarters", "twenty fifths"
        if let fraction = fractionWord(tokens, at: start, count: 1, opensNumber: true) {
            results.append(fraction)
        }
        for reading in results where reading.value >= 1 && reading.value.isWhole {
            if let fraction = fractionWord(tokens, at: reading.end, count: reading.value) {
                results.append(fraction)
            }
        }
        // "two point two million", "five and a half million", "half million", "two thirds of a million"
        for reading in results where !reading.value.isWhole {
            if let scaled = scaledBy(tokens, reading) { results.append(scaled) }
        }
        results += counted(tokens, at: start, results)
        results += multiplied(tokens, at: start)
        return results.filter { $0.value.isFinite }
    }

    /// "2 x 500": a small count written in digits times a number written in digits, 1000.
    private func multiplied(_ tokens: [String], at start: Int) -> [NumberReading] {
        guard let count = writtenNumber(tokens[start]), count.isWhole, (1...10).contains(count),
              let sign = tokens[safe: start + 1], words.times.contains(sign),
              let factor = tokens[safe: start + 2].flatMap(writtenNumber) else { return [] }
        return [NumberReading(end: start + 3, value: count * factor)]
    }

    /// "a dozen", "two dozen", "half a dozen"; "a couple", "a pair (of)".
    private func counted(_ tokens: [String], at start: Int, _ found: [NumberReading]) -> [NumberReading] {
        var results: [NumberReading] = []
        var counts = found
        if words.one.contains(tokens[start]) {
            counts.append(NumberReading(end: start + 1, value: 1))
            if let pair = tokens[safe: start + 1].flatMap({ words.pairs[$0] }) {
                results.append(NumberReading(end: start + 2, value: pair))
            }
        }
        for count in counts {
            var next = count.end
            // "half a dozen"
            if count.value < 1, tokens[safe: next].map(words.one.contains) == true { next += 1 }
            guard let multiplier = tokens[safe: next].flatMap({ words.multipliers[$0] }) else { continue }
            // "three hundred and two dozen": the dozen counts only what follows the last "and"
            if let and = tokens[start..<count.end].lastIndex(of: "and") {
                guard let rest = readings(tokens, at: and + 1).last(where: { $0.end == count.end }) else { continue }
                results.append(NumberReading(end: next + 1, value: count.value + rest.value * (multiplier - 1)))
            } else {
                results.append(NumberReading(end: next + 1, value: count.value * multiplier))
            }
        }
        // "a couple of", "a dozen of"
        for reading in results where tokens[safe: reading.end] == "of" {
            results.append(NumberReading(end: reading.end + 1, value: reading.value))
        }
        return results
    }

    /// The scale a whole reading ends on, if a thousand or more ("a million").
    private func endingScale(_ tokens: [String], _ reading: NumberReading) -> Double? {
        guard let scale = tokens[safe: reading.end - 1].flatMap({ words.scales[$0] }), scale >= 1000 else { return nil }
        return Double(scale)
    }

    /// A reading times the scale word after it: "2.2 million", "half million", "two thirds of a million".
    private func scaledBy(_ tokens: [String], _ reading: NumberReading) -> NumberReading? {
        var next = reading.end
        if reading.value < 1, tokens[safe: next] == "of" {
            next += 1
            if tokens[safe: next].map(words.one.contains) == true { next += 1 }
        }
        guard let scale = tokens[safe: next].flatMap({ words.scales[$0] }) else { return nil }
        return NumberReading(end: next + 1, value: reading.value * Double(scale))
    }

    /// "and a half", "and three quarters".
    private func andFraction(_ tokens: [String], at index: Int) -> NumberReading? {
        guard index + 1 < tokens.count, tokens[index] == "and" else { return nil }
        var next = index + 1
        var count = 1.0
        if words.one.contains(tokens[next]) {
            next += 1
        } else if let digit = words.digits[tokens[next]], digit > 0 {
            count = Double(digit)
            next += 1
        }
        return fractionWord(tokens, at: next, count: count)
    }

    /// "half", "quarter(s)", "fifth(s)" after a count: a plural after any count ("twenty
    /// fifths"), a singular after one to nine ("three quarter"), so that "twenty fifth" stays
    /// a date.
    private func fractionWord(_ tokens: [String], at index: Int, count: Double, opensNumber: Bool = false) -> NumberReading? {
        let start = index
        var index = index
        if count == 1, index < tokens.count, words.one.contains(tokens[index]) { index += 1 }
        guard index < tokens.count else { return nil }
        var word = tokens[index]
        if word.hasSuffix("s"), words.fractions[word] == nil {
            word.removeLast()
        } else if count > 9 {
            return nil
        }
        guard let fraction = words.fractions[word] else { return nil }
        // "third" opening a number alone is an ordinal ("third day running"): a fraction only
        // after a count or "a", or before "of" ("fourth of a litre")
        if opensNumber, index == start, words.countedFractions.contains(word), tokens[safe: index + 1] != "of" { return nil }
        return NumberReading(end: index + 1, value: count * fraction)
    }

    /// Integers and decimals, written or spoken.
    private func wholeOrDecimal(_ tokens: [String], at start: Int) -> [NumberReading] {
        if let written = writtenNumber(tokens[start]) {
            return writtenReadings(tokens, at: start, value: written)
        }
        var results: [NumberReading] = []
        var integers = spokenIntegers(tokens, at: start)
        // "for point ate", "took to units": a word that sounds like a digit is one before a
        // point or a unit of `sounds-like-digit-before`
        if let digit = words.soundsLikeDigit[tokens[start]],
           let next = tokens[safe: start + 1], words.point.contains(next) || words.soundsLikeDigitBefore.contains(next) || isScoreScale(tokens, at: start + 1) {
            integers.append(NumberReading(end: start + 1, value: Double(digit)))
        }
        // "for and a half ounces": and before "and a half" (but never alone there)
        if let digit = words.soundsLikeDigit[tokens[start]], let fraction = andFraction(tokens, at: start + 1) {
            results.append(NumberReading(end: fraction.end, value: Double(digit) + fraction.value))
        }
        results += integers
        for integer in integers {
            for decimal in decimalParts(tokens, at: integer.end) {
                results.append(NumberReading(end: decimal.end, value: integer.value + decimal.value))
            }
        }
        // "point five"
        results += decimalParts(tokens, at: start)
        return results
    }

    /// The value of a token written in digits ("6.2", "-5", "0.77"), or nil.
    private func writtenNumber(_ token: String) -> Double? {
        guard token.startsWithNumber || token.utf8.first == UInt8(ascii: "-") else { return nil }
        return Double(token)
    }

    /// A number written in digits and what may follow it: "3/4", "2 1/4", "1 point 1",
    /// "10k", "5 thousand", "3 hundred and 21".
    private func writtenReadings(_ tokens: [String], at start: Int, value: Double) -> [NumberReading] {
        var results = [NumberReading(end: start + 1, value: value)]
        if let fraction = slashFraction(tokens, at: start) { results.append(fraction) }
        if let scale = tokens[safe: start + 1].flatMap({ words.writtenScales[$0] }) {
            results.append(NumberReading(end: start + 2, value: value * scale))
        }
        guard value.isWhole else { return results }
        // "2 1/4"
        if let fraction = slashFraction(tokens, at: start + 1), fraction.value < 1, value >= 0 {
            results.append(NumberReading(end: fraction.end, value: value + fraction.value))
        }
        if !tokens[start].utf8.contains(UInt8(ascii: ".")) {
            for decimal in decimalParts(tokens, at: start + 1) {
                results.append(NumberReading(end: decimal.end, value: value + decimal.value))
            }
        }
        results += hundredsAndMore(tokens, after: results[0], written: true)
        return results
    }

    /// "3/4", "20/100": a fraction written with a slash, less than one. Not out of what a
    /// score is out of (`out-of`: "knee pain 5/10"), never half a dose.
    private func slashFraction(_ tokens: [String], at start: Int) -> NumberReading? {
        guard start + 2 < tokens.count, tokens[start + 1] == "/", !words.scoreScales.contains(tokens[start + 2]),
              let numerator = writtenNumber(tokens[start]), let denominator = writtenNumber(tokens[start + 2]),
              numerator < denominator, denominator <= 1000, numerator.isWhole, denominator.isWhole
        else { return nil }
        return NumberReading(end: start + 3, value: numerator / denominator)
    }

    /// "point two", "point oh five", "point twenty five": the value after the point. Digits
    /// said one by one give each length ("point five two" is .5 or .52: "six point five two
    /// hours after" is 6.5 and two hours).
    private func decimalParts(_ tokens: [String], at index: Int) -> [NumberReading] {
        guard index + 1 < tokens.count, words.point.contains(tokens[index]) else { return [] }
        var digits = ""
        var next = index + 1
        var shorter: [NumberReading] = []
        while next < tokens.count {
            let token = tokens[next]
            // a word that sounds like a digit is one only right after the point ("six point to"):
            // "seven point one for glucose" is 7.1
            let soundsLike = digits.isEmpty ? words.soundsLikeDigit[token] : nil
            if let digit = words.digits[token] ?? soundsLike ?? (words.zeroInClock.contains(token) ? 0 : nil) {
                if !digits.isEmpty, let value = Double("0." + digits) { shorter.append(NumberReading(end: next, value: value)) }
                digits += String(digit)
            } else if digits.isEmpty, let value = words.tens[token] ?? words.teens[token] {
                digits = String(value)
                if let unit = words.digits[tokens[safe: next + 1] ?? ""], words.tens[token] != nil, unit > 0 {
                    digits = String(value + unit)
                    next += 1
                }
                next += 1
                break
            } else if digits.isEmpty, token.allSatisfy(\.isNumber) {
                digits = token
            } else {
                break
            }
            next += 1
        }
        guard !digits.isEmpty, let value = Double("0." + digits) else { return [] }
        return shorter + [NumberReading(end: next, value: value)]
    }

    /// Spoken whole numbers: every prefix reading.
    private func spokenIntegers(_ tokens: [String], at start: Int) -> [NumberReading] {
        guard start < tokens.count else { return [] }
        var results: [NumberReading] = []
        for small in belowHundred(tokens, at: start) {
            results.append(small)
            results += hundredsAndMore(tokens, after: small)
            // "one twenty" (120), "one oh five" (105): a digit then two more digits' worth
            if small.end == start + 1, let digit = words.digits[tokens[start]], digit > 0 {
                results += hundredsInTwo(tokens, digit: digit, at: small.end)
                if let oh = tokens[safe: small.end], words.zeroInClock.contains(oh) || oh == "zero",
                   let unit = tokens[safe: small.end + 1].flatMap({ words.digits[$0] }), unit > 0 {
                    results.append(NumberReading(end: small.end + 2, value: Double(digit * 100 + unit)))
                }
            }
        }
        // a recogniser's "won forty" (140): only one opens a number said in two parts often
        // enough ("one twenty over eighty") to read a word that sounds like it so
        if words.soundsLikeDigit[tokens[start]] == 1 {
            results += hundredsInTwo(tokens, digit: 1, at: start + 1)
        }
        // "a hundred", "a thousand"; a recogniser's "to hundred" (two hundred)
        if words.one.contains(tokens[start]) {
            results += hundredsAndMore(tokens, after: NumberReading(end: start + 1, value: 1))
        } else if let digit = words.soundsLikeDigit[tokens[start]] {
            results += hundredsAndMore(tokens, after: NumberReading(end: start + 1, value: Double(digit)))
        }
        // "hundred thousand": a scale said alone is one of it
        if words.scales[tokens[start]] != nil {
            results += hundredsAndMore(tokens, after: NumberReading(end: start, value: 1))
        }
        return results
    }

    /// A number said in two parts after its hundreds digit: "twenty" after "one" is 120.
    private func hundredsInTwo(_ tokens: [String], digit: Int, at index: Int) -> [NumberReading] {
        belowHundred(tokens, at: index).filter { $0.value >= 10 }.map { NumberReading(end: $0.end, value: Double(digit * 100) + $0.value) }
    }

    /// After a count: "hundred [and] N", "thousand [and] N". After a count written in digits
    /// the rest is written too: "3 hundred and 21", "4 thousand 3 hundred".
    private func hundredsAndMore(_ tokens: [String], after count: NumberReading, written: Bool = false) -> [NumberReading] {
        guard let scaleWord = tokens[safe: count.end], let scale = words.scales[scaleWord] else { return [] }
        let base = count.value * Double(scale)
        var results = [NumberReading(end: count.end + 1, value: base)]
        var next = count.end + 1
        if tokens[safe: next] == "and" { next += 1 }
        var remainders = scale == 100 ? belowHundred(tokens, at: next) : spokenIntegers(tokens, at: next)
        if written, let rest = tokens[safe: next].flatMap(writtenNumber), rest.isWhole, rest >= 0 {
            let restReading = NumberReading(end: next + 1, value: rest)
            remainders = [restReading] + (scale == 100 ? [] : hundredsAndMore(tokens, after: restReading, written: true))
        }
        for rest in remainders where rest.value < Double(scale) {
            results.append(NumberReading(end: rest.end, value: base + rest.value))
        }
        if scale == 100 {
            for reading in results where reading.end > count.end + 1 || reading.value == base {
                guard let thousand = tokens[safe: reading.end], let big = words.scales[thousand], big > 100 else { continue }
                results += hundredsAndMore(tokens, after: reading, written: written)
                break
            }
        }
        return results
    }

    /// Whether a word that sounds like a digit, before `index`, ends a number said: at the end,
    /// before a unit of `sounds-like-digit-before` or a word of `sounds-like-digit-ends-before`
    /// ("glucose seventy to after breakfast"), before a point ("thirty ate point two"), or
    /// before "out of ten".
    private func soundsLikeDigitEnds(_ tokens: [String], at index: Int) -> Bool {
        guard let next = tokens[safe: index] else { return true }
        return words.soundsLikeDigitBefore.contains(next) || words.soundsLikeDigitEndsBefore.contains(next)
            || words.point.contains(next) || isScoreScale(tokens, at: index)
    }

    /// Whether what a score is out of starts at `index`: "out of ten", "outta 10" (`out-of-said`,
    /// then a word of `out-of` or its number said).
    private func isScoreScale(_ tokens: [String], at index: Int) -> Bool {
        words.outOf.contains { said in
            guard said.indices.allSatisfy({ tokens[safe: index + $0] == said[$0] }),
                  let scale = tokens[safe: index + said.count] else { return false }
            return words.scoreScales.contains(scale) || words.teens[scale].map { words.scoreScales.contains(String($0)) } == true
        }
    }

    /// "seven", "fifteen", "forty", "forty five".
    private func belowHundred(_ tokens: [String], at start: Int) -> [NumberReading] {
        guard let token = tokens[safe: start] else { return [] }
        if let digit = words.digits[token] { return [NumberReading(end: start + 1, value: Double(digit))] }
        if let teen = words.teens[token] { return [NumberReading(end: start + 1, value: Double(teen))] }
        guard let tens = words.tens[token] else { return [] }
        var results = [NumberReading(end: start + 1, value: Double(tens))]
        if let unit = tokens[safe: start + 1].flatMap({ words.digits[$0] }), unit > 0 {
            results.append(NumberReading(end: start + 2, value: Double(tens + unit)))
        } else if let unit = tokens[safe: start + 1].flatMap({ words.soundsLikeDigit[$0] }), unit > 0,
                  soundsLikeDigitEnds(tokens, at: start + 2) {
            // a recogniser's "eighty ate" (88), "twenty to units": at the end, or before a unit
            results.append(NumberReading(end: start + 2, value: Double(tens + unit)))
        }
        return results
    }
}

extension Double {
    var isWhole: Bool { self == rounded() }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
