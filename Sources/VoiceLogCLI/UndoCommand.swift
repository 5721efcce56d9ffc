import ArgumentParser
import Foundation
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogStorage

/// `voicelog undo`: takes the last committed utterance out of the listings. It is kept in the
/// database, marked undone, so nothing heard is lost.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take the last stored utterance and its entries out of the listings (they are kept, marked undone)."
    )

    @OptionGroup var storage: StorageOptions

    func run() throws {
        guard let undone = try storage.openStore().undoLastUtterance(at: Date()) else {
            print("Nothing to undo: no stored utterance is left.")
            return
        }
        let renderer = ResultRenderer(now: SystemClock.now(), colors: .forStandardOutput)
        print("Undone: \"\(undone.text)\" (utterance \(undone.id))")
        for stored in undone.entries {
            print("  \(stored.id)  \(renderer.describe(stored.entry))")
        }
    }
}
