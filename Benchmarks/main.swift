// Release-build benchmarks: `swift run -c release voicelog-bench [parse|storage]` (default: both).
let benchmark = CommandLine.arguments.dropFirst().first

if benchmark == nil || benchmark == "parse" { try ParseBenchmark.run() }
if benchmark == nil || benchmark == "storage" { try StorageBenchmark.run() }
