/// Turns the grammar into the JSGF grammar PocketSphinx searches, so that speech and text
/// share one source of what can be said.
///
/// Words PocketSphinx cannot pronounce (written forms such as `mg/dl`, `120`, `%`) drop out
/// with the alternatives that need them; numbers are spelled out in words, within a capture's
/// speech shape (`~50..100`) where it has one, so impossible readings are no path at all.
/// Of spellings that sound the same ("millilitres", "milliliters") only the first the grammar
/// lists is kept, so the recogniser writes a word one way.
/// Free text at the end of a sentence (`rest`) becomes the caller's `freeText` expression,
/// such as a loop that can follow any speech; free text with a rule of words to say
/// (`text ~food_said`) becomes, after an introduction, the rule's words or the caller's
/// `freeWords`; other free text has no words to offer and is left out.
/// JSGF tags are not emitted: PocketSphinx ignores them, and the text parser recovers slots
/// from the words.
public struct JSGFCompiler {
    public let grammar: Grammar
    /// How the dictionary pronounces a word (its first pronunciation), nil if it cannot.
    public let pronunciation: (String) -> String?
    /// Whether the dictionary can pronounce a word, and it is not a written form.
    private let isSpeakable: (String) -> Bool
    /// A JSGF expression that `rest` captures become (rule `<free_text>`); nil leaves them out.
    public let freeText: String?
    /// A JSGF expression for free words inside a sentence, beside a capture's rule of words
    /// (rule `<free_words>`); nil offers the rule's words alone.
    public let freeWords: String?
    /// Enumerated number ranges larger than this fall back to the general number rule.
    static let largestEnumeratedRange = 1000
    /// Counts of a unit get a decimal place ("two point five ounces") when they stay at or
    /// below this; larger units' counts are whole ("one twenty millilitres").
    static let largestCountWithDecimals = 20

    private let speller: NumberSpeller

    public init(grammar: Grammar, pronunciation: @escaping (String) -> String?, freeText: String? = nil, freeWords: String? = nil) {
        self.grammar = grammar
        self.freeText = freeText
        self.freeWords = freeWords
        self.pronunciation = pronunciation
        let written = Set(grammar.lists["written"]?.phrases.map { $0.words.joined(separator: " ") } ?? [])
        self.isSpeakable = { !written.contains($0) && pronunciation($0) != nil }
        speller = NumberSpeller(words: grammar.numberWords)
    }

    /// What a pattern compiles to: nothing to say, something unsayable, or an expression.
    private enum Expression {
        case empty, unsayable, words(String)
    }

    /// Rules written so far, by name, and the order they were first needed in.
    private final class RuleBook {
        var bodies: [String: String] = [:]
        var order: [String] = []
    }

    /// The whole JSGF grammar, with `<utterance>` as its public rule.
    ///
    /// An utterance is one entry (at most one of its kind's parts without numbers before its
    /// introduction, then each field's parts once, those with numbers first), with a spoken
    /// time (`part`, not `typed part`, under `common`) before or after it. PocketSphinx copies
    /// a rule wherever it is referenced, so times stand beside entries rather than inside every
    /// kind; the text parser attaches them to their entry from the words. Forms of the
    /// `written` list are left out.
    public func compile() -> String {
        let book = RuleBook()
        var entries: [String] = []
        for kind in grammar.kinds {
            let spokenIntroductions = Array(kind.introductions.prefix(kind.spokenIntroductionCount))
            guard let introductions = alternatives(spokenIntroductions, book, afterIntroduction: false) else { continue }
            let name = "kind_\(kind.name)"
            var body = "(\(introductions))"
            // Parts said before the introduction ("severe headache", "after dinner glucose
            // ..."): only those without numbers, which are the large rules.
            let spokenParts = Array(kind.parts.prefix(kind.spokenPartCount))
            if let leading = alternatives(spokenParts.filter { !$0.readsNumbers }, book, afterIntroduction: false) {
                define("\(name)_lead", leading, book)
                body = "[<\(name)_lead>] " + body
            }
            // After it, each field's parts once: those with numbers first ("fed 120 ml of
            // formula", "glucose 6.2 after dinner"), then the others, each group in the order
            // the grammar declares. A JSGF loop of parts would let "six twenty two" be two
            // glucose values. A field the kind requires is not optional when only these
            // parts can give it (not the introduction nor a leading part).
            let givenElsewhere = spokenParts.filter { !$0.readsNumbers } + spokenIntroductions
            let required = Set(kind.requirements.filter { $0.condition == nil && $0.alternatives.isEmpty }.map(\.field))
                .subtracting(givenElsewhere.flatMap(\.capturedFields))
            let groups = Self.groupedByField(spokenParts)
            let ordered = groups.filter { $0.contains(where: \.readsNumbers) } + groups.filter { !$0.contains(where: \.readsNumbers) }
            for (index, group) in ordered.enumerated() {
                guard let parts = alternatives(group, book, afterIntroduction: true) else { continue }
                define("\(name)_\(index)", parts, book)
                let isRequired = group.allSatisfy { !required.isDisjoint(with: $0.capturedFields) }
                body += isRequired ? " <\(name)_\(index)>" : " [<\(name)_\(index)>]"
            }
            define(name, body, book)
            entries.append("<\(name)>")
        }
        define("entry", entries.joined(separator: " | "), book)
        // One entry a sentence: measured on the fixtures, a loop of entries let the recogniser
        // string short words together (0 of 13 right, against 1 of 13 for one entry).
        var utterance = "<entry>"
        if let times = alternatives(Array(grammar.commonParts.prefix(grammar.spokenCommonPartCount)), book, afterIntroduction: false) {
            define("time", times, book)
            utterance = "[<time>] <entry> [<time>]"
        }
        var lines = ["#JSGF V1.0;", "", "grammar voicelog;", "", "public <utterance> = \(utterance);"]
        for name in book.order { lines.append("<\(name)> = \(book.bodies[name]!);") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parts grouped by the first field each fills, groups in order of first appearance.
    static func groupedByField(_ parts: [Pattern]) -> [[Pattern]] {
        var groups: [(field: String, parts: [Pattern])] = []
        for part in parts {
            let field = part.capturedFields.first { $0 != Pattern.discard } ?? ""
            if let index = groups.firstIndex(where: { $0.field == field && !field.isEmpty }) {
                groups[index].parts.append(part)
            } else {
                groups.append((field, [part]))
            }
        }
        return groups.map(\.parts)
    }

    private func define(_ name: String, _ body: String, _ book: RuleBook) {
        guard book.bodies[name] == nil else { return }
        book.bodies[name] = body
        book.order.append(name)
    }

    /// The sayable patterns as one alternative list, or nil if none can be said.
    /// `afterIntroduction`: whether a text capture may offer its words here. Only after a
    /// kind's introduction, so that no sentence starts with a food's words or free speech,
    /// competing with every kind (before, the grammar search heard notes in people's voices as
    /// strings of foods).
    private func alternatives(_ patterns: [Pattern], _ book: RuleBook, afterIntroduction: Bool) -> String? {
        let options = patterns.compactMap { pattern -> String? in
            if case .words(let text) = expression(pattern, book, afterIntroduction) { return text }
            return nil
        }
        return options.isEmpty ? nil : options.joined(separator: " | ")
    }

    private func expression(_ pattern: Pattern, _ book: RuleBook, _ afterIntroduction: Bool) -> Expression {
        switch pattern {
        case .word(let word):
            return isSpeakable(word) ? .words(word) : .unsayable
        case .sequence(let items):
            var parts: [String] = []
            for item in items {
                switch expression(item, book, afterIntroduction) {
                case .empty: continue
                case .unsayable: return .unsayable
                case .words(let text): parts.append(text)
                }
            }
            return parts.isEmpty ? .empty : .words(parts.joined(separator: " "))
        case .choice(let options):
            var texts: [String] = []
            var canBeEmpty = false
            for option in spliced(options) {
                switch expression(option, book, afterIntroduction) {
                case .empty: canBeEmpty = true
                case .unsayable: continue
                case .words(let text): texts.append(text)
                }
            }
            if texts.isEmpty { return canBeEmpty ? .empty : .unsayable }
            let joined = "(\(withoutHomophones(texts).joined(separator: " | ")))"
            return .words(canBeEmpty ? "[\(joined)]" : joined)
        case .optional(let inner):
            if case .words(let text) = expression(inner, book, afterIntroduction) { return .words("[\(text)]") }
            return .empty
        case .assign:
            return .empty
        case .capture(_, .notBefore), .capture(_, .beforeCounted), .capture(_, .clauseEnd), .capture(_, .sameClause), .capture(_, .lineStart):
            // what may come next is not checked in speech: these read nothing
            return .empty
        case .capture(_, .said(let rule)):
            // the rule's words, said in place
            return grammar.rules[rule].map { expression($0, book, afterIntroduction) } ?? .unsayable
        case .capture(_, let source):
            return reference(source, book, afterIntroduction).map { .words("<\($0)>") } ?? .unsayable
        case .rule:
            return .unsayable
        }
    }

    /// A choice's options with the options of a `said(RULE)` capture's choice in its place, so
    /// that "[doctor | {with:said(people)}]" is said as one choice, each word as likely.
    private func spliced(_ options: [Pattern]) -> [Pattern] {
        options.flatMap { option -> [Pattern] in
            if case .capture(_, .said(let rule)) = option, case .choice(let inner)? = grammar.rules[rule] { return inner }
            return [option]
        }
    }

    /// The name of the rule that says what a capture reads, defining it on first use.
    private func reference(_ source: SlotSource, _ book: RuleBook, _ afterIntroduction: Bool) -> String? {
        switch source {
        case .list(let name):
            guard let list = grammar.lists[name] else { return nil }
            return phraseRule("list_\(name)", list.phrases.filter { !$0.isTyped }.map(\.words), book)
        case .unit(let group), .quantity(let group, nil):
            guard let units = grammar.unitGroups[group],
                  let unitRule = phraseRule("units_\(group)", units.spokenUnits.flatMap(\.phrases), book) else { return nil }
            if case .unit = source { return unitRule }
            let name = "quantity_\(group)"
            define(name, "<\(countRule(book))> <\(unitRule)>", book)
            return name
        case .quantity(let group, let speech?):
            guard let units = grammar.unitGroups[group] else { return nil }
            return shapedQuantity(units, speech, pairedHundreds: true, book)
        case .duration(let unit, let speech?):
            // The shape is in `unit`; the time units convert to seconds.
            guard let units = grammar.unitGroups["time"],
                  let factor = units.units.first(where: { $0.symbol == unit })?.factor else { return nil }
            let seconds = SpeechNumberShape(range: speech.range.lowerBound * Int(factor)...speech.range.upperBound * Int(factor),
                                            decimals: speech.decimals)
            guard let quantity = shapedQuantity(units, seconds, pairedHundreds: false, book) else { return nil }
            let name = "duration_\(unit)_\(speech.range.lowerBound)_\(speech.range.upperBound)"
            define(name, "<\(quantity)> [and a half]", book)
            return name
        case .duration(_, nil):
            guard let units = grammar.unitGroups["time"],
                  let unitRule = phraseRule("units_time", units.spokenUnits.flatMap(\.phrases), book) else { return nil }
            define("duration", "<\(countRule(book))> <\(unitRule)> [and a half]", book)
            return "duration"
        case .number(let shape):
            if let speech = shape.speech { return numberRange(speech.range, decimals: speech.decimals, book) }
            if let range = shape.range, range.upperBound - range.lowerBound <= Double(Self.largestEnumeratedRange) {
                return numberRange(Int(range.lowerBound.rounded(.up))...Int(range.upperBound), decimals: shape.integerOnly ? 0 : 1, book)
            }
            return generalNumber(book)
        case .minute:
            let name = "minute"
            let oh = (1...9).map { "oh " + speller.spellings(of: $0)[0] }
            define(name, (oh + (10...59).map { speller.spellings(of: $0)[0] }).joined(separator: " | "), book)
            return name
        case .rest:
            guard let freeText else { return nil }
            define("free_text", freeText, book)
            return "free_text"
        case .text(let speech?):
            // the rule's words ("scrambled eggs", "fish and chips"), or free words
            guard afterIntroduction else { return nil }
            let free = freeWords.map { define("free_words", $0, book); return "free_words" }
            let name = "rule_" + speech + (free == nil ? "" : "_or_free")
            guard book.bodies[name] == nil else { return name }
            var options: [String] = []
            if let rule = grammar.rules[speech], case .words(let words) = expression(rule, book, afterIntroduction) { options.append(words) }
            if let free { options.append("<\(free)>") }
            guard !options.isEmpty else { return nil }
            define(name, options.joined(separator: " | "), book)
            return name
        case .text(nil), .textHolding, .unknownWord, .span, .strength, .notBefore, .beforeCounted, .clauseEnd, .sameClause, .lineStart, .said:
            return nil
        }
    }

    /// A quantity whose amount in the group's base unit lies in `speech.range`: each unit
    /// with the counts that reach the range ("one twenty millilitres", "four point five
    /// ounces", "half a litre"), and units that cannot reach it left out, so that "ninety
    /// litres" of a baby's feed is no path. Units without a factor, or with more counts in
    /// the range than are enumerated, take any count; `pairedHundreds` is passed on to
    /// `NumberSpeller`.
    private func shapedQuantity(_ units: UnitGroup, _ speech: SpeechNumberShape, pairedHundreds: Bool, _ book: RuleBook) -> String? {
        let name = "quantity_\(units.name)_\(speech.range.lowerBound)_\(speech.range.upperBound)\(pairedHundreds ? "" : "_unpaired")"
        if book.bodies[name] != nil { return name }
        var options: [String] = []
        for unit in units.spokenUnits {
            let symbol = String(unit.symbol.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            guard let phrases = phraseRule("unit_\(units.name)_\(symbol)", unit.phrases, book) else { continue }
            let counts = unit.factor.map { shapedCounts(speech, inUnitOf: $0, pairedHundreds: pairedHundreds, book) } ?? ["<\(countRule(book))>"]
            if !counts.isEmpty { options.append("(\(counts.joined(separator: " | "))) <\(phrases)>") }
        }
        guard !options.isEmpty else { return nil }
        define(name, options.joined(separator: " | "), book)
        return name
    }

    /// How many of a unit worth `factor` base units can be said for an amount in
    /// `speech.range`: whole numbers (where the counts stay small, with a decimal place or a
    /// half: "one point five litres", "two and a half ounces"), "a" or "an" for one, "half a"
    /// for a half.
    private func shapedCounts(_ speech: SpeechNumberShape, inUnitOf factor: Double, pairedHundreds: Bool, _ book: RuleBook) -> [String] {
        let low = Double(speech.range.lowerBound) / factor
        let high = Double(speech.range.upperBound) / factor
        var counts: [String] = []
        if high >= 1 {
            let wholes = Int(low.rounded(.down))...Int(high.rounded(.down))
            guard wholes.count <= Self.largestEnumeratedRange else { return ["<\(countRule(book))>"] }
            if high <= Double(Self.largestCountWithDecimals) {
                counts.append("<\(numberRange(wholes, decimals: max(1, speech.decimals), book))>")
                counts.append("<\(numberRange(wholes, decimals: 0, book))> and a half")
            } else {
                counts.append("<\(numberRange(wholes, decimals: speech.decimals, pairedHundreds: pairedHundreds, book))>")
            }
            if low <= 1 { counts += ["a", "an"] }
        }
        if (low...high).contains(0.5) { counts += ["half a", "half an"] }
        return counts
    }

    /// A rule of the sayable phrases, or nil if none is sayable.
    private func phraseRule(_ name: String, _ phrases: [[String]], _ book: RuleBook) -> String? {
        if book.bodies[name] != nil { return name }
        let sayable = phrases.filter { $0.allSatisfy(isSpeakable) }.map { $0.joined(separator: " ") }
        guard !sayable.isEmpty else { return nil }
        define(name, withoutHomophones(sayable).joined(separator: " | "), book)
        return name
    }

    /// The alternatives without repeats and without those that sound like an earlier one
    /// (only plain words are compared by sound; expressions with rules or brackets by text).
    private func withoutHomophones(_ alternatives: [String]) -> [String] {
        var heard: Set<String> = []
        return alternatives.filter { text in
            let words = text.split(separator: " ").map(String.init)
            let sounds = words.map(pronunciation)
            let key = sounds.contains(nil) ? text : sounds.map { $0! }.joined(separator: " ")
            return heard.insert(key).inserted
        }
    }

    /// Whole numbers in a range, each spelled every way it is said, with up to `decimals`
    /// digits after "point".
    private func numberRange(_ range: ClosedRange<Int>, decimals: Int, pairedHundreds: Bool = true, _ book: RuleBook) -> String {
        let name = "number_\(range.lowerBound)_\(range.upperBound)_\(decimals)\(pairedHundreds ? "" : "_unpaired")"
        guard book.bodies[name] == nil else { return name }
        let wholes = range.flatMap { speller.spellings(of: $0, pairedHundreds: pairedHundreds) }.joined(separator: " | ")
        if decimals == 0 {
            define(name, wholes, book)
        } else {
            let digit = digitRule(book)
            let places = Array(repeating: "[<\(digit)>]", count: decimals - 1).joined(separator: " ")
            define(name, "(\(wholes)) [point <\(digit)> \(places)]", book)
        }
        return name
    }

    private func digitRule(_ book: RuleBook) -> String {
        define("digit", (["oh", "zero"] + (1...9).map { speller.spellings(of: $0)[0] }).joined(separator: " | "), book)
        return "digit"
    }

    /// Any number up to 9999 with decimals: the shape for captures without a speech shape.
    private func generalNumber(_ book: RuleBook) -> String {
        let digit = digitRule(book)
        define("below_hundred", (0...99).map { speller.spellings(of: $0)[0] }.joined(separator: " | "), book)
        let ones = (1...9).map { speller.spellings(of: $0)[0] }.joined(separator: " | ")
        define("leading_digit", ones, book)
        define("whole", "<below_hundred> | <leading_digit> hundred [[and] <below_hundred>] | a hundred [[and] <below_hundred>]"
               + " | <leading_digit> <below_hundred> | <below_hundred> thousand [[and] <leading_digit> hundred] [[and] <below_hundred>]", book)
        define("number", "[minus] <whole> [point <\(digit)>+] | <whole> and a half", book)
        return "number"
    }

    /// How many of a unit: a number, "a", "an", "half a".
    private func countRule(_ book: RuleBook) -> String {
        let number = generalNumber(book)
        define("count", "<\(number)> | a | an | half a | half an", book)
        return "count"
    }
}

extension Pattern {
    /// Whether the pattern reads a number (or a count of a unit).
    var readsNumbers: Bool {
        sources.contains { source in
            switch source {
            case .number, .minute, .quantity, .duration, .span, .strength: true
            case .list, .unit, .text, .textHolding, .unknownWord, .rest, .notBefore, .beforeCounted, .clauseEnd, .sameClause, .lineStart, .said: false
            }
        }
    }
}
