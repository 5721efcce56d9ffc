import Foundation

/// Where the acoustic model, the full pronunciation dictionary and the general language
/// model live.
public struct SpeechModel: Sendable, Equatable {
    /// Folder of the acoustic model (PocketSphinx's `-hmm`): `mdef`, `means`, `feat.params`…
    public var acousticModel: URL
    /// The full pronunciation dictionary (CMUdict format) that grammar words are looked up in.
    public var dictionary: URL
    /// The general language model that free text is read with (PocketSphinx's `-lm`); nil
    /// leaves free text unread.
    public var languageModel: URL?

    public init(acousticModel: URL, dictionary: URL, languageModel: URL? = nil) {
        self.acousticModel = acousticModel
        self.dictionary = dictionary
        self.languageModel = languageModel
    }

    /// US English as Debian's `pocketsphinx-en-us` package installs it.
    public static let debianEnglish = SpeechModel(
        acousticModel: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/en-us"),
        dictionary: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"),
        languageModel: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin")
    )

    /// Throws `SpeechError.modelNotFound` unless every path exists.
    func checkExists() throws {
        for (url, isFolder) in [(acousticModel, true), (dictionary, false)] + (languageModel.map { [($0, false)] } ?? []) {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &folder),
                  folder.boolValue == isFolder
            else { throw SpeechError.modelNotFound(path: url.path) }
        }
    }
}
