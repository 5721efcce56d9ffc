let benchmark = CommandLine.arguments.dropFirst().first

if benchmark == "storage" { try StorageBenchmark.run() }
