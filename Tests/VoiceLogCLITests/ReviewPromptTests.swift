import Foundation
import Testing

/// `voicelog review` at a pseudo-terminal, end to end: `review_pty.py` (pexpect) runs the
/// built binary, answers its prompts, compares each screen with the text it pins, and reads
/// the database to check what was stored.
@Suite struct ReviewPromptTests {
    /// The built `voicelog`, beside the test bundle (`.build/debug`).
    static let binary: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            packageFolder.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("voicelog") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("review_pty.py")

    @Test(.enabled(if: binary != nil, "the voicelog binary is not built beside the tests; run `swift build` first"),
          arguments: [
              "accept", "edit-then-accept", "edit-to-infeasible", "skip", "quit-half-way",
              "retype-and-edit-one-of-two", "history-recalls-an-edit", "interrupted", "end-of-input",
              "not-a-terminal", "yes-at-a-terminal", "dictate-and-correct", "dictate-and-learn",
          ])
    func scenario(_ name: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, try #require(Self.binary).path, name]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
