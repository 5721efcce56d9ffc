import Foundation

/// Records 16 kHz mono S16LE audio from the default microphone by running `parec`
/// (PulseAudio/PipeWire) or `arecord` (ALSA), whichever is installed, and streams it.
public struct MicrophoneSource: Sendable {
    /// A recording program and its arguments for raw 16 kHz mono S16LE output on stdout.
    public struct Recorder: Sendable, Equatable {
        public var executable: URL
        public var arguments: [String]

        public var commandLine: String {
            ([executable.lastPathComponent] + arguments).joined(separator: " ")
        }
    }

    /// The recorder that will be run.
    public let recorder: Recorder

    /// Finds `parec`, else `arecord`, in `searchPath` (the `PATH` variable by default).
    ///
    /// - Throws: `SpeechError.noRecorder` when neither is installed.
    public init(searchPath: String? = nil) throws {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init)
        let candidates: [(String, [String])] = [
            ("parec", ["--format=s16le", "--rate=16000", "--channels=1", "--raw"]),
            ("arecord", ["-q", "-f", "S16_LE", "-r", "16000", "-c", "1", "-t", "raw"]),
        ]
        for (name, arguments) in candidates {
            for folder in folders {
                let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) {
                    recorder = Recorder(executable: url, arguments: arguments)
                    return
                }
            }
        }
        throw SpeechError.noRecorder(searched: folders)
    }

    /// Records until the recorder stops or `onUtterance` returns false, recognizing each
    /// utterance with `recognizer`.
    ///
    /// - Throws: `SpeechError.recorderFailed` with the recorder's own message when it exits
    ///   with an error (no device, no sound server, no permission).
    public func listen(with recognizer: SpeechRecognizer, onUtterance: (Transcript) throws -> Bool) throws {
        let output = Pipe()
        let errors = Pipe()
        let process = try Process.started(recorder.executable, recorder.arguments, output: output, errors: errors)
        defer { Self.stop(process) }

        let stream = try recognizer.makeStream()
        let reader = output.fileHandleForReading
        var keepGoing = true
        while keepGoing {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            for transcript in try stream.feed(bytes: chunk) where keepGoing {
                keepGoing = try onUtterance(transcript)
            }
        }
        guard keepGoing else { return }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            // ALSA prints a page of library errors before the recorder's own last line
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let last = message.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            throw SpeechError.recorderFailed(
                command: recorder.commandLine,
                status: process.terminationStatus,
                output: last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
        }
        if let last = try stream.finish() { _ = try onUtterance(last) }
    }

    /// Asks the recorder to stop, and kills it if it is still running a second later.
    /// Waits at most two seconds: Foundation on Linux does not always notice the exit of a
    /// terminated child, and a stuck wait must not hang the caller.
    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        if !waitForExit(process, seconds: 1) {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(process, seconds: 1)
        }
    }

    private static func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }
}
