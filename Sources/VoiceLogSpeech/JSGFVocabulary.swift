import Foundation

/// The words a JSGF grammar can produce and the names of its public rules, read with a
/// small lexer (comments, tags, weights and rule references are skipped).
///
/// It does not check the grammar: PocketSphinx does that when it loads it.
struct JSGFVocabulary: Equatable {
    /// Terminal words in order of first use, without duplicates.
    var words: [String] = []
    /// Names of the rules declared `public`, without angle brackets.
    var publicRules: [String] = []

    init(_ grammar: String) {
        var seen = Set<String>()
        var chars = Array(grammar.unicodeScalars)[...]
        var afterPublic = false
        var inHeader = true  // `#JSGF …;`, `grammar …;`, `import …;` until the first rule

        func addWord(_ word: String) {
            if !word.isEmpty, seen.insert(word).inserted { words.append(word) }
        }
        func take(until end: Unicode.Scalar) -> String {
            var text = ""
            while let c = chars.popFirst(), c != end { text.unicodeScalars.append(c) }
            return text
        }

        while let c = chars.first {
            switch c {
            case "/" where chars.dropFirst().first == "/":
                _ = take(until: "\n")
            case "/" where chars.dropFirst().first == "*":
                chars = chars.dropFirst(2)
                while !chars.isEmpty, !(chars.first == "*" && chars.dropFirst().first == "/") {
                    chars = chars.dropFirst()
                }
                chars = chars.dropFirst(2)
            case "/":  // a weight such as /0.5/
                chars = chars.dropFirst()
                _ = take(until: "/")
            case "{":
                chars = chars.dropFirst()
                _ = take(until: "}")
            case "<":
                chars = chars.dropFirst()
                let name = take(until: ">")
                if afterPublic { publicRules.append(name) }
                afterPublic = false
            case "\"":
                chars = chars.dropFirst()
                addWord(take(until: "\""))
            case "#":  // the `#JSGF V1.0;` header
                _ = take(until: ";")
            case "=", "|", "(", ")", "[", "]", "*", "+", ";":
                chars = chars.dropFirst()
                if c == "=" { inHeader = false }
            case _ where c.properties.isWhitespace:
                chars = chars.dropFirst()
            default:
                var token = ""
                while let d = chars.first, !d.properties.isWhitespace, !"=|()[]*+;<>{}/\"".unicodeScalars.contains(d) {
                    token.unicodeScalars.append(d)
                    chars = chars.dropFirst()
                }
                if token == "public" {
                    afterPublic = true
                } else if inHeader, token == "grammar" || token == "import" {
                    _ = take(until: ";")
                } else if !inHeader {
                    addWord(token)
                }
            }
        }
    }
}
