import Foundation
import Testing
import VoiceLogCore
import VoiceLogPipeline
import VoiceLogSpeech
import VoiceLogStorage
@testable import VoiceLogService

/// The Wyoming handler, over a real SQLite file: text the server heard without being sure of
/// it is not stored, while text it heard surely, or never heard (typed), is.
@Suite struct WyomingHandleTests {
    struct NoRecogniser: Error {}

    /// A session over a new database file, whose recogniser is never needed: the transcripts
    /// it "heard" are put in `heard` by the test.
    static func session(in folder: URL, heard: HeardTranscripts) throws -> (WyomingSession, any EntryStore) {
        let pipeline = EntryPipeline()
        let database = try AppDatabase.open(path: folder.appendingPathComponent("log.sqlite").path,
                                            checker: FeasibilityChecker(grammar: pipeline.grammar))
        let store = database.scoped(to: try database.account(named: "ha", at: Date()))
        let session = WyomingSession(pipeline: pipeline, speech: SpeechTranscriber { throw NoRecogniser() },
                                     store: ServiceStore(store), metrics: ServiceMetrics(), heard: heard)
        return (session, store)
    }

    static func handle(_ text: String, in session: inout WyomingSession) async -> WyomingEvent? {
        await session.answer(WyomingEvent(type: "transcript", data: [("text", .string(text))])).first
    }

    @Test func textHeardUnsurelyIsNotStoredAndTheAnswerSaysWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-wyoming-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let heard = HeardTranscripts()
        var (session, store) = try Self.session(in: folder, heard: heard)

        heard.remember(Transcript(text: "glucose twenty two after dinner", confidence: 0.08))
        // Home Assistant may recase the text and end it with a full stop
        let unsure = await Self.handle("Glucose twenty two after dinner.", in: &session)
        #expect(unsure?.type == "not-handled")
        #expect(unsure.flatMap { $0["text"] } == .string("Not logged. Not sure 'Glucose twenty two after dinner.' was heard right (confidence 0.08); please say it again."))
        #expect(try store.entries().isEmpty)

        // said again and heard surely, the same words are stored
        heard.remember(Transcript(text: "glucose twenty two after dinner", confidence: 0.93))
        let sure = await Self.handle("glucose twenty two after dinner", in: &session)
        #expect(sure?.type == "handled")
        #expect(try store.entries().map(\.entry.kind) == ["glucose"])

        // words this server never heard were typed: read as typed
        let typed = await Self.handle("bp 135/85", in: &session)
        #expect(typed?.type == "handled")
        #expect(try store.entries().count == 2)
    }

    @Test func transcriptsAreForgottenAfterTheirLifetimeAndBeyondCapacity() {
        let heard = HeardTranscripts(lifetime: 60, capacity: 2)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        heard.remember(Transcript(text: "a", confidence: 0.1), at: start)
        #expect(heard.transcript(of: "a", at: start.addingTimeInterval(59)).confidence == 0.1)
        #expect(heard.transcript(of: "a", at: start.addingTimeInterval(61)).confidence == nil)

        heard.remember(Transcript(text: "b", confidence: 0.2), at: start)
        heard.remember(Transcript(text: "c", confidence: 0.3), at: start)
        #expect(heard.transcript(of: "a", at: start).confidence == nil)
        #expect(heard.transcript(of: "c", at: start).confidence == 0.3)
    }
}
