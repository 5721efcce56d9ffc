import Foundation
import Testing
import VoiceLogSpeech

/// The microphone source runs a real recorder program; here stand-ins named `arecord` play
/// a fixture or fail the way a machine without a sound card does.
@Suite struct MicrophoneSourceTests {
    /// A folder holding an executable `arecord` script with `body`.
    static func fakeRecorder(_ body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-mic-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("arecord")
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return folder
    }

    @Test func withoutParecOrArecordTheErrorSaysWhatToInstall() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-empty-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: SpeechError.noRecorder(searched: [empty.path])) { try MicrophoneSource(searchPath: empty.path) }
        #expect("\(SpeechError.noRecorder(searched: ["/bin"]))".contains("apt-get install alsa-utils"))
    }

    @Test func recordsUtterancesFromTheRecordersOutput() throws {
        // The stream fixture without its 44-byte header is raw 16 kHz mono S16LE.
        let stream = Fixtures.folder.appendingPathComponent("stream3.wav").path
        let folder = try Self.fakeRecorder("tail -c +45 '\(stream)'")
        let microphone = try MicrophoneSource(searchPath: folder.path)
        #expect(microphone.recorder.commandLine == "arecord -q -f S16_LE -r 16000 -c 1 -t raw")
        var texts: [String] = []
        try microphone.listen(with: try Fixtures.recognizer()) { texts.append($0.text); return true }
        #expect(texts == StreamTests.expected)
    }

    @Test func stopsWhenTheCallerSaysSo() throws {
        let stream = Fixtures.folder.appendingPathComponent("stream3.wav").path
        let folder = try Self.fakeRecorder("tail -c +45 '\(stream)'; sleep 30")
        var texts: [String] = []
        try MicrophoneSource(searchPath: folder.path).listen(with: try Fixtures.recognizer()) {
            texts.append($0.text)
            return false
        }
        #expect(texts == [StreamTests.expected[0]])
    }

    @Test func aMissingDeviceBecomesAnErrorWithTheRecordersMessage() throws {
        let folder = try Self.fakeRecorder(
            "echo \"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\" >&2; "
            + "echo 'ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default' >&2; "
            + "echo 'arecord: main:831: audio open error: No such file or directory' >&2; exit 1")
        #expect(throws: SpeechError.recorderFailed(
            command: "arecord -q -f S16_LE -r 16000 -c 1 -t raw", status: 1,
            output: "arecord: main:831: audio open error: No such file or directory")) {
            try MicrophoneSource(searchPath: folder.path).listen(with: try Fixtures.recognizer()) { _ in true }
        }
    }
}

/// With no capture device, the message is one line that says what to check.
@Suite struct MicrophoneMessageTests {
    @Test func noDeviceIsOneClearLine() {
        let error = SpeechError.recorderFailed(command: "arecord -q", status: 1,
                                               output: "arecord: main:831: audio open error: No such file or directory")
        let text = String(describing: error)
        #expect(!text.contains("\n"))
        #expect(text.hasPrefix("No microphone could be opened"))
        #expect(text.contains("audio open error"))
    }
}
