import ArgumentParser
import VoiceLogCore
import VoiceLogGrammars

/// `voicelog grammar --jsgf`: prints the speech grammar compiled from `Grammars/`.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Print the JSGF grammar that speech recognition searches, compiled from the grammar files."
    )

    @OptionGroup var parsing: ParsingOptions

    @Flag(name: .long, help: "Print the JSGF grammar.")
    var jsgf = false

    @Option(name: .long, help: ArgumentHelp("The pronunciation dictionary (default: Debian's en-us dictionary).", valueName: "PATH"))
    var dictionary: String = PronunciationDictionary.debianPath

    func validate() throws {
        if !jsgf { throw ValidationError("Say what to print: --jsgf.") }
    }

    func run() throws {
        let words = try PronunciationDictionary.words(at: dictionary)
            .union(PronunciationDictionary.words(in: BundledGrammar.pronunciations))
        print(JSGFCompiler(grammar: try parsing.loadGrammar(), isSpeakable: words.contains).compile(), terminator: "")
    }
}

/// The words a CMU-format pronunciation dictionary can say.
enum PronunciationDictionary {
    static let debianPath = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    static func words(at path: String) throws -> Set<String> {
        var words: Set<String> = []
        do {
            for line in try InputSource(path: path).lines() { words.insert(word(of: line)) }
        } catch {
            throw CLIError("\(error) Install Debian's pocketsphinx-en-us, or give --dictionary.")
        }
        return words
    }

    static func words(in text: String) -> Set<String> {
        Set(text.split(separator: "\n").map { word(of: String($0)) })
    }

    /// "word(2) W ER D" is the word `word`.
    private static func word(of line: String) -> String {
        String(line.prefix { $0 != " " && $0 != "\t" && $0 != "(" })
    }
}
