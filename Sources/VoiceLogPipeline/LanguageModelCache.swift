import Foundation
import VoiceLogCore
import VoiceLogSpeech

/// The n-gram language model of a speech grammar, built once and kept in the user's cache
/// folder (`$XDG_CACHE_HOME/voicelog`, else `~/.cache/voicelog`) under a name made from a hash
/// of the grammar and the builder's settings: a changed grammar gets a model of its own.
public enum LanguageModelCache {
    /// The model's file, built first when the cache lacks it.
    public static func file(for jsgf: String, builder: GrammarLanguageModel = GrammarLanguageModel()) throws -> URL {
        var folder = folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            // No home or a read-only one: the model is built for this run only.
            folder = FileManager.default.temporaryDirectory
        }
        let file = folder.appendingPathComponent("grammar-\(hexHash(builder.settings + "\n" + jsgf)).lm.bin")
        if FileManager.default.fileExists(atPath: file.path) { return file }
        // Built under temporary names, then moved: a model is never half there.
        let partial = folder.appendingPathComponent(".\(UUID().uuidString)")
        let text = partial.appendingPathExtension("arpa")
        let binary = partial.appendingPathExtension("lm.bin")
        defer { [text, binary].forEach { try? FileManager.default.removeItem(at: $0) } }
        try Data(arpa(for: jsgf, builder: builder).utf8).write(to: text)
        try LanguageModelFile.convert(arpa: text, toBinary: binary)
        if rename(binary.path, file.path) != 0 {
            throw PipelineError("Cannot write the speech language model to \(file.path): \(String(cString: strerror(errno))).")
        }
        return file
    }

    /// The model as ARPA text. The free-text loop's phone words are left out: notes are heard
    /// by the grammar search, which the n-gram pass leaves them to.
    public static func arpa(for jsgf: String, builder: GrammarLanguageModel = GrammarLanguageModel()) throws -> String {
        try builder.arpa(jsgf: jsgf, leavingOut: FreeTextLoop.isLoopWord)
    }

    static var folder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("voicelog")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/voicelog")
    }

    /// FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms, unlike `Hasher`.
    static func hexHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
