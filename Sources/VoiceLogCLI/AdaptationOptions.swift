import ArgumentParser
import Foundation
import VoiceLogSpeech
import VoiceLogStorage

/// Which speaker adaptation speech is decoded with: `--adaptation FOLDER`, else `speaker-model`
/// beside the database when `voicelog adapt` has made one; `--no-adaptation` for none.
struct AdaptationOptions: ParsableArguments {
    static let folderName = "speaker-model"

    @Option(name: .long, help: ArgumentHelp("The speaker's model made by `voicelog adapt` (default: \(Self.folderName) beside the database, when it exists).", valueName: "FOLDER"))
    var adaptation: String?

    @Flag(name: .long, help: "Decode with the acoustic model as it is, without a speaker adaptation.")
    var noAdaptation = false

    func validate() throws {
        if noAdaptation, adaptation != nil { throw ValidationError("Give --adaptation FOLDER or --no-adaptation, not both.") }
    }

    /// The model to decode with: Debian's, adapted to the speaker when an adapted model is
    /// given or lies beside the database (`database`: the `--db` value, if any). Where there
    /// is no database location (no `HOME`), there is no adapted model beside it either.
    func model(database: String?) -> SpeechModel {
        if noAdaptation { return .debianEnglish }
        if let adaptation { return .debianEnglish.adapted(with: URL(fileURLWithPath: adaptation)) }
        let standard = try? Self.standardFile(database: database)
        return .debianEnglish.adapted(with: standard.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil })
    }

    /// `speaker-model` in the database's folder.
    static func standardFile(database: String?) throws -> URL {
        try StorageOptions.besideDatabase(folderName, database: database)
    }

    /// Where a new adaptation is written: the folder given (`--adaptation FOLDER`), else
    /// `speaker-model` beside the database.
    static func destination(given folder: String?, database: String?) throws -> URL {
        try folder.map { URL(fileURLWithPath: $0) } ?? standardFile(database: database)
    }
}
