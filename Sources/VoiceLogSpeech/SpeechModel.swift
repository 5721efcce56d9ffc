import Foundation

/// Where the acoustic model, the full pronunciation dictionary, the general language model
/// and a speaker's adaptation of the acoustic model live.
public struct SpeechModel: Sendable, Equatable {
    /// Folder of the acoustic model (PocketSphinx's `-hmm`): `mdef`, `means`, `feat.params`…
    public var acousticModel: URL
    /// The full pronunciation dictionary (CMUdict format) that grammar words are looked up in.
    public var dictionary: URL
    /// The general language model that free text is read with (PocketSphinx's `-lm`); nil
    /// leaves free text unread.
    public var languageModel: URL?
    /// A speaker's adapted copy of the acoustic model (a folder made by `SpeakerAdaptation`),
    /// decoded with in place of `acousticModel`; nil decodes with the model as it is.
    public var speakerAdaptation: URL?

    public init(acousticModel: URL, dictionary: URL, languageModel: URL? = nil, speakerAdaptation: URL? = nil) {
        self.acousticModel = acousticModel
        self.dictionary = dictionary
        self.languageModel = languageModel
        self.speakerAdaptation = speakerAdaptation
    }

    /// This model with a speaker's adaptation, or none.
    public func adapted(with adaptedModel: URL?) -> SpeechModel {
        var model = self
        model.speakerAdaptation = adaptedModel
        return model
    }

    /// The acoustic model (the speaker's, when adapted) and `dictionary` as PocketSphinx
    /// arguments, the start of every decoder's arguments.
    func decoderArguments(dictionary: URL) -> [(String, String)] {
        [("-hmm", (speakerAdaptation ?? acousticModel).path), ("-dict", dictionary.path)]
    }

    /// US English as Debian's `pocketsphinx-en-us` package installs it.
    public static let debianEnglish = SpeechModel(
        acousticModel: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/en-us"),
        dictionary: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"),
        languageModel: URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin")
    )

    /// Throws `SpeechError.modelNotFound` unless every path exists, and
    /// `.unreadableSpeakerAdaptation` unless the speaker adaptation is a whole adapted model.
    func checkExists() throws {
        if let speakerAdaptation { try AdaptedModel.check(speakerAdaptation) }
        for (url, isFolder) in [(acousticModel, true), (dictionary, false)] + (languageModel.map { [($0, false)] } ?? []) {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &folder),
                  folder.boolValue == isFolder
            else { throw SpeechError.modelNotFound(path: url.path) }
        }
    }
}
