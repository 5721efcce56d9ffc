import Foundation

/// A speaker's adapted copy of the acoustic model (`SpeakerAdaptation`'s output): a folder
/// with the model's definition, features and fillers as they were, and its re-estimated
/// means, variances, mixture weights and transitions in SphinxTrain's binary files.
enum AdaptedModel {
    /// Copied from the model as they are.
    static let unchangedFiles = ["mdef", "feat.params", "noisedict"]
    /// Re-estimated for the speaker.
    static let adaptedFiles = ["means", "variances", "mixture_weights", "transition_matrices"]

    /// Throws `SpeechError.unreadableSpeakerAdaptation` unless `folder` holds every file of an
    /// adapted model, the re-estimated ones in SphinxTrain's format.
    static func check(_ folder: URL) throws {
        func fail(_ reason: String) -> SpeechError { .unreadableSpeakerAdaptation(path: folder.path, reason: reason) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { throw fail("there is no such folder") }
        guard isFolder.boolValue else { throw fail("it is not a folder made by `voicelog adapt`") }
        for file in unchangedFiles + adaptedFiles {
            guard let handle = FileHandle(forReadingAtPath: folder.appendingPathComponent(file).path) else {
                throw fail("its '\(file)' is missing")
            }
            defer { try? handle.close() }
            if adaptedFiles.contains(file), (try? handle.read(upToCount: 3)) != Data("s3\n".utf8) {
                throw fail("its '\(file)' is not a SphinxTrain file")
            }
        }
    }

    /// Puts the folder `new` in the place of `destination`, moving an earlier one aside first
    /// and back if the move fails.
    static func replace(_ destination: URL, with new: URL) throws {
        let earlier = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).earlier")
        let hadEarlier = FileManager.default.fileExists(atPath: destination.path)
        if hadEarlier, rename(destination.path, earlier.path) != 0 { throw failure(destination) }
        guard rename(new.path, destination.path) == 0 else {
            let error = failure(destination)
            if hadEarlier { _ = rename(earlier.path, destination.path) }
            throw error
        }
        if hadEarlier { try? FileManager.default.removeItem(at: earlier) }
    }

    private static func failure(_ destination: URL) -> SpeechError {
        .adaptationFailed(reason: "cannot write \(destination.path): \(String(cString: strerror(errno)))")
    }
}
