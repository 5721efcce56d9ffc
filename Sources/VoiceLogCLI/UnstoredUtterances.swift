import Foundation
import VoiceLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Utterances a command was asked to store and could not (the database locked, the disk
/// full). At the end of the command they are written, one a line, to a file beside the
/// database (else in the temporary folder, else on standard error), and ``check(database:retry:)``
/// fails with how many there were and the command that stores them from that file. What was
/// stored stays stored: each utterance is committed whole or not at all.
struct UnstoredUtterances {
    private(set) var lines: [String] = []
    /// The reference time of the first utterance not stored: a retry resolves relative times against it.
    private var referenceTime: LocalDateTime?
    private var reasons: [String] = []

    mutating func add(_ text: String, referenceTime: LocalDateTime, reason: String) {
        lines.append(text)
        if self.referenceTime == nil { self.referenceTime = referenceTime }
        if !reasons.contains(reason) { reasons.append(reason) }
    }

    /// Throws an error naming the utterances not stored and how to retry them, if there are any.
    ///
    /// - Parameters:
    ///   - database: the database file the utterances were meant for.
    ///   - retry: the command that stores lines from a file (`batch`, or `review` to be asked again).
    func check(database: String, retry: String) throws {
        guard let referenceTime else { return }
        let count = lines.count == 1 ? "1 result was" : "\(lines.count) results were"
        var message = "\(count) not stored in '\(database)': \(reasons.joined(separator: " "))"
        message += " What was stored stays stored."
        let text = lines.map { $0 + "\n" }.joined()
        let folders = [(database as NSString).deletingLastPathComponent, FileManager.default.temporaryDirectory.path]
        var file: String?
        for folder in folders where file == nil { file = Self.save(text, in: folder, at: referenceTime) }
        if let file {
            message += " The line\(lines.count == 1 ? "" : "s") not stored \(lines.count == 1 ? "is" : "are") in '\(file)'; once the problem is fixed, store \(lines.count == 1 ? "it" : "them") with: "
            message += "voicelog \(retry) --db \(Self.quoted(database)) --now \(referenceTime) \(Self.quoted(file))"
        } else {
            message += " They could not be written to a file either; here they are, to store again with `voicelog \(retry) --db \(Self.quoted(database)) --now \(referenceTime) -`:\n" + text
        }
        throw CLIError(message)
    }

    /// Writes `text` to a new private file in `folder`; nil if that fails.
    private static func save(_ text: String, in folder: String, at time: LocalDateTime) -> String? {
        let stamp = time.description.replacingOccurrences(of: ":", with: "-")
        let path = (folder.isEmpty ? "." : folder) + "/voicelog-not-stored-\(stamp)-\(getpid()).txt"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return nil }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let whole = written == bytes.count && fsync(descriptor) == 0
        if close(descriptor) != 0 || !whole {
            unlink(path)
            return nil
        }
        return path
    }

    /// `text` quoted for a POSIX shell when it needs to be.
    static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:=@%,".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
