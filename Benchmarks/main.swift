// Release-build benchmarks: `swift run -c release voicelog-bench [parse|storage|speech]` (default: all).
let benchmark = CommandLine.arguments.dropFirst().first

if benchmark == nil || benchmark == "parse" { try ParseBenchmark.run() }
if benchmark == nil || benchmark == "storage" { try StorageBenchmark.run() }
if benchmark == nil || benchmark == "speech" { try SpeechBenchmark.run() }
