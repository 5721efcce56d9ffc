import ArgumentParser
import VoiceLogCore

/// `voicelog grammar --jsgf`: prints the speech grammar compiled from `Grammars/`.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Print the JSGF grammar that speech recognition searches, compiled from the grammar files."
    )

    @OptionGroup var parsing: ParsingOptions

    @Flag(name: .long, help: "Print the JSGF grammar.")
    var jsgf = false

    func validate() throws {
        if !jsgf { throw ValidationError("Say what to print: --jsgf.") }
    }

    func run() throws {
        print(try SpeechGrammar(grammar: parsing.loadGrammar()).jsgf, terminator: "")
    }
}
