import Foundation
import VoiceLogJSGF

/// The merged search graph of a JSGF grammar as text, to build once and keep between runs
/// (`RecognizerOptions.searchGraph`): merging the whole VoiceLog grammar's graph takes about
/// half a second in a release build, reading it back a few milliseconds.
public enum SearchGraphFile {
    /// The builder's version, for the names of kept files: a new builder makes new files.
    public static let version = "merged-2"

    /// The graph of `jsgf`'s rule `topRule` (its one public rule when nil), checked and merged.
    /// - Throws: `SpeechError.invalidGrammar` as `SpeechRecognizer` does.
    public static func text(jsgf: String, topRule: String? = nil) throws -> String {
        try GrammarGraph.checked(jsgf: jsgf, topRule: topRule).minimized().text
    }
}

extension GrammarGraph {
    /// The graph of `jsgf`'s rule `topRule` (or its first public rule), if every sentence can
    /// finish and silence is no sentence: PocketSphinx would search either without complaint.
    static func checked(jsgf: String, topRule: String?) throws -> GrammarGraph {
        let rules: JSGFRules
        do { rules = try JSGFRules(jsgf) } catch {
            throw SpeechError.invalidGrammar(reason: "\(error)", log: [])
        }
        // A rule named as PocketSphinx names it, `grammar.rule`, is looked up by its own name.
        let top = topRule.map { String($0.split(separator: ".").last ?? "") } ?? rules.publicRules.first ?? ""
        let graph = try GrammarGraph(rules: rules, top: top)
        if let words = graph.deadEnd() {
            let place = words.isEmpty ? "at its start" : "after \"\(words.joined(separator: " "))\""
            throw SpeechError.invalidGrammar(
                reason: "a sentence can never finish \(place) (a <VOID>, or a rule that never ends); "
                    + "remove <VOID> or give the rule an alternative that ends",
                log: [])
        }
        if graph.accepts([]) {
            throw SpeechError.invalidGrammar(
                reason: "it accepts silence as a sentence (every part optional, or <NULL> alone); "
                    + "make at least one word required",
                log: [])
        }
        return graph
    }

    /// The graph as text: a header line `graph STATES START FINAL`, then an arc a line,
    /// `FROM TO [WORD] [/WEIGHT/]` (no word: an empty transition; no weight: 1).
    var text: String {
        var lines = ["graph \(arcs.count) \(start) \(final)"]
        for (from, list) in arcs.enumerated() {
            for arc in list {
                lines.append(["\(from) \(arc.to)", arc.word, arc.weight == 1 ? nil : "/\(arc.weight)/"]
                    .compactMap { $0 }.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a graph written by `text`.
    init(contentsOf file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = SpeechError.invalidGrammar(reason: "\(file.path) is no search graph; remove it to build it again", log: [])
        var lines = text.split(separator: "\n")
        guard !lines.isEmpty else { throw broken }
        let header = lines.removeFirst().split(separator: " ")
        guard header.count == 4, header[0] == "graph", let count = Int(header[1]), let start = Int(header[2]),
              let final = Int(header[3]), (0..<count).contains(start), (0..<count).contains(final) else { throw broken }
        var arcs = Array(repeating: [Arc](), count: count)
        for line in lines {
            let fields = line.split(separator: " ")
            guard (2...4).contains(fields.count), let from = Int(fields[0]), let to = Int(fields[1]),
                  arcs.indices.contains(from), arcs.indices.contains(to) else { throw broken }
            var arc: Arc = (to, nil, 1)
            for field in fields.dropFirst(2) {
                if field.hasPrefix("/") {
                    guard let weight = Double(field.dropFirst().dropLast()), weight > 0 else { throw broken }
                    arc.weight = weight
                } else {
                    arc.word = String(field)
                }
            }
            arcs[from].append(arc)
        }
        self.init(arcs: arcs, start: start, final: final)
    }
}
