// `stdout` is a C global; reading it is safe here (the commands write from one thread).
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Standard output with its failures caught: a full disk or a closed file is an error that
/// says so, never output cut short in silence. `print` writes through the same buffer, so
/// ``finish()`` checks every command's output.
enum StandardOutput {
    /// Writes `text`; throws as soon as a write fails.
    static func write(_ text: String) throws {
        if fputs(text, stdout) < 0 || ferror(stdout) != 0 { throw failure(errno) }
    }

    /// Writes what is still buffered; throws if that, or any earlier write, failed.
    static func finish() throws {
        let flushed = fflush(stdout) == 0
        let error = errno
        if !flushed || ferror(stdout) != 0 { throw failure(error) }
    }

    private static func failure(_ error: Int32) -> CLIError {
        CLIError("Cannot write the output: \(String(cString: strerror(error))). What was written is incomplete: make room, or send the output elsewhere, and run the command again.")
    }
}
