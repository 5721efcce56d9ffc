import Foundation
import Testing
import VoiceLogCore
import VoiceLogGrammars
import VoiceLogPipeline
import VoiceLogSpeech
@testable import VoiceLogCLI

private typealias Accuracy = GeneratedGrammarAccuracyTests

/// Learning a voice from use (`dictate --review --learn`), measured as `GeneratedGrammarAccuracyTests`
/// measures the rest; a suite of its own, so that it runs beside that one.
@Suite struct LearningFromDictationTests {
    /// With no enrolment, the two held-out voices heard worst learn from use, as with
    /// `dictate --review --learn`, over two sessions: in each, the voice says the prompts of
    /// `voicelog adapt` as if dictating them (the second session 10 words a minute faster),
    /// decoded with the model as it then is; those whose entries come out right are taken as
    /// accepted at the prompt and kept with the words heard (right or not); the model is adapted
    /// to all kept so far, and the voice's held-out sentences are decoded with it.
    @Test(.enabled(if: Accuracy.canAdapt, "needs espeak-ng, sox and sphinxtrain (apt-get install espeak-ng sox sphinxtrain sphinxbase-utils pocketsphinx)"))
    func onVoicesItWasNotTunedOnLearningFromDictation() throws {
        let work = try Accuracy.temporaryFolder("learned")
        defer { try? FileManager.default.removeItem(at: work) }
        let voices = Accuracy.heldOutVoices.filter { ["en-gb+m4", "en-us+m7"].contains($0.0) }
        let clips = try Accuracy.heldOutClips(in: work).filter { clip in voices.contains { $0.0 == clip.voice } }
        var sessions = [Accuracy.Score](repeating: Accuracy.Score(errors: WordErrorRate(), rightEntries: 0), count: 2)
        for (voice, speed) in voices {
            var kept: [SpeakerAdaptation.Recording] = []
            var model = SpeechModel.debianEnglish
            for session in sessions.indices {
                let said = try Accuracy.spokenPrompts(voice: voice, speed: speed + 10 * session, name: "\(voice)-\(session)", in: work)
                let speech = try SpeechGrammar(grammar: BundledGrammar.grammar, model: model)
                kept += try Self.acceptedAsHeard(said, recognizer: speech.recognizer(options: Accuracy.withoutConfidence, search: .grammar))
                let folder = work.appendingPathComponent("\(voice)-learned-\(session)")
                try SpeakerAdaptation(pronunciations: speech.pronunciations).adapt(kept, writingTo: folder)
                model = .debianEnglish.adapted(with: folder)
                let score = try Accuracy.measure(clips.filter { $0.voice == voice }, label: "learning from \(session + 1) sessions", model: model)
                sessions[session].errors.add(score.errors)
                sessions[session].rightEntries += score.rightEntries
            }
        }
        for (index, score) in sessions.enumerated() {
            print("held-out voices learning from dictation, \(index + 1) sessions: WER \(String(format: "%.1f", score.wordErrorRate * 100)) %, right entries \(score.rightEntries)/\(clips.count)")
        }
        #expect(sessions[0].wordErrorRate < 0.12 && sessions[0].rightEntries >= 24)
        #expect(sessions[1].wordErrorRate < 0.03 && sessions[1].rightEntries >= 26)
    }

    /// The recordings whose entries `recognizer` gets right, each with the words it heard: what
    /// a user accepts at `dictate --review --learn`.
    static func acceptedAsHeard(_ recordings: [SpeakerAdaptation.Recording], recognizer: SpeechRecognizer) throws -> [SpeakerAdaptation.Recording] {
        let parser = UtteranceParser(grammar: BundledGrammar.grammar)
        let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12)
        var accepted: [SpeakerAdaptation.Recording] = []
        var wordForWord = 0
        for recording in recordings {
            let heard = try recognizer.recognize(recording.samples).text
            guard !heard.isEmpty, parser.parse(heard, now: now).entries == parser.parse(recording.sentence, now: now).entries else { continue }
            if heard == recording.sentence { wordForWord += 1 }
            accepted.append(.init(name: recording.name, samples: recording.samples, sentence: heard))
        }
        print("accepted as dictated: \(accepted.count) of \(recordings.count) (\(wordForWord) heard word for word)")
        return accepted
    }
}
