import Foundation
import VoiceLogCore
import VoiceLogGrammars

/// Batch parsing speed: utterances per second and the median time per utterance, against a
/// baseline measured in the same run that only splits the transcript into lines and reads
/// their characters; then the same with each result written as JSON, as `batch` does; then,
/// when valgrind is installed, instructions per utterance counted by callgrind (the same on a
/// busy machine as on an idle one). Every result is checked against the status it must have.
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
        // The same, with each result written as JSON.
        var bytes = 0
        let writing = try measure(transcript) { line, index in
            let result = parser.parse(line, now: now)
            if result.status != expected[index] { wrong += 1 }
            bytes += result.json.serialized().utf8.count
        }
        guard wrong == 0 else { throw BenchmarkError("\(wrong) utterances parsed to the wrong status") }
        guard checksum != 0, bytes != 0 else { throw BenchmarkError("the baseline or the JSON wrote nothing") }

        let count = Double(expected.count)
        print("parse benchmark: \(expected.count) utterances of \(sentences.count) kinds of sentence, release build, one core")
        print(String(format: "  baseline (split and read lines): %10.0f lines/s, median %7.2f µs/line", count / baseline.total, baseline.median * 1e6))
        print(String(format: "  parse and check:                 %10.0f utterances/s, median %7.2f µs/utterance", count / parsing.total, parsing.median * 1e6))
        print(String(format: "  parse, check and write JSON:     %10.0f utterances/s, median %7.2f µs/utterance", count / writing.total, writing.median * 1e6))
        print(String(format: "  parse cost over baseline: %.1f µs/utterance (median)", (parsing.median - baseline.median) * 1e6))
        if let instructions = try countInstructions() {
            print(String(format: "  callgrind: %.0f instructions/utterance to parse and check (%d passes of the %d sentences)",
                         instructions, countedPasses, sentences.count))
        } else {
            print("  callgrind: valgrind not installed, instructions not counted")
        }
    }

    /// Passes over the sentences whose instructions are counted (start-up is subtracted).
    static let countedPasses = 10

    /// Parses every sentence `passes` times, checking each status: what callgrind counts.
    static func parseFixedSet(passes: Int) throws {
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let now = LocalDateTime(iso: "2026-11-21T10:00:00")!
        for _ in 0..<passes {
            for (sentence, status) in sentences where parser.parse(sentence, now: now).status != status {
                throw BenchmarkError("\"\(sentence)\" parsed to the wrong status")
            }
        }
    }

    /// Instructions per utterance under `valgrind --tool=callgrind`: this program run with one
    /// pass and with `1 + countedPasses`, so loading the grammar cancels out. Nil without valgrind.
    static func countInstructions() throws -> Double? {
        let valgrind = URL(fileURLWithPath: "/usr/bin/valgrind")
        guard FileManager.default.isExecutableFile(atPath: valgrind.path) else { return nil }
        let executable = try withoutDebugInfo(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
        defer { try? FileManager.default.removeItem(at: executable.deletingLastPathComponent()) }
        let one = try instructions(valgrind, executable, passes: 1)
        let many = try instructions(valgrind, executable, passes: 1 + countedPasses)
        return Double(many - one) / Double(countedPasses * sentences.count)
    }

    /// A copy of the program without debug information: Debian's valgrind 3.19 cannot read the
    /// DWARF 5 that Swift writes and gives up.
    static func withoutDebugInfo(_ executable: URL) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent(executable.lastPathComponent)
        try FileManager.default.copyItem(at: executable, to: copy)
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
        strip.arguments = ["--strip-debug", copy.path]
        try strip.run()
        strip.waitUntilExit()
        guard strip.terminationStatus == 0 else { throw BenchmarkError("strip --strip-debug failed on \(copy.path)") }
        return copy
    }

    /// The instructions callgrind collected for one run of `parse-fixed passes`.
    static func instructions(_ valgrind: URL, _ executable: URL, passes: Int) throws -> Int {
        let process = Process()
        process.executableURL = valgrind
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", executable.path, "parse-fixed", "\(passes)"]
        // hashing seeded per process moves the count by about 1 % from run to run
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_DETERMINISTIC_HASHING": "1"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = log.split(separator: "\n").first(where: { $0.contains("Collected :") }),
              let count = line.split(separator: " ").last.flatMap({ Int($0) })
        else { throw BenchmarkError("callgrind failed (exit \(process.terminationStatus)):\n\(log)") }
        return count
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
