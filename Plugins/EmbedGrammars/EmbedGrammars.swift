import Foundation
import PackagePlugin

/// Compiles the grammar and pronunciation files of the package's `Grammars/` folder into the
/// target as Swift string literals, so that the built `voicelog` binary needs no files beside it.
@main
struct EmbedGrammars: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let grammarFolder = context.package.directoryURL.appending(path: "Grammars")
        let names = try FileManager.default.contentsOfDirectory(atPath: grammarFolder.path)
            .filter { $0.hasSuffix(".grammar") || $0.hasSuffix(".dict") }
            .sorted()
        let inputs = names.map { grammarFolder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedGrammarFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) grammar files",
                executable: try context.tool(named: "GrammarEmbedder").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
