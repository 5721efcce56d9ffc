import Foundation

/// Where the acoustic model and the full pronunciation dictionary live.
public struct SpeechModel: Sendable, Equatable {
    /// Folder of the acoustic model (PocketSphinx's `-hmm`): `mdef`, `means`, `feat.params`…
    public var acousticModel: URL
    /// The full pronunciation dictionary (CMUdict format) that grammar words are looked up in.
    public var dictionary: URL

    public init(acousticModel: URL, dictionary: URL) {
        self.acousticModel = acousticModel
        self.dictionary = dictionary
    }

    /// US English as Debian's `pocketsphinx-en-us` package installs it.
    public static let debianEnglish = SpeechModel(
        acousticModel: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/en-us"),
        dictionary: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")
    )

    /// Throws `SpeechError.modelNotFound` unless both paths exist.
    func checkExists() throws {
        for (url, isFolder) in [(acousticModel, true), (dictionary, false)] {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &folder),
                  folder.boolValue == isFolder
            else { throw SpeechError.modelNotFound(path: url.path) }
        }
    }
}
