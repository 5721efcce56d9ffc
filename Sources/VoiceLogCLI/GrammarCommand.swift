import ArgumentParser
import VoiceLogCore
import VoiceLogPipeline

/// `voicelog grammar --jsgf | --arpa`: prints the speech grammar compiled from `Grammars/`, or
/// the n-gram language model built from it.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Print the JSGF grammar or the n-gram language model that speech recognition searches, compiled from the grammar files."
    )

    @OptionGroup var parsing: ParsingOptions

    @Flag(name: .long, help: "Print the JSGF grammar.")
    var jsgf = false

    @Flag(name: .long, help: "Print the trigram language model (ARPA) built from the JSGF grammar.")
    var arpa = false

    func validate() throws {
        if jsgf == arpa { throw ValidationError("Say what to print: --jsgf or --arpa.") }
    }

    func run() throws {
        let grammar = try SpeechGrammar(grammar: parsing.loadGrammar()).jsgf
        print(arpa ? try SpeechCache.arpa(for: grammar) : grammar, terminator: "")
    }
}
