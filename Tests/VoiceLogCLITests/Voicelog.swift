import Foundation
import Testing

/// The built `voicelog` run as a program, its output through files so that a megabyte of
/// results can't fill a pipe.
enum Voicelog {
    /// What a finished run wrote and returned.
    struct Run {
        var status: Int32
        var output: String
        var errorText: String
    }

    /// The built `voicelog`: beside the test bundle, or in the package's `.build/debug`.
    static let binary: String? = {
        let bundleFolder = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [bundleFolder.map { $0 + "/voicelog" }, package.path + "/.build/debug/voicelog"]
            .compactMap { $0 }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs `voicelog` with `arguments` to its end.
    ///
    /// - Parameters:
    ///   - input: standard input (default: none).
    ///   - output: a file for standard output instead of the one read back (then `output` is empty).
    ///   - environment: variables set or, when nil, removed from this process's environment.
    ///   - directory: the working directory.
    static func run(_ arguments: [String], input: String? = nil, output: String? = nil,
                    environment: [String: String?] = [:], directory: String? = nil) throws -> Run {
        let binary = try #require(binary, "build the voicelog product first (swift build)")
        let folder = FileManager.default.temporaryDirectory.path + "/voicelog-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/in", contents: Data((input ?? "").utf8))
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = input == nil ? FileHandle.nullDevice : FileHandle(forReadingAtPath: folder + "/in")
        process.standardOutput = FileHandle(forWritingAtPath: output ?? folder + "/out")
        process.standardError = FileHandle(forWritingAtPath: folder + "/err")
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: try String(contentsOfFile: folder + "/out", encoding: .utf8),
                   errorText: try String(contentsOfFile: folder + "/err", encoding: .utf8))
    }

    /// A fresh temporary folder; the caller removes it.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/voicelog-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
