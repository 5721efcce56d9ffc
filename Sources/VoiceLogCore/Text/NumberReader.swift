/// One way of reading a number that starts at a token.
public struct NumberReading: Hashable, Sendable {
    /// The token after the number.
    public var end: Int
    public var value: Double
}

/// Reads numbers, spoken or written, from tokens: "6.2", "six point two", "seven point oh
/// five", "one hundred and twenty", "a hundred", "one twenty" (120), "two and a half",
/// "3/4", "minus three".
///
/// It returns every reading that starts at a token, short and long ("one hundred and
/// twenty" gives 1, 100 and 120), and leaves it to the grammar to choose the one that fits.
public struct NumberReader: Sendable {
    public let words: NumberWords

    public init(words: NumberWords) {
        self.words = words
    }

    /// Every reading of a number starting at `start`, longest last.
    public func readings(_ tokens: [String], at start: Int) -> [NumberReading] {
        guard start < tokens.count else { return [] }
        if words.minus.contains(tokens[start]) {
            return unsigned(tokens, at: start + 1).map { NumberReading(end: $0.end, value: -$0.value) }
        }
        return unsigned(tokens, at: start)
    }

    private func unsigned(_ tokens: [String], at start: Int) -> [NumberReading] {
        guard start < tokens.count else { return [] }
        var results = wholeOrDecimal(tokens, at: start)
        // "two and a half", "1 and a quarter"
        for reading in results where reading.value == reading.value.rounded() {
            if let fraction = andFraction(tokens, at: reading.end) {
                results.append(NumberReading(end: fraction.end, value: reading.value + fraction.value))
            }
        }
        // "a half", "one quarter", "three quarters"
        if start < tokens.count, let fraction = fractionWord(tokens, at: start, count: 1) {
            results.append(fraction)
        }
        for reading in results where reading.value >= 1 && reading.value <= 9 && reading.value == reading.value.rounded() {
            if let fraction = fractionWord(tokens, at: reading.end, count: reading.value) {
                results.append(fraction)
            }
        }
        return results.filter { $0.value.isFinite }
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

    /// "half", "quarter(s)", "third(s)" after a count.
    private func fractionWord(_ tokens: [String], at index: Int, count: Double) -> NumberReading? {
        var index = index
        if count == 1, index < tokens.count, words.one.contains(tokens[index]) { index += 1 }
        guard index < tokens.count else { return nil }
        var word = tokens[index]
        if word.hasSuffix("s"), words.fractions[word] == nil { word.removeLast() }
        guard let fraction = words.fractions[word] else { return nil }
        return NumberReading(end: index + 1, value: count * fraction)
    }

    /// Integers and decimals, written or spoken.
    private func wholeOrDecimal(_ tokens: [String], at start: Int) -> [NumberReading] {
        if let written = Double(tokens[start]), tokens[start].first?.isNumber == true || tokens[start].first == "-" {
            var results = [NumberReading(end: start + 1, value: written)]
            // "3/4": a fraction written with a slash
            if start + 2 < tokens.count, tokens[start + 1] == "/",
               let denominator = Double(tokens[start + 2]), written < denominator, denominator <= 16,
               written == written.rounded(), denominator == denominator.rounded() {
                results.append(NumberReading(end: start + 3, value: written / denominator))
            }
            return results
        }
        var results: [NumberReading] = []
        let integers = spokenIntegers(tokens, at: start)
        results += integers
        for integer in integers {
            if let decimal = decimalPart(tokens, at: integer.end) {
                results.append(NumberReading(end: decimal.end, value: integer.value + decimal.value))
            }
        }
        // "point five"
        if let decimal = decimalPart(tokens, at: start) { results.append(decimal) }
        return results
    }

    /// "point two", "point oh five", "point twenty five": the value after the point.
    private func decimalPart(_ tokens: [String], at index: Int) -> NumberReading? {
        guard index + 1 < tokens.count, words.point.contains(tokens[index]) else { return nil }
        var digits = ""
        var next = index + 1
        while next < tokens.count {
            let token = tokens[next]
            if let digit = words.digits[token] ?? (words.zeroInClock.contains(token) ? 0 : nil) {
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
        guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
        return NumberReading(end: next, value: value)
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
                for rest in belowHundred(tokens, at: small.end) where rest.value >= 10 {
                    results.append(NumberReading(end: rest.end, value: Double(digit * 100) + rest.value))
                }
                if let oh = tokens[safe: small.end], words.zeroInClock.contains(oh) || oh == "zero",
                   let unit = tokens[safe: small.end + 1].flatMap({ words.digits[$0] }), unit > 0 {
                    results.append(NumberReading(end: small.end + 2, value: Double(digit * 100 + unit)))
                }
            }
        }
        // "a hundred", "a thousand"
        if words.one.contains(tokens[start]) {
            results += hundredsAndMore(tokens, after: NumberReading(end: start + 1, value: 1))
        }
        return results
    }

    /// After a number below a hundred: "hundred [and] N", "thousand [and] N".
    private func hundredsAndMore(_ tokens: [String], after count: NumberReading) -> [NumberReading] {
        guard let scaleWord = tokens[safe: count.end], let scale = words.scales[scaleWord] else { return [] }
        let base = count.value * Double(scale)
        var results = [NumberReading(end: count.end + 1, value: base)]
        var next = count.end + 1
        if tokens[safe: next] == "and" { next += 1 }
        let remainders = scale == 100 ? belowHundred(tokens, at: next) : spokenIntegers(tokens, at: next)
        for rest in remainders where rest.value < Double(scale) {
            results.append(NumberReading(end: rest.end, value: base + rest.value))
        }
        if scale == 100 {
            for reading in results where reading.end > count.end + 1 || reading.value == base {
                guard let thousand = tokens[safe: reading.end], let big = words.scales[thousand], big > 100 else { continue }
                results += hundredsAndMore(tokens, after: reading)
                break
            }
        }
        return results
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
        }
        return results
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
