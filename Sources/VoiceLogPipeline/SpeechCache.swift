import Foundation
import VoiceLogCore
import VoiceLogSpeech

/// What speech recognition builds from a speech grammar once and keeps in the user's cache
/// folder (`$XDG_CACHE_HOME/voicelog`, else `~/.cache/voicelog`), each under a name made from a
/// hash of the grammar and the builder's settings: a changed grammar gets files of its own.
public enum SpeechCache {
    /// The n-gram language model's file (PocketSphinx's binary form), built first when the
    /// cache lacks it.
    public static func languageModel(for jsgf: String, builder: GrammarLanguageModel = GrammarLanguageModel()) throws -> URL {
        try file(named: "grammar-\(hexHash(builder.settings + "\n" + jsgf)).lm.bin") { binary in
            let text = binary.appendingPathExtension("arpa")
            defer { try? FileManager.default.removeItem(at: text) }
            try Data(arpa(for: jsgf, builder: builder).utf8).write(to: text)
            try LanguageModelFile.convert(arpa: text, toBinary: binary)
        }
    }

    /// The grammar search's merged graph (`SearchGraphFile`), built first when the cache
    /// lacks it.
    public static func searchGraph(for jsgf: String) throws -> URL {
        try file(named: "grammar-\(hexHash(SearchGraphFile.version + "\n" + jsgf)).graph") { file in
            try Data(SearchGraphFile.text(jsgf: jsgf).utf8).write(to: file)
        }
    }

    /// The model as ARPA text. The free-text loop's phone words are left out: notes are heard
    /// by the grammar search, which the n-gram pass leaves them to.
    public static func arpa(for jsgf: String, builder: GrammarLanguageModel = GrammarLanguageModel()) throws -> String {
        try builder.arpa(jsgf: jsgf, leavingOut: FreeTextLoop.isLoopWord)
    }

    /// The cached file `name`, written first by `write` when missing: under a temporary name,
    /// then moved, so that a file is never half there.
    private static func file(named name: String, write: (URL) throws -> Void) throws -> URL {
        var folder = folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            // No home or a read-only one: the file is built for this run only.
            folder = FileManager.default.temporaryDirectory
        }
        let file = folder.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: file.path) { return file }
        let partial = folder.appendingPathComponent(".\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: partial) }
        try write(partial)
        if rename(partial.path, file.path) != 0 {
            throw PipelineError("Cannot write the speech cache file \(file.path): \(String(cString: strerror(errno))).")
        }
        return file
    }

    static var folder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("voicelog")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/voicelog")
    }

    /// `text.stableHash` as 16 hex digits.
    static func hexHash(_ text: String) -> String {
        let digits = String(text.stableHash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
