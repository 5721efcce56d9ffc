import Foundation
import VoiceLogCore

/// One utterance of a corpus file with the result it must give, judged the way
/// `shared/eval/score.py` judges it.
struct CorpusCase: CustomStringConvertible {
    var id: String
    var now: LocalDateTime
    var text: String
    var status: String
    var entries: [JSONValue]

    var description: String { "\(id) \"\(text)\"" }

    /// Reads a JSON-lines corpus file.
    static func load(_ url: URL) throws -> [CorpusCase] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { line in
            let json = try JSONParser.parse(String(line))
            guard let id = json["id"]?.stringValue, let now = json["now"]?.stringValue.flatMap(LocalDateTime.init(iso:)),
                  let text = json["text"]?.stringValue, let status = json["status"]?.stringValue,
                  case .array(let entries)? = json["entries"]
            else { throw CocoaError(.fileReadCorruptFile) }
            return CorpusCase(id: id, now: now, text: text, status: status, entries: entries)
        }
    }

    /// Nil if the result is what the case expects, otherwise why not.
    func mismatch(_ result: ParseResult) -> String? {
        if result.status.rawValue != status { return "status \(result.status.rawValue), expected \(status)" }
        var produced = result.entries.map(\.json)
        for want in entries {
            guard let index = produced.firstIndex(where: { Self.matches(want, $0) }) else {
                return "no entry matches \(want.serialized()); got \(produced.map { $0.serialized() })"
            }
            produced.remove(at: index)
        }
        if status == "ok", !produced.isEmpty { return "extra entries \(produced.map { $0.serialized() })" }
        return nil
    }

    static func matches(_ want: JSONValue, _ got: JSONValue, field: String = "") -> Bool {
        switch want {
        case .object(let members):
            return members.allSatisfy { member in got[member.key].map { matches(member.value, $0, field: member.key) } ?? false }
        case .number(let expected):
            guard case .number(let actual) = got else { return false }
            if field == "volume_ml" { return abs(expected - actual) <= 1 }
            return abs(expected - actual) <= max(1e-3, 0.005 * max(abs(expected), abs(actual)))
        case .string(let expected):
            guard case .string(let actual) = got else { return false }
            if field == "time" { return actual.prefix(16) == expected.prefix(16) }
            return words(actual) == words(expected)
        default:
            return want == got
        }
    }

    /// Lower-case words without punctuation or a leading article, as the scorer compares.
    static func words(_ text: String) -> [String] {
        let kept = text.lowercased().map { $0.isLetter || $0.isNumber || " /%".contains($0) ? $0 : " " }
        var words = String(kept).split(separator: " ").map(String.init)
        while let first = words.first, ["a", "an", "the", "some", "my"].contains(first) { words.removeFirst() }
        return words
    }
}
