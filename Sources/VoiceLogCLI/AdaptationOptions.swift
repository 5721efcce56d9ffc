import ArgumentParser
import Foundation
import VoiceLogSpeech
import VoiceLogStorage

/// Which speaker adaptation speech is decoded with: `--adaptation FILE`, else `speaker.mllr`
/// beside the database when `voicelog adapt` has made one; `--no-adaptation` for none.
struct AdaptationOptions: ParsableArguments {
    static let fileName = "speaker.mllr"

    @Option(name: .long, help: ArgumentHelp("The speaker adaptation made by `voicelog adapt` (default: \(Self.fileName) beside the database, when it exists).", valueName: "FILE"))
    var adaptation: String?

    @Flag(name: .long, help: "Decode with the acoustic model as it is, without a speaker adaptation.")
    var noAdaptation = false

    func validate() throws {
        if noAdaptation, adaptation != nil { throw ValidationError("Give --adaptation FILE or --no-adaptation, not both.") }
    }

    /// The model to decode with: Debian's, adapted to the speaker when a transform is given
    /// or lies beside the database (`database`: the `--db` value, if any). Where there is no
    /// database location (no `HOME`), there is no transform beside it either.
    func model(database: String?) -> SpeechModel {
        if noAdaptation { return .debianEnglish }
        if let adaptation { return .debianEnglish.adapted(with: URL(fileURLWithPath: adaptation)) }
        let standard = try? Self.standardFile(database: database)
        return .debianEnglish.adapted(with: standard.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil })
    }

    /// `speaker.mllr` in the database's folder.
    static func standardFile(database: String?) throws -> URL {
        URL(fileURLWithPath: try DatabaseLocation.path(explicit: database)).deletingLastPathComponent()
            .appendingPathComponent(fileName)
    }
}
