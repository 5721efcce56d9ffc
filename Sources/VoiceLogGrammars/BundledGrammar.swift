import VoiceLogCore

/// The grammar files of the repository's `Grammars/` folder, compiled into the binary.
public enum BundledGrammar {
    /// Each grammar file's name and text, sorted by name.
    public static var files: [GrammarFile] {
        embeddedGrammarFiles.filter { $0.name.hasSuffix(".grammar") }.map { GrammarFile(name: $0.name, text: $0.text) }
    }

    /// Pronunciations, in the CMU dictionary's format, of grammar words that Debian's
    /// dictionary lacks (`Grammars/pronunciations.dict`).
    public static var pronunciations: String {
        embeddedGrammarFiles.first { $0.name == "pronunciations.dict" }?.text ?? ""
    }

    /// The bundled grammar, loaded once. A broken bundled grammar is a build defect, which the
    /// test suite catches, so this traps rather than throws.
    public static let grammar: Grammar = {
        do {
            return try Grammar(files: files)
        } catch {
            fatalError("The bundled grammar does not load: \(error)")
        }
    }()
}
