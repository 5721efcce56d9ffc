import Foundation

/// The programs a speaker adaptation runs: SphinxTrain's `bw` and `map_adapt`, SphinxBase's
/// `sphinx_fe` and PocketSphinx's `pocketsphinx_mdef_convert`.
public struct SphinxTrainTools: Sendable, Equatable {
    /// Turns audio into the model's cepstral features.
    public var featureExtractor: URL
    /// Writes the model definition as text, the form `bw` reads.
    public var modelDefinitionConverter: URL
    /// Counts, for each Gaussian, the speech aligned to it (Baum-Welch).
    public var baumWelch: URL
    /// Moves the model's parameters towards the counts (maximum a posteriori).
    public var mapAdapt: URL

    public init(featureExtractor: URL, modelDefinitionConverter: URL, baumWelch: URL, mapAdapt: URL) {
        self.featureExtractor = featureExtractor
        self.modelDefinitionConverter = modelDefinitionConverter
        self.baumWelch = baumWelch
        self.mapAdapt = mapAdapt
    }

    /// Where Debian's `sphinxbase-utils`, `pocketsphinx` and `sphinxtrain` install them.
    public static let debian = SphinxTrainTools(
        featureExtractor: URL(fileURLWithPath: "/usr/bin/sphinx_fe"),
        modelDefinitionConverter: URL(fileURLWithPath: "/usr/bin/pocketsphinx_mdef_convert"),
        baumWelch: URL(fileURLWithPath: "/usr/lib/sphinxtrain/bw"),
        mapAdapt: URL(fileURLWithPath: "/usr/lib/sphinxtrain/map_adapt")
    )

    /// Throws `SpeechError.adaptationToolMissing` for the first tool that is not installed.
    public func checkInstalled() throws {
        for tool in [featureExtractor, modelDefinitionConverter, baumWelch, mapAdapt]
        where !FileManager.default.isExecutableFile(atPath: tool.path) {
            throw SpeechError.adaptationToolMissing(path: tool.path)
        }
    }

    /// Runs `tool` and returns what it wrote (standard output and error together).
    ///
    /// - Throws: `SpeechError.adaptationFailed` with the tool's error lines when it fails.
    @discardableResult
    func run(_ tool: URL, _ arguments: [String]) throws -> String {
        let output = Pipe()
        let process = try Process.started(tool, arguments, output: output, errors: output)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = text.split(separator: "\n").filter { $0.contains("ERROR") || $0.contains("FATAL") }.suffix(5)
            throw SpeechError.adaptationFailed(reason: "\(tool.lastPathComponent) failed (exit status \(process.terminationStatus))"
                + (errors.isEmpty ? "" : ":\n" + errors.map { "  " + $0 }.joined(separator: "\n")))
        }
        return text
    }
}
