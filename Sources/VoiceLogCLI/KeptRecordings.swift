import Foundation
import VoiceLogSpeech

/// Recordings of the speaker kept to adapt to their voice: what `adapt --mic` recorded and
/// the utterances accepted as heard at `dictate --review --learn`. A folder
/// `speaker-recordings` beside the database holds one WAV file a recording and
/// `recordings.tsv`, a list in the format of `adapt --recordings` ('FILE<TAB>sentence').
/// A line is added only once its file is whole, so an interrupted write leaves no entry.
struct KeptRecordings {
    static let folderName = "speaker-recordings"
    static let listName = "recordings.tsv"
    /// Adapting again uses at most this many recordings, the latest.
    static let mostUsed = 300
    /// `dictate --learn` adapts again at the end of a session once this many are kept.
    static let enoughToAdapt = 10

    let folder: URL
    var list: URL { folder.appendingPathComponent(Self.listName) }

    /// The folder beside the database (`database`: the `--db` value, if any).
    init(database: String?) throws {
        folder = try StorageOptions.besideDatabase(Self.folderName, database: database)
    }

    /// How many recordings are kept.
    func count() throws -> Int {
        guard FileManager.default.fileExists(atPath: list.path) else { return 0 }
        let lines = try InputSource(path: list.path).lines()
        let count = lines.filter { !RecordingList.isBlankOrComment($0) }.count
        try lines.finish()
        return count
    }

    /// Keeps 16 kHz samples of `sentence` (words as said, as the recogniser writes them).
    func keep(_ samples: [Int16], saying sentence: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(Self.timestamp())-\(UUID().uuidString.prefix(8)).wav"
        try WAVWriter.data(samples).write(to: folder.appendingPathComponent(name), options: .atomic)
        // One write in append mode: lines of two sessions at once do not mix.
        let descriptor = open(list.path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw CLIError("Cannot write \(list.path): \(String(cString: strerror(errno))).") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data("\(name)\t\(sentence)\n".utf8))
        try handle.synchronize()
    }

    /// The latest `mostUsed` recordings, read as `adapt --recordings` reads its list.
    func recordings() throws -> [SpeakerAdaptation.Recording] {
        try RecordingList(path: list.path, latest: Self.mostUsed).recordings
    }

    /// UTC time to the second, so that file names sort in the order they were recorded.
    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
