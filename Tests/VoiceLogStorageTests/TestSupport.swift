import Foundation
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogStorage

#if canImport(Glibc)
import Glibc
#endif

/// The reference clock every test parses against.
let testNow = LocalDateTime(iso: "2026-11-21T10:00:00")!

let testParser = UtteranceParser(grammar: BundledGrammar.grammar)
let testChecker = FeasibilityChecker(grammar: BundledGrammar.grammar)

/// One sentence for each entry kind of the bundled grammar, each parsing `ok`.
let sentencePerKind: [(kind: String, text: String)] = [
    ("glucose", "glucose 6.2 after dinner"),
    ("feeding", "fed 4 oz formula"),
    ("food", "ate 2 cups of rice for lunch"),
    ("fluid", "drank a glass of water"),
    ("temperature", "temperature 37.5"),
    ("oxygen", "oxygen 97 percent"),
    ("blood_pressure", "blood pressure 120 over 80 pulse 70"),
    ("medication", "took 2 tablets of paracetamol"),
    ("symptom", "mild headache this morning"),
    ("mood", "feeling happy"),
    ("activity", "walked for 30 minutes"),
    ("weight", "weight 70 kg"),
    ("note", "note slept badly"),
    ("appointment", "appointment with doctor smith tomorrow at 10 am"),
]

/// The utterance a sentence is parsed as, at `testNow`.
func utterance(_ text: String, source: UtteranceSource = .typed) -> Utterance {
    Utterance(testParser.parse(text, now: testNow), source: source, referenceTime: testNow)
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/voicelog-storage-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() {
        _ = try? FileManager.default.removeItem(atPath: path)
    }

    /// A database file in this folder, opened through `AppDatabase`.
    func database(_ name: String = "voicelog.sqlite", busyTimeout: Double = AppDatabase.defaultBusyTimeout) throws -> AppDatabase {
        try AppDatabase.open(path: file(name), checker: testChecker, busyTimeout: busyTimeout)
    }
}

/// Makes a file or folder read-only, or writable again. Root writes through permission bits,
/// so as root the immutable attribute is set as well.
func setReadOnly(_ path: String, _ readOnly: Bool) throws {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    let mode: mode_t = isFolder.boolValue ? (readOnly ? 0o555 : 0o755) : (readOnly ? 0o444 : 0o644)
    if geteuid() == 0 { try run("/usr/bin/chattr", [readOnly ? "+i" : "-i", path]) }
    chmod(path, mode)
}

/// Runs a program to its end; throws if it fails.
func run(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(program) \(arguments) failed"])
    }
}

/// The built `voicelog` binary: next to the test bundle, or in the package's `.build/debug`.
func voicelogBinary() -> String? {
    var candidates: [String] = []
    if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append(URL(fileURLWithPath: bundle).deletingLastPathComponent().path + "/voicelog")
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/voicelog")
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.path + "/.build/debug/voicelog")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}
