/// Spells whole numbers in words, the ways people say them, from the grammar's number words:
/// 120 is "one hundred [and] twenty" or "one twenty". The speech grammar uses it to offer
/// numbers, and tests use it to check that what is spelled parses back to the same number.
public struct NumberSpeller: Sendable {
    private let digits: [Int: String]
    private let teens: [Int: String]
    private let tens: [Int: String]
    private let hundred: String
    private let point: String

    public init(words: NumberWords) {
        func first(_ table: [String: Int]) -> [Int: String] {
            Dictionary(uniqueKeysWithValues: Set(table.values).map { ($0, words.preferred[$0] ?? "") })
        }
        digits = first(words.digits)
        teens = first(words.teens)
        tens = first(words.tens)
        hundred = words.preferred[100] ?? "hundred"
        point = words.point.sorted().first { $0 == "point" } ?? words.point.sorted().first ?? "point"
    }

    /// The ways of saying `number` (0-999; larger numbers get their digits one by one).
    /// `pairedHundreds` offers 120 as "one twenty" too, as blood pressures and feeds are said;
    /// durations are not, and there "for thirty minutes" would read as 430.
    public func spellings(of number: Int, pairedHundreds: Bool = true) -> [String] {
        switch number {
        case ..<0: return spellings(of: -number, pairedHundreds: pairedHundreds).map { "minus " + $0 }
        case 0..<100: return [belowHundred(number)]
        case 100..<1000:
            let (head, rest) = (number / 100, number % 100)
            let leading = digits[head]!
            if rest == 0 { return ["\(leading) \(hundred)"] }
            var forms = ["\(leading) \(hundred) \(belowHundred(rest))", "\(leading) \(hundred) and \(belowHundred(rest))"]
            if pairedHundreds {
                forms.append(rest < 10 ? "\(leading) oh \(digits[rest]!)" : "\(leading) \(belowHundred(rest))")
            }
            return forms
        default:
            return [String(number).map { digits[Int(String($0))!]! }.joined(separator: " ")]
        }
    }

    /// "six point two", "seven point oh five": a decimal with `places` decimal places.
    public func spelling(of value: Double, places: Int) -> String {
        let scale = Double((0..<places).reduce(1) { result, _ in result * 10 })
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        var text = spellings(of: whole)[0]
        if places > 0 {
            let fraction = String(scaled % Int(scale))
            let padded = String(repeating: "0", count: places - fraction.count) + fraction
            text += " \(point) " + padded.map { $0 == "0" ? "oh" : digits[Int(String($0))!]! }.joined(separator: " ")
        }
        return value < 0 ? "minus " + text : text
    }

    private func belowHundred(_ number: Int) -> String {
        if number < 10 { return digits[number]! }
        if number < 20 { return teens[number]! }
        let unit = number % 10
        return tens[number - unit]! + (unit == 0 ? "" : " " + digits[unit]!)
    }
}
