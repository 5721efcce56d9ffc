import Foundation
import Testing
import VoiceLogCore
import VoiceLogGrammars

/// Runs the utterance corpus: every case must give its expected result, except the ones
/// listed in `Corpus/known_failures.txt`, which are reported so they can be fixed.
@Suite struct CorpusTests {
    static let parser = UtteranceParser(grammar: BundledGrammar.grammar)

    static func corpusURL(_ name: String) -> URL {
        Bundle.module.url(forResource: "Corpus", withExtension: nil)!.appendingPathComponent(name)
    }

    static func knownFailures(_ file: String = "known_failures.txt") throws -> Set<String> {
        let text = try String(contentsOf: corpusURL(file), encoding: .utf8)
        return Set(text.split(separator: "\n").compactMap { line in
            let id = line.prefix { $0 != " " && $0 != "#" }
            return id.isEmpty ? nil : String(id)
        })
    }

    @Test func corpusGivesExpectedEntries() throws {
        let cases = try CorpusCase.load(Self.corpusURL("utterances.jsonl"))
        let known = try Self.knownFailures()
        #expect(cases.count >= 300)
        var passed = 0
        var nowPassing: [String] = []
        for corpusCase in cases {
            let why = corpusCase.mismatch(Self.parser.parse(corpusCase.text, now: corpusCase.now))
            if why == nil { passed += 1 }
            if known.contains(corpusCase.id) {
                if why == nil { nowPassing.append(corpusCase.id) }
            } else if let why {
                Issue.record("\(corpusCase): \(why)")
            }
        }
        print("corpus: \(passed)/\(cases.count) cases pass (\(known.count) known failures listed)")
        if !nowPassing.isEmpty {
            print("corpus: now passing, remove from known_failures.txt: \(nowPassing.joined(separator: " "))")
        }
    }

    @Test func sharedExamplesAllPass() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/eval/examples.jsonl").standardized
        try #require(FileManager.default.fileExists(atPath: url.path), "shared/eval/examples.jsonl beside the checkout")
        for corpusCase in try CorpusCase.load(url) {
            let why = corpusCase.mismatch(Self.parser.parse(corpusCase.text, now: corpusCase.now))
            #expect(why == nil, "\(corpusCase): \(why ?? "")")
        }
    }
}
