import Foundation

// Release-build benchmarks: `swift run -c release voicelog-bench [parse|storage|speech]` (default: all);
// `speech MANIFEST` times other clips than AudioFixtures/fixtures.tsv, listed the same way.
let benchmark = CommandLine.arguments.dropFirst().first

if benchmark == nil || benchmark == "parse" { try ParseBenchmark.run() }
// What callgrind counts for the parse benchmark: `parse-fixed PASSES`.
if benchmark == "parse-fixed" { try ParseBenchmark.parseFixedSet(passes: Int(CommandLine.arguments[2]) ?? 1) }
if benchmark == nil || benchmark == "storage" { try StorageBenchmark.run() }
if benchmark == nil || benchmark == "speech" {
    try SpeechBenchmark.run(manifest: CommandLine.arguments.dropFirst(2).first.map { URL(fileURLWithPath: $0) })
}
