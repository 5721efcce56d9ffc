/// Splits typed or transcribed text into normalised tokens.
///
/// Case and punctuation are dropped; numbers are kept as written but with a decimal comma
/// turned into a point ("6,2" is `6.2`) and thousands separators removed ("1,000" is
/// `1000`, "40 000" and "1 234 567" too); a leading point gets its zero (".5" is `0.5`);
/// numbers and units written together are split ("120ml" is `120 ml`); clock and fraction
/// signs, `%`, `°` and currency signs become tokens of their own, "@" is `at`, "&" and a lone
/// "n" are `and`, a fraction character is written out ("½" is `1 / 2`), a subscript digit is the
/// digit ("SpO₂" is `spo2`), and minutes written onto
/// hours get their unit ("1h20" is `1 h 20 min`). Grammar phrases go
/// through the same function, so both sides always agree.
public enum Tokenizer {
    /// The longest input read; the rest is ignored (the parser reports it as too long).
    public static let maximumScalars = 4096

    public static func tokens(of text: String) -> [Token] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(min(text.unicodeScalars.count, maximumScalars))
        for scalar in text.unicodeScalars {
            if scalars.count == maximumScalars { break }
            // a subscript digit is the digit ("SpO₂" is `spo2`)
            scalars.append((0x2080...0x2089).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x2080 + 0x30)! : scalar)
        }
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isDigit(scalar) || (isSign(scalar) && startsNumber(scalars, at: index)) || startsWithPoint(scalars, at: index) {
                index = scanNumber(scalars, from: index, into: &tokens)
            } else if let (numerator, denominator) = vulgarFraction(scalar) {
                for text in [String(numerator), "/", String(denominator)] {
                    tokens.append(Token(text: text, start: index, end: index + 1))
                }
                index += 1
            } else if isLetter(scalar) {
                index = scanWord(scalars, from: index, into: &tokens)
            } else {
                switch scalar {
                case ":", "/", "%", "°", "+", "£", "$", "€", "₹", "×":
                    tokens.append(Token(text: String(scalar), start: index, end: index + 1))
                case "º":
                    tokens.append(Token(text: "°", start: index, end: index + 1))
                case "@":
                    // "bolus 4u @8", "bp 131/83 @ 8.30": written for "at"
                    tokens.append(Token(text: "at", start: index, end: index + 1))
                case "&":
                    tokens.append(Token(text: "and", start: index, end: index + 1))
                default:
                    break
                }
                index += 1
            }
        }
        return namingGluedMinutes(splittingTwentyFourHourClocks(tokens))
    }

    /// "1h20", "2hr15", "2h15m": minutes written onto hours get their unit (`1 h 20 min`), so that
    /// no word after them ("1h20 on the left") takes the 20 for a value of its own, nor is the
    /// "m" of "2h15m" read as metres.
    private static func namingGluedMinutes(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        for (index, token) in tokens.enumerated() {
            if index >= 3, token.text == "m", tokens[index - 1].end == token.start, writesGluedMinutes(tokens, at: index - 1) {
                result.append(Token(text: "min", start: token.start, end: token.end))
                continue
            }
            result.append(token)
            if writesGluedMinutes(tokens, at: index), index + 1 == tokens.count || tokens[index + 1].start > token.end {
                result.append(Token(text: "min", start: token.end, end: token.end))
            }
        }
        return result
    }

    /// Whether the token is the minutes of "1h20": a count below 60 written onto "h" or "hr",
    /// itself written onto a number; not a clock's ("at 7h30", as much of Europe writes it).
    private static func writesGluedMinutes(_ tokens: [Token], at index: Int) -> Bool {
        guard index >= 2, hourAbbreviations.contains(tokens[index - 1].text),
              tokens[index - 2].end == tokens[index - 1].start, tokens[index - 1].end == tokens[index].start,
              Int(tokens[index - 2].text) != nil, let minutes = Int(tokens[index].text),
              index < 3 || !clockBefore.contains(tokens[index - 3].text)
        else { return false }
        return (1...59).contains(minutes)
    }

    /// Words that mark four digits as a time of day: "at 1430", "by 0800", "yday 2300", "2130 hrs",
    /// "2200 yday", "1900 last night".
    private static let clockBefore: Set<String> = ["at", "by", "around", "yesterday", "yday", "tonight", "tomorrow", "tmrw"]
    private static let clockAfter: Set<String> = hourAbbreviations.union(["hours", "yesterday", "yday", "yest"])
    /// Hours written short, onto their number and their minutes: "1h20", "2hr15".
    private static let hourAbbreviations: Set<String> = ["h", "hr", "hrs"]

    /// "0800", "at 1430", "2130 hrs": four digits that read as hours and minutes become the
    /// clock they are written for (`8 : 00 am`, `14 : 30`), when they open with a zero ("0000" and
    /// "0033" stay numbers) or stand where a time does; any other four digits stay a number
    /// ("walked 1430 steps"). "07:15" and "at 07.15", an hour written with its zero, are the
    /// morning too (`07 : 15 am`).
    private static func splittingTwentyFourHourClocks(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        for (index, token) in tokens.enumerated() {
            if index > 0, clockBefore.contains(tokens[index - 1].text), let (hour, minute) = zeroLedClock(token) {
                // "at 07.15": written as a 24-hour clock, as "07:15" is ("01.10" alone is 1.1)
                let middle = token.start + 2
                result.append(Token(text: hour, start: token.start, end: middle))
                result.append(Token(text: ":", start: middle, end: middle))
                result.append(Token(text: minute, start: middle, end: token.end))
                if !isMeridiem(tokens, at: index + 1) { result.append(Token(text: "am", start: token.end, end: token.end)) }
                continue
            }
            if endsZeroLedClock(tokens, at: index) {
                result.append(token)
                result.append(Token(text: "am", start: token.end, end: token.end))
                continue
            }
            let digits = Array(token.text.utf8)
            guard digits.count == 4, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let hour = Int(token.text.prefix(2)), let minute = Int(token.text.suffix(2)), hour <= 23,
                  // "at 0375" is a clock that does not exist, to be named as such
                  minute <= 59 || (digits[0] == UInt8(ascii: "0") && index > 0 && clockBefore.contains(tokens[index - 1].text)),
                  (digits[0] == UInt8(ascii: "0") && hour > 0) || (index > 0 && clockBefore.contains(tokens[index - 1].text))
                      || (index + 1 < tokens.count && clockAfter.contains(tokens[index + 1].text))
                      || (index + 2 < tokens.count && tokens[index + 1].text == "last" && tokens[index + 2].text == "night")
            else {
                result.append(token)
                continue
            }
            let middle = token.start + 2
            result.append(Token(text: String(hour), start: token.start, end: middle))
            result.append(Token(text: ":", start: middle, end: middle))
            result.append(Token(text: token.text.suffix(2).description, start: middle, end: token.end))
            // a 24-hour clock says which half of the day it means: "0800" is 8 in the morning
            if (1...12).contains(hour) { result.append(Token(text: hour == 12 ? "pm" : "am", start: token.end, end: token.end)) }
        }
        return result
    }

    /// The hour and minutes of "07.15": an hour 1 to 9 written with its zero, a point, and two
    /// digits of minutes; nil for any other token.
    private static func zeroLedClock(_ token: Token) -> (hour: String, minute: String)? {
        let parts = token.text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, isZeroLedHour(parts[0]), let minute = Int(parts[1]), parts[1].utf8.count == 2, minute <= 59
        else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// Whether the token at `index` is the minutes of "07:15", with no meridiem after it: an
    /// hour written with its zero is a 24-hour clock, so the morning, as "0715" is. The minutes
    /// and seconds of "2:04:12" are no clock.
    private static func endsZeroLedClock(_ tokens: [Token], at index: Int) -> Bool {
        guard index >= 2, tokens[index - 1].text == ":", isZeroLedHour(tokens[index - 2].text[...]),
              index < 4 || tokens[index - 3].text != ":" || !tokens[index - 4].text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              tokens[index].text.utf8.count == 2, let minute = Int(tokens[index].text), minute <= 59
        else { return false }
        return !isMeridiem(tokens, at: index + 1)
    }

    /// "01" to "09".
    private static func isZeroLedHour(_ text: Substring) -> Bool {
        let digits = Array(text.utf8)
        return digits.count == 2 && digits[0] == UInt8(ascii: "0") && (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(digits[1])
    }

    /// Whether an am or pm ("a.m." is read as `am` before) is at `index`.
    private static func isMeridiem(_ tokens: [Token], at index: Int) -> Bool {
        index < tokens.count && ["am", "pm"].contains(tokens[index].text)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// A space, or a no-break or thin space as used between thousands.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}" || scalar == "\u{2009}"
    }

    private static func isSign(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "−"
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.isAlphabetic }

    /// The scalar in lower case, appended to `text`.
    private static func appendLowercased(_ scalar: Unicode.Scalar, to text: inout String) {
        if ("A"..."Z").contains(scalar) {
            text.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
        } else if scalar.isASCII {
            text.unicodeScalars.append(scalar)
        } else {
            text += scalar.properties.lowercaseMapping
        }
    }

    /// ".5": a point starts a number when a digit follows and no word or number precedes it.
    private static func startsWithPoint(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard scalars[index] == ".", index + 1 < scalars.count, isDigit(scalars[index + 1]) else { return false }
        return index == 0 || !(isDigit(scalars[index - 1]) || isLetter(scalars[index - 1]) || scalars[index - 1] == ".")
    }

    /// "½", "⅔": a single-character fraction as numerator and denominator.
    private static func vulgarFraction(_ scalar: Unicode.Scalar) -> (Int, Int)? {
        guard !scalar.isASCII, let value = scalar.properties.numericValue, value > 0, value < 1 else { return nil }
        for denominator in 2...16 {
            let numerator = (value * Double(denominator)).rounded()
            if abs(numerator / Double(denominator) - value) < 1e-9 { return (Int(numerator), denominator) }
        }
        return nil
    }

    /// A minus sign starts a number when a digit follows and no word or number precedes it.
    private static func startsNumber(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < scalars.count, isDigit(scalars[index + 1]) else { return false }
        return index == 0 || !(isDigit(scalars[index - 1]) || isLetter(scalars[index - 1]))
    }

    private static func scanNumber(_ scalars: [Unicode.Scalar], from start: Int, into tokens: inout [Token]) -> Int {
        var text = ""
        var index = start
        if isSign(scalars[index]) {
            text = "-"
            index += 1
        }
        if scalars[index] == "." { text += "0" }
        var sawPoint = false
        var spaced = false
        while index < scalars.count {
            let scalar = scalars[index]
            if isDigit(scalar) {
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            let digitsAfter = countDigits(scalars, from: index + 1)
            if isSpace(scalar), !sawPoint, spaced ? digitsAfter == 3 : spacedGroups(scalars, from: index) {
                spaced = true
                index += 1  // thousands parted by spaces: "40 000", "1 234 567"
            } else if scalar == ",", !sawPoint, digitsAfter == 3 {
                index += 1  // a thousands separator
            } else if scalar == ".", !sawPoint, digitsAfter == 3, scalars[safe: index + 4] == ",",
                      (1...2).contains(countDigits(scalars, from: index + 5)) {
                index += 1  // "1.111,11": a point between thousands before a decimal comma
            } else if scalar == ",", !sawPoint, (1...2).contains(digitsAfter) {
                text += "."  // a decimal comma
                sawPoint = true
                index += 1
            } else if scalar == ".", !sawPoint, digitsAfter > 0 {
                text += "."
                sawPoint = true
                index += 1
            } else {
                break
            }
        }
        // "21st", "2nd": an ordinal written with its number stays one word, so that "21st" is
        // no 21 stone; a suffix that does not fit the number ("11st") is a unit after it
        if !sawPoint, !spaced, let number = Int(text), let suffix = ordinalSuffix(scalars, at: index),
           suffix == expectedOrdinalSuffix(number) {
            text += suffix
            index += 2
        }
        tokens.append(Token(text: text, start: start, end: index))
        return index
    }

    /// Two letters at `index` that could end an ordinal ("st", "nd", "rd", "th"), lower-cased,
    /// when no letter follows them.
    private static func ordinalSuffix(_ scalars: [Unicode.Scalar], at index: Int) -> String? {
        guard index + 1 < scalars.count, !(scalars[safe: index + 2].map(isLetter) ?? false) else { return nil }
        var suffix = String.UnicodeScalarView()
        suffix.append(contentsOf: scalars[index...(index + 1)])
        let text = String(suffix).lowercased()
        return ["st", "nd", "rd", "th"].contains(text) ? text : nil
    }

    /// The ordinal suffix English writes after a number: 1st, 2nd, 3rd, 4th, 11th, 21st.
    private static func expectedOrdinalSuffix(_ number: Int) -> String {
        if (11...13).contains(number % 100) { return "th" }
        switch number % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// Whether the space at `index` parts thousands: it comes before "000" or before two or
    /// more groups of three ("1 234 567"), so that "2 500" (two of 500) stays two numbers.
    private static func spacedGroups(_ scalars: [Unicode.Scalar], from index: Int) -> Bool {
        var groups = 0
        var next = index
        var zeros = true
        while next < scalars.count, isSpace(scalars[next]), countDigits(scalars, from: next + 1) == 3 {
            zeros = zeros && scalars[(next + 1)...(next + 3)].allSatisfy { $0 == "0" }
            groups += 1
            next += 4
        }
        guard groups >= 2 || (groups == 1 && zeros) else { return false }
        // the number before must be a group's worth: "40 000", not "2025 000"
        var digitsBefore = 0
        var back = index - 1
        while back >= 0, isDigit(scalars[back]) { digitsBefore += 1; back -= 1 }
        return digitsBefore <= 3 && (back < 0 || scalars[back] != ".")
    }

    private static func countDigits(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        return index - start
    }

    /// A word of letters and digits; `/` and `'` join letters ("mg/dl", "o'clock"), and
    /// dotted single letters collapse ("a.m." is `am`).
    private static func scanWord(_ scalars: [Unicode.Scalar], from start: Int, into tokens: inout [Token]) -> Int {
        var text = ""
        var index = start
        var lettersSinceDot = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            if isDigit(scalar), lettersSinceDot > 0, !text.isEmpty, !isDigit(scalars[index - 1]),
               index + 1 < scalars.count, isDigit(scalars[index + 1])
                || (scalars[index + 1] == "." && index + 2 < scalars.count && isDigit(scalars[index + 2])) {
                break  // "bp120" is `bp 120`, "bg6.3" `bg 6.3`; "spo2" stays one word
            }
            if isDigit(scalar), text == "x" { break }  // "x2" is `x 2`
            // "1h5m" is `1 h 5 m`, as "1h20" is
            if isDigit(scalar), start > 0, isDigit(scalars[start - 1]), hourAbbreviations.contains(text) { break }
            if isLetter(scalar) || isDigit(scalar) {
                appendLowercased(scalar, to: &text)
                lettersSinceDot += 1
                index += 1
            } else if (scalar == "/" || scalar == "'" || scalar == "’") && isLetter(next) {
                text += scalar == "/" ? "/" : "'"
                index += 1
            } else if scalar == ".", lettersSinceDot == 1, isLetter(next),
                      index + 2 >= scalars.count || !isLetter(scalars[index + 2]) {
                lettersSinceDot = 0
                index += 1
            } else if scalar == ".", lettersSinceDot == 1, text.count <= 3, text.count > 1 {
                index += 1  // the closing dot of "a.m."
                break
            } else {
                break
            }
        }
        // "tea n toast": a lone "n" is written for "and"
        tokens.append(Token(text: text == "n" ? "and" : text, start: start, end: index))
        return index
    }
}
