// libFuzzer target for the text parser. Compiled by `Tests/Fuzz/run.sh` together with the
// sources of VoiceLogCore (one module), so it is not part of the Swift package.

#if canImport(Glibc)
import Glibc
#endif

/// The grammar of `$VOICELOG_GRAMMARS` (the script points it at `Grammars/`), read once.
private let fuzzGrammar: Grammar = {
    guard let folder = getenv("VOICELOG_GRAMMARS").map({ String(cString: $0) }) else {
        fatalError("Set VOICELOG_GRAMMARS to the folder of the grammar files.")
    }
    let names = listFolder(folder)
    let files = names.filter { $0.hasSuffix(".grammar") }.sorted().map { name in
        GrammarFile(name: name, text: readFile(folder + "/" + name))
    }
    do {
        return try Grammar(files: files)
    } catch {
        fatalError("The grammar does not load: \(error)")
    }
}()

private let parser = UtteranceParser(grammar: fuzzGrammar)
private let extractor = Extractor(grammar: fuzzGrammar)
private let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

/// The most CPU time a parse may take (`$FUZZ_SLOW_MS`, default 10 ms).
private let slowest = Duration.milliseconds(getenv("FUZZ_SLOW_MS").flatMap { Int(String(cString: $0)) } ?? 10)

/// The slowest parse so far, printed when the run ends.
nonisolated(unsafe) private var slowestSeen = (time: Duration.zero, line: "")
private let reportAtExit: Void = {
    atexit {
        let (time, line) = slowestSeen
        print("fuzz: slowest parse \(time) (CPU) for \(line.debugDescription)")
    }
}()

/// Builds the parser before libFuzzer times any input: reading the grammar under the
/// sanitizers takes seconds, near the hang timeout on a busy machine.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    _ = (parser, extractor, reportAtExit)
    return 0
}

/// One input: the bytes as a line (not UTF-8 becomes U+FFFD, as `voicelog batch` reads it).
/// Stops the run, so that libFuzzer keeps the input, when the parser breaks its contract or
/// is slow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var result: ParseResult?
    var elapsed = threadTime { result = parser.parse(line, now: now) }
    if elapsed > slowestSeen.time { slowestSeen = (elapsed, line) }
    if elapsed > slowest {
        // CPU time, not wall time, since the machine is shared; still, slow every time.
        for _ in 0..<3 { elapsed = min(elapsed, threadTime { _ = parser.parse(line, now: now) }) }
        require(elapsed <= slowest, "parse took \(elapsed) for \(line.debugDescription)")
    }
    check(result!, of: line)
    _ = extractor.spans(in: line, now: now)
    return 0
}

/// The result contract: the input kept, a status agreeing with entries and problems, and a
/// JSON line that reads back as the same line.
private func check(_ result: ParseResult, of line: String) {
    require(result.input == line, "the result's input differs from the line")
    switch result.status {
    case .unrecognized:
        require(result.entries.isEmpty && !result.problems.isEmpty, "unrecognized with entries or no problem")
    case .incomplete, .infeasible:
        require(!result.entries.isEmpty && result.problems.contains { $0.severity == .error },
                     "\(result.status) without an entry or an error")
    case .ok:
        require(!result.entries.isEmpty && !result.problems.contains { $0.severity == .error },
                     "ok with no entry or with an error")
    }
    require(result.problems.allSatisfy { !$0.message.isEmpty }, "a problem without a message")
    let json = result.json.serialized()
    require(!json.contains("\n"), "the JSON result spans several lines")
    // numbers are written to 6 decimals, so the text, not the value, must read back the same
    require((try? JSONParser.parse(json))?.serialized() == json, "the JSON result does not read back: \(json)")
}

/// The CPU time this thread spends in `body`.
private func threadTime(_ body: () -> Void) -> Duration {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
    let start = now()
    body()
    return now() - start
}

/// Stops the run with a message (an -O build drops `precondition`'s), so libFuzzer keeps the input.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

private func listFolder(_ path: String) -> [String] {
    guard let folder = opendir(path) else { fatalError("Cannot open \(path)") }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
        names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) })
    }
    return names
}

private func readFile(_ path: String) -> String {
    guard let file = fopen(path, "rb") else { fatalError("Cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
