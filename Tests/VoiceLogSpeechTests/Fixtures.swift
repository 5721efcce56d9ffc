import Foundation
import Testing
import VoiceLogSpeech

/// The audio fixtures of `AudioFixtures/` and the test grammar that covers their sentences.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AudioFixtures")

    /// Real human recordings shipped by Debian's pocketsphinx-testdata.
    static let testData = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data")
    static let hasTestData = FileManager.default.fileExists(atPath: testData.appendingPathComponent("cards/cards.gram").path)

    struct Entry: Sendable, CustomTestStringConvertible {
        var file: String
        var kind: String
        var transcript: String
        var url: URL { Fixtures.folder.appendingPathComponent(file) }
        var testDescription: String { file }
    }

    /// The rows of `fixtures.tsv`.
    static let manifest: [Entry] = {
        let text = try! String(contentsOf: folder.appendingPathComponent("fixtures.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(file: fields[0], kind: fields[1], transcript: fields.count > 2 ? fields[2] : "")
        }
    }()

    static func entries(_ kind: String) -> [Entry] { manifest.filter { $0.kind == kind } }

    /// Pronunciations of the grammar's words that CMUdict lacks.
    static let pronunciations: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-test-extra.dict")
        try! "paracetamol P AE R AH S IY T AH M AA L\n".write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

    /// A small grammar for the fixture sentences, with per-kind number shapes (a glucose has
    /// one decimal, an SpO2 is 50-100) as the real grammar generator is meant to produce.
    static let grammar = """
        #JSGF V1.0;
        grammar voicelog;

        public <entry> = <glucose> | <pressure> | <formula> | <oxygen> | <symptom> | <medicine>;

        <digit> = one | two | three | four | five | six | seven | eight | nine;
        <teen> = ten | eleven | twelve | thirteen | fourteen | fifteen | sixteen | seventeen | eighteen | nineteen;
        <tens> = twenty | thirty | forty | fifty | sixty | seventy | eighty | ninety;
        <below100> = <digit> | <teen> | <tens> [<digit>];

        <glucose> = glucose [is] <mmol> [<meal>];
        <mmol> = (<digit> | <teen> | twenty | thirty) point (<digit> | zero);
        <meal> = (before | after) (breakfast | lunch | dinner);

        <pressure> = blood pressure <systolic> over <diastolic>;
        <systolic> = one (<teen> | <tens> [<digit>] | oh <digit>) | <tens> [<digit>] | one hundred [[and] <below100>];
        <diastolic> = <tens> [<digit>] | one hundred;

        <formula> = fed <amount> millilitres of (formula | breast milk);
        <amount> = <below100> | <digit> hundred [[and] <below100>];

        <oxygen> = oxygen [level | saturation] <spo2> percent;
        <spo2> = (fifty | sixty | seventy | eighty | ninety) [<digit>] | one hundred;

        <symptom> = [mild | moderate | severe] (headache | nausea | cramps | fatigue) [this (morning | afternoon | evening) | tonight];

        <medicine> = took <digit> (tablet | tablets | capsules) of (paracetamol | ibuprofen | aspirin);
        """

    static func recognizer(_ options: RecognizerOptions = RecognizerOptions()) throws -> SpeechRecognizer {
        try SpeechRecognizer(grammar: grammar, pronunciations: pronunciations, options: options)
    }
}
