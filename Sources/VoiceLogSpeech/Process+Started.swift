import Foundation

extension Process {
    /// Starts `executable` with nothing on standard input and its output and errors going to
    /// the pipes given (one pipe for both merges them). This process's copies of the pipes'
    /// write ends are closed, so that reading sees the end when the program exits.
    static func started(_ executable: URL, _ arguments: [String], output: Pipe, errors: Pipe) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        return process
    }
}
