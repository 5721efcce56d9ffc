#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VoiceLogCore

enum Environment {
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }
}

/// Grammar files read from a folder at run time, for editing a grammar without a rebuild.
enum GrammarFolder {
    static func load(_ path: String) throws -> Grammar {
        guard let directory = opendir(path) else {
            throw CLIError("Cannot open the grammar folder '\(path)': \(String(cString: strerror(errno))).")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".grammar") { names.append(name) }
        }
        var files: [GrammarFile] = []
        for name in names.sorted() {
            var text: [UInt8] = []
            for line in try InputSource(path: path + "/" + name).lines() {
                text += Array(line.utf8) + [UInt8(ascii: "\n")]
            }
            files.append(GrammarFile(name: name, text: String(decoding: text, as: UTF8.self)))
        }
        guard !files.isEmpty else { throw CLIError("The folder '\(path)' holds no .grammar files.") }
        do {
            return try Grammar(files: files)
        } catch {
            throw CLIError("The grammar in '\(path)' does not load: \(error)")
        }
    }
}
