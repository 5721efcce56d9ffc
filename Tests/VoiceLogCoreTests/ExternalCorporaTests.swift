import Foundation
import Testing
import VoiceLogCore
import VoiceLogGrammars

/// Number, quantity, temperature and duration cases from Microsoft Recognizers-Text and
/// Duckling (`shared/corpora/`), run through the extractor. Only cases in scope for health
/// logging count; the pass rate per file is printed and must not fall below its floor.
@Suite struct ExternalCorporaTests {
    static let extractor = Extractor(grammar: BundledGrammar.grammar)
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!
    static let healthUnits: Set<String> = ["g", "kg", "lb", "oz", "mg", "%", "ml", "l", "cup", "tbsp", "tsp"]
    static let durationUnits: Set<String> = ["second", "minute", "hour", "day", "week"]

    struct Case {
        var text: String
        var kind: String
        var expected: JSONValue
        var flags: [String]
    }

    static func load(_ name: String) throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpora/\(name).jsonl").standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let json = try JSONParser.parse(String(line))
            let flags: [String] = if case .array(let items)? = json["flags"] { items.compactMap(\.stringValue) } else { [] }
            return Case(text: json["text"]?.stringValue ?? "", kind: json["kind"]?.stringValue ?? "",
                        expected: json["expected"] ?? .null, flags: flags)
        }
    }

    /// Whether a case is about something a health log records.
    static func inScope(_ item: Case) -> Bool {
        switch item.kind {
        case "number":
            guard let value = item.expected["value"]?.numberValue else { return false }
            let text = item.text.lowercased()
            let words = Set(text.split { !$0.isLetter })
            // Indian numbering, as the flag, where the source left the flag off
            if words.contains("lakh") || words.contains("crore") || text.contains(#/\d,\d\d,\d{3}/#) { return false }
            // "1 over 3", "one out of three", "1 in 21": in a health log these are blood pressure and scores
            if words.contains("over") || words.contains("in") || text.contains("out of") { return false }
            // "3M", "2mil", ".0012G": after a number, a health log reads m as metres, g as grams, mil as ml
            if text.contains(#/[\d.]\s*(m|mm|g|mil)$/#) { return false }
            return !item.flags.contains("indian_numbering") && (value == 0 || (abs(value) >= 0.001 && abs(value) <= 10_000_000))
        case "quantity", "volume":
            return item.expected["unit"]?.stringValue.map(healthUnits.contains) ?? false
        case "temperature":
            return true
        case "duration":
            if let unit = item.expected["unit"]?.stringValue { return durationUnits.contains(unit) }
            return (item.expected["seconds"]?.numberValue ?? .infinity) <= 30 * 86_400 && !item.flags.contains("modifier")
        default:
            return false
        }
    }

    /// Masses in grams: a quantity said in kg or mg matches one the source gives in grams.
    static let grams: [String: Double] = ["mg": 0.001, "g": 1, "kg": 1000]

    static func sameQuantity(_ span: ExtractedSpan, _ expected: JSONValue) -> Bool {
        guard let unit = span.unit, let expectedUnit = expected["unit"]?.stringValue else { return false }
        if unit == expectedUnit { return close(span.value, expected["value"]?.numberValue) }
        guard let factor = grams[unit], let expectedFactor = grams[expectedUnit], let value = span.value else { return false }
        return close(value * factor, expected["value"]?.numberValue.map { $0 * expectedFactor })
    }

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return false }
        return abs(a - b) <= max(1e-6, 1e-6 * abs(b))
    }

    static func passes(_ item: Case) -> Bool {
        let spans = extractor.spans(in: item.text, now: now)
        switch item.kind {
        case "number":
            return spans.contains { close($0.value, item.expected["value"]?.numberValue) }
        case "quantity", "volume", "temperature":
            let dimension = item.kind == "temperature" ? "temperature" : "quantity"
            return spans.contains { $0.dimension.rawValue == dimension && sameQuantity($0, item.expected) }
        case "duration":
            return spans.contains { $0.dimension == .duration && close($0.seconds, item.expected["seconds"]?.numberValue) }
        default:
            return false
        }
    }

    /// (file, the lowest pass rate allowed): the floors sit just under what is measured now.
    /// Duckling's "2/10" is 0.2; here a number out of ten is a score ("knee pain 5/10"), never
    /// a fraction, so that case fails on purpose.
    @Test(arguments: [
        ("recognizers_text_number", 0.95), ("duckling_number", 0.96), ("recognizers_text_quantity", 0.83),
        ("duckling_quantity", 0.99), ("recognizers_text_volume", 0.99), ("duckling_volume", 0.99),
        ("recognizers_text_temperature", 0.96), ("duckling_temperature", 0.83),
        ("recognizers_text_duration", 0.89), ("duckling_duration", 0.87),
    ])
    func inScopeCasesPass(file: String, floor: Double) throws {
        let cases = try Self.load(file).filter(Self.inScope)
        let failing = cases.filter { !Self.passes($0) }
        let rate = Double(cases.count - failing.count) / Double(max(cases.count, 1))
        print("extract \(file): \(cases.count - failing.count)/\(cases.count) in scope pass (\(Int((rate * 1000).rounded()) / 10)%)")
        for item in failing.prefix(40) { print("  extract miss \(file): \"\(item.text)\" expected \(item.expected.serialized())") }
        #expect(rate >= floor)
    }

    /// Phrases that hold no number, quantity or duration of the kind named must give none.
    /// (file, how many may still give something): the floors sit at what is measured now.
    @Test(arguments: [("recognizers_text_negative", 10), ("duckling_negative", 0)])
    func negativeCasesGiveNothing(file: String, allowed: Int) throws {
        let cases = try Self.load(file).filter { ["number", "duration", "quantity"].contains($0.kind) }
        var wrong: [String] = []
        for item in cases {
            let dimension = item.kind == "number" ? "number" : item.kind
            if Self.extractor.spans(in: item.text, now: Self.now).contains(where: { $0.dimension.rawValue == dimension }) {
                wrong.append(item.text)
            }
        }
        print("extract \(file): \(cases.count - wrong.count)/\(cases.count) negatives give nothing; \(wrong.prefix(20))")
        #expect(wrong.count <= allowed)
    }
}
