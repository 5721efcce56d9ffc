/// Finds the numbers, quantities, temperatures, durations and times in a text, left to
/// right, each the longest reading at its place, with the grammar's own readers.
public final class Extractor: Sendable {
    private let patterns: PatternMatcher
    /// The grammar's common parts (times), compiled for matching.
    private let timeParts: [CompiledPattern]
    private let fillerWords: Set<String>
    /// Unit groups read as quantities; `time` is read as durations, `temperature` and
    /// `degrees` as temperatures, and `feed_volume` repeats `volume`.
    private let quantityGroups: [String]
    static let temperatureGroups = ["temperature", "degrees"]

    public init(grammar: Grammar) {
        let patterns = PatternMatcher(grammar: grammar)
        self.patterns = patterns
        timeParts = grammar.commonParts.map { CompiledPattern($0, matcher: patterns) }
        fillerWords = grammar.fillerWords
        let skipped = Set(["time", "feed_volume"] + Self.temperatureGroups)
        quantityGroups = grammar.unitGroups.keys.filter { !skipped.contains($0) }.sorted()
    }

    public func spans(in input: String, now: LocalDateTime) -> [ExtractedSpan] {
        let tokens = Tokenizer.tokens(of: input).filter { !fillerWords.contains($0.text) }
        guard tokens.count <= UtteranceParser.longestUtterance * 4 else { return [] }
        let context = patterns.context(for: tokens.map(\.text))
        let scalars = Array(input.unicodeScalars)
        var spans: [ExtractedSpan] = []
        var index = 0
        while index < tokens.count {
            guard let (end, span) = longestReading(context, at: index, now: now) else {
                index += 1
                continue
            }
            var located = span
            located.start = tokens[index].start
            located.end = tokens[end - 1].end
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[located.start..<located.end])
            located.text = String(text)
            spans.append(located)
            index = end
        }
        return spans
    }

    /// The longest reading at a token; on a tie the earlier dimension in the order time,
    /// temperature, duration, quantity, number.
    private func longestReading(_ context: MatchContext, at index: Int, now: LocalDateTime) -> (Int, ExtractedSpan)? {
        var best: (Int, ExtractedSpan)?
        func offer(_ end: Int, _ span: ExtractedSpan) {
            if end > (best?.0 ?? index) { best = (end, span) }
        }
        func span(_ dimension: ExtractedSpan.Dimension) -> ExtractedSpan {
            ExtractedSpan(start: 0, end: 0, text: "", dimension: dimension)
        }
        if let (end, time) = timeReading(context, at: index, now: now) {
            var found = span(.time)
            found.time = time
            offer(end, found)
        }
        for group in Self.temperatureGroups {
            patterns.readQuantity(group, context, at: index) { end, value, unit in
                var found = span(.temperature)
                (found.value, found.unit) = (value, unit.symbol)
                offer(end, found)
                // "37 ° celsius", "40 deg celsius": degrees, then the scale
                guard group == "degrees" else { return }
                patterns.readUnit("temperature", context, at: end) { scaleEnd, scale in
                    found.unit = scale.symbol
                    offer(scaleEnd, found)
                }
            }
        }
        patterns.readQuantity("time", context, at: index) { end, value, unit in
            var found = span(.duration)
            (found.value, found.unit) = (value, unit.symbol)
            found.seconds = value * (unit.factor ?? 1)
            offer(end, found)
        }
        patterns.readDuration(context, at: index) { end, seconds in
            var found = span(.duration)
            found.seconds = seconds
            offer(end, found)
        }
        for group in quantityGroups {
            patterns.readQuantity(group, context, at: index) { end, value, unit in
                var found = span(.quantity)
                (found.value, found.unit) = (value, unit.symbol)
                offer(end, found)
            }
        }
        for reading in context.numbers(at: index) {
            var found = span(.number)
            found.value = reading.value
            offer(reading.end, found)
        }
        return best
    }

    /// The longest run of the grammar's common time parts at a token, resolved.
    private func timeReading(_ context: MatchContext, at index: Int, now: LocalDateTime) -> (Int, LocalDateTime)? {
        var end = index
        var captures = Captures()
        while true {
            var longest: (Int, Captures)?
            for part in timeParts {
                patterns.match(part, context, at: end, captures) { partEnd, updated in
                    if partEnd > (longest?.0 ?? end) { longest = (partEnd, updated) }
                }
            }
            guard let (partEnd, updated) = longest else { break }
            (end, captures) = (partEnd, updated)
        }
        guard end > index else { return nil }
        var expression = TimeExpression()
        for (field, value) in captures.values where field.hasPrefix("time.") {
            let fieldValue: FieldValue? = switch value {
            case .number(let number): .number(number)
            case .literal(let text): Double(text).map(FieldValue.number) ?? .text(text)
            default: nil
            }
            if let fieldValue { _ = expression.set(String(field.dropFirst(5)), fieldValue) }
        }
        return (end, TimeResolver(now: now, lookAhead: false).resolve(expression))
    }
}
