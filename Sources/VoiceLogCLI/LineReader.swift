#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor as they arrive, so a pipe is answered line by line.
///
/// Bytes that are not UTF-8 become U+FFFD, a trailing carriage return is dropped, and a last
/// line without a newline still counts. A read error ends the lines; `finish()` reports it.
/// A class, so that the reader a `for` loop consumed still holds its error afterwards.
final class LineReader: Sequence, IteratorProtocol {
    private let descriptor: Int32
    /// The input's name, for the error message.
    private let name: String
    /// Why reading stopped before the end, if it did.
    private var readError: CLIError?
    private var buffer: [UInt8] = []
    private var searchFrom = 0
    private var finished = false
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Throws if reading stopped on an error rather than at the end of the input.
    func finish() throws {
        if let readError { throw readError }
    }

    func next() -> String? {
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                searchFrom = 0
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            searchFrom = buffer.count
            if finished {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll(); searchFrom = 0 }
                if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                finished = true
            } else if errno != EINTR {
                readError = CLIError("Cannot read '\(name)': \(String(cString: strerror(errno))).")
                finished = true
            }
        }
    }
}

/// An input named on the command line: a file path, or `-` for standard input.
struct InputSource {
    let path: String

    /// Opens the input; throws a clear error if it cannot be read.
    func lines() throws -> LineReader {
        if path == "-" { return LineReader(descriptor: STDIN_FILENO, name: "standard input") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CLIError("Cannot read '\(path)': \(String(cString: strerror(errno))).")
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw CLIError("'\(path)' is a folder; give a text file with one utterance a line, or - for standard input.")
        }
        return LineReader(descriptor: descriptor, name: path)
    }
}

/// An error that ends a command with its message and a non-zero exit status.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
