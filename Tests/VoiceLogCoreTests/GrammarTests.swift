import Testing
@testable import VoiceLogCore
import VoiceLogGrammars

@Suite struct GrammarTests {
    static let grammar = BundledGrammar.grammar
    static let now = LocalDateTime(iso: "2026-11-21T10:00:00")!

    @Test func everyKindOfTheContractIsDefined() {
        let kinds = Set(Self.grammar.kinds.map(\.name))
        #expect(kinds == ["glucose", "feeding", "food", "fluid", "temperature", "oxygen", "blood_pressure",
                          "medication", "symptom", "mood", "activity", "weight", "note", "appointment",
                          "heart_rate", "carbs", "hba1c", "pumping", "sleep", "nappy"])
    }

    @Test(arguments: BundledGrammar.grammar.kinds.flatMap { kind in kind.examples.map { (kind.name, $0) } })
    func everyKindsExamplesParse(kind: String, example: String) {
        let result = UtteranceParser(grammar: Self.grammar).parse(example, now: Self.now)
        #expect(result.status == .ok, "\(example): \(result.problems.map(\.message))")
        #expect(result.entries.map(\.kind) == [kind])
    }

    @Test func everyKindHasAnExample() {
        for kind in Self.grammar.kinds {
            #expect(!kind.examples.isEmpty, "kind \(kind.name) has no example")
        }
    }

    @Test(arguments: [
        ("kind x\n    fields a\n", "grammar:0: kind 'x' has no 'say' line"),
        ("kind x\n    fields a\n    say x {b:number}\n", "grammar:0: kind 'x' uses field 'b' that its 'fields' line does not declare"),
        ("kind x\n    fields a\n    say x {a:nolist}\n", "grammar:0: kind 'x' uses list 'nolist', which no file defines"),
        ("kind x\n    fields a\n    say x <missing>\n", "grammar:0: rule '<missing>' is not defined"),
        ("kind x\n    say (x\n", "bad.grammar:2: expected ')' in template"),
        ("kind x\n    frobnicate\n", "bad.grammar:2: unknown line 'frobnicate' in kind 'x'"),
        ("  indented\n", "bad.grammar:1: an indented line outside any block"),
        ("kind x\n    limit a 5..1\n", "bad.grammar:2: '5..1' is not a range like 1..33.3"),
        ("common\n    say x\n", "bad.grammar:2: only 'part' and 'typed part' lines belong under 'common'"),
        ("common\n    typed say x\n", "bad.grammar:2: write 'typed part TEMPLATE'"),
        ("kind x\n    reread say x\n", "bad.grammar:2: write 'reread part TEMPLATE'"),
        ("kind x\n    fields a\n    say x\n    reread part {b:number}\n", "grammar:0: kind 'x' uses field 'b' that its 'fields' line does not declare"),
        ("kind x\n    fields a\n    say x {a:unit(volume) ~1..5}\n", "bad.grammar:3: '~' shapes only the numbers of number, integer, decimal, quantity and duration, and the words of text, not 'unit'"),
        ("kind x\n    fields a\n    say x {a:side ~1..5}\n", "bad.grammar:3: '~' shapes only the numbers of number, integer, decimal, quantity and duration, and the words of text, not 'side'"),
        ("kind x\n    fields a\n    say x {a:text ~no_rule}\n", "grammar:0: kind 'x' says a text with rule '<no_rule>', which no file defines"),
        ("kind x\n    fields a\n    say x {a:said(no_rule)}\n", "grammar:0: kind 'x' says a text with rule '<no_rule>', which no file defines"),
        ("kind x\n    fields a\n    say x {a:said}\n", "bad.grammar:3: said needs a rule: said(symptom_place)"),
        ("kind x\n    fields a\n    say {_:line_start(x)} x\n", "bad.grammar:3: line_start takes no argument"),
        ("kind x\n    fields a\n    say x\n    join pressure = a\n", "bad.grammar:4: write 'join KIND.FIELD = FIELD'"),
        ("kind x\n    fields a\n    say x\n    join nothing.pulse = a\n", "grammar:0: kind 'x' joins 'nothing.pulse', which no kind declares"),
        ("rule session_words = x\n", "bad.grammar:1: rule 'session_words' is defined twice"),
    ])
    func mistakesInAGrammarFileAreReportedWithTheirPlace(text: String, message: String) {
        var files = BundledGrammar.files
        files.append(GrammarFile(name: "bad.grammar", text: text))
        #expect(throws: GrammarError.self) { try Grammar(files: files) }
        do {
            _ = try Grammar(files: files)
        } catch {
            #expect(error.description == message)
        }
    }
}
