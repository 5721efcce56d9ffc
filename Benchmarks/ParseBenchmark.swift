import Foundation
import VoiceLogCore
import VoiceLogGrammars

/// Batch parsing speed: utterances per second and the median time per utterance, against a
/// baseline measured in the same run that only splits the transcript into lines and reads
/// their characters. Every result is checked against the status it must have.
///
/// Run with `swift run -c release voicelog-bench parse`.
enum ParseBenchmark {
    /// Sentences of every kind, with the status each must give.
    static let sentences: [(String, ParseResult.Status)] = [
        ("glucose six point two after dinner", .ok), ("blood sugar 5.1 fasting", .ok),
        ("fed 120 ml formula", .ok), ("breastfed 12 minutes left side", .ok),
        ("blood pressure one twenty over eighty", .ok), ("bp 142/91 pulse 70", .ok),
        ("took 1000 mg paracetamol at 6 pm yesterday", .ok), ("severe headache this morning", .ok),
        ("drank a glass of water", .ok), ("walked forty five minutes", .ok), ("weight 81 kg", .ok),
        ("temperature thirty eight point two", .ok), ("oxygen level 96 percent", .ok), ("mood happy", .ok),
        ("had scrambled eggs for breakfast", .ok), ("note felt dizzy after the bus ride", .ok),
        ("glucose 7.2 and took 4 units of insulin", .ok), ("glucose 50 mmol/L", .infeasible),
        ("blood pressure 120", .incomplete), ("turn on the lights", .unrecognized),
    ]
    static let repetitions = 1_000

    static func run() throws {
        let transcript = (0..<repetitions).flatMap { _ in sentences.map(\.0) }.joined(separator: "\n")
        let expected = (0..<repetitions).flatMap { _ in sentences.map(\.1) }
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

        // Baseline: split into lines and touch every character.
        var checksum = 0
        let baseline = try measure(transcript) { line, _ in checksum &+= line.unicodeScalars.reduce(0) { $0 &+ Int($1.value) } }
        // Parse every line and check its status.
        var wrong = 0
        let parsing = try measure(transcript) { line, index in
            if parser.parse(line, now: now).status != expected[index] { wrong += 1 }
        }
        guard wrong == 0 else { throw BenchmarkError("\(wrong) utterances parsed to the wrong status") }
        guard checksum != 0 else { throw BenchmarkError("the baseline read nothing") }

        let count = Double(expected.count)
        print("parse benchmark: \(expected.count) utterances of \(sentences.count) kinds of sentence, release build, one core")
        print(String(format: "  baseline (split and read lines): %10.0f lines/s, median %7.2f µs/line", count / baseline.total, baseline.median * 1e6))
        print(String(format: "  parse and check:                 %10.0f utterances/s, median %7.2f µs/utterance", count / parsing.total, parsing.median * 1e6))
        print(String(format: "  parse cost over baseline: %.1f µs/utterance (median)", (parsing.median - baseline.median) * 1e6))
    }

    /// Runs `body` on every line, timing each; returns total seconds and the median per line.
    static func measure(_ transcript: String, _ body: (String, Int) -> Void) throws -> (total: Double, median: Double) {
        var times: [Double] = []
        let start = DispatchTime.now().uptimeNanoseconds
        for (index, line) in transcript.split(separator: "\n").enumerated() {
            let lineStart = DispatchTime.now().uptimeNanoseconds
            body(String(line), index)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - lineStart) / 1e9)
        }
        let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        times.sort()
        return (total, times[times.count / 2])
    }
}
