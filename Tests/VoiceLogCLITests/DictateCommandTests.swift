import Foundation
import Testing
import VoiceLogSpeech

/// `voicelog dictate -` run as a program: raw 16 kHz S16LE PCM of three utterances with
/// pauses on standard input gives three results, each parsed and stored in a real database
/// as a voice utterance with its transcript.
@Suite struct DictateCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AudioFixtures")

    @Test(.enabled(if: Voicelog.binary != nil, "build the voicelog product first (swift build)"))
    func rawPCMOnStandardInputIsSplitIntoUtterancesAndStored() throws {
        let binary = try #require(Voicelog.binary)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-dictate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pcm = folder.appendingPathComponent("stream.raw")
        let samples = try WAVReader.read(contentsOf: Self.fixtures.appendingPathComponent("stream3.wav")).speechSamples()
        try Data(samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }).write(to: pcm)
        let database = folder.appendingPathComponent("voicelog.sqlite").path

        let output = try run(binary, ["dictate", "-", "--db", database, "--format", "jsonl", "--now", "2026-11-21T12:00:00",
                                      "--minimum-confidence", "0"], input: pcm)
        let results = output.split(separator: "\n").compactMap { BatchCommandTests.object(String($0)) }
        #expect(results.count == 3, "\(output)")
        let kinds = results.map { (($0["entries"] as? [[String: Any]])?.first?["kind"] as? String) ?? "-" }
        #expect(kinds == ["glucose", "blood_pressure", "symptom"])
        #expect(results.allSatisfy { $0["stored"] as? Bool == true && ($0["transcript"] as? [String: Any])?["text"] != nil })

        let listed = try run(binary, ["list", "--format", "jsonl", "--db", database], input: nil)
        #expect(listed.split(separator: "\n").count == 3)
    }

    /// An utterance not heard surely enough is `unrecognized` with no entries: nothing is
    /// offered as an entry, and nothing stored; the words heard are in its transcript.
    @Test(.enabled(if: Voicelog.binary != nil, "build the voicelog product first (swift build)"))
    func unsureUtterancesCarryNoEntries() throws {
        let binary = try #require(Voicelog.binary)
        let clip = Self.fixtures.appendingPathComponent("utt1-v1.wav").path
        let output = try run(binary, ["dictate", "--audio", clip, "--dry-run", "--format", "jsonl", "--now", "2026-11-21T12:00:00",
                                      "--minimum-confidence", "1.01"], input: nil)
        let results = output.split(separator: "\n").compactMap { BatchCommandTests.object(String($0)) }
        #expect(results.count == 1, "\(output)")
        #expect(results.first?["status"] as? String == "unrecognized")
        #expect((results.first?["entries"] as? [Any])?.isEmpty == true)
        #expect((results.first?["transcript"] as? [String: Any])?["text"] as? String == "glucose six point two after dinner")
    }

    /// Runs the binary with `input` as standard input; returns standard output, expecting exit 0.
    func run(_ binary: String, _ arguments: [String], input: URL?) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}
