/// The rules of a JSGF grammar as expressions: what `JSGFCompiler` writes (sequences,
/// alternatives with optional `/weight/`s, `[optional]` parts, `+` and `*` repeats, rule
/// references, `<NULL>` and `<VOID>`), read back for sampling sentences.
public struct JSGFRules: Sendable {
    public indirect enum Expression: Sendable {
        case word(String)
        case rule(String)
        case sequence([Expression])
        /// Choices, each with its JSGF weight (1 when none was given).
        case alternatives([(weight: Double, expression: Expression)])
        case optional(Expression)
        /// `+` (at least once) or `*` (any number of times).
        case repeated(Expression, atLeastOnce: Bool)
        /// `<NULL>`: nothing. `<VOID>` is read as alternatives with no choice.
        case empty
    }

    /// Each rule's expansion, by name (without `<>`).
    public let rules: [String: Expression]
    /// The public rules, in the order the grammar declares them.
    public let publicRules: [String]

    /// A grammar that `text` does not follow: the rule and what was found.
    public struct SyntaxError: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Reads JSGF text; the header lines (`#JSGF`, `grammar NAME;`) are skipped.
    public init(_ text: String) throws {
        var rules: [String: Expression] = [:]
        var publicRules: [String] = []
        for statement in Self.statements(of: text) {
            guard let equals = statement.firstIndex(of: "=") else { continue }
            var head = statement[..<equals].split(separator: " ").map(String.init)
            let isPublic = head.first == "public"
            if isPublic { head.removeFirst() }
            guard head.count == 1, head[0].hasPrefix("<"), head[0].hasSuffix(">") else {
                throw SyntaxError(description: "a rule must be named `<name> = ...`: \(statement.prefix(60))")
            }
            let name = String(head[0].dropFirst().dropLast())
            var reader = Reader(tokens: Self.tokens(of: statement[statement.index(after: equals)...]))
            rules[name] = try reader.readAll(rule: name)
            if isPublic { publicRules.append(name) }
        }
        self.rules = rules
        self.publicRules = publicRules
    }

    /// The statements of the grammar (text up to each `;`), comments dropped.
    private static func statements(of text: String) -> [Substring] {
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("//") }
        return lines.joined(separator: " ").split(separator: ";")
            .map { $0.drop(while: { $0 == " " }) }
            .filter { !$0.isEmpty && !$0.hasPrefix("grammar ") }
    }

    /// Words, `<rule>` names, weights and the one-character operators.
    private static func tokens(of text: Substring) -> [String] {
        var tokens: [String] = []
        var current = ""
        var index = text.startIndex
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case " ", "\t":
                flush()
            case "|", "(", ")", "[", "]", "+", "*":
                flush()
                tokens.append(String(character))
            case "/", "<":
                flush()
                let close: Character = character == "/" ? "/" : ">"
                guard let end = text[text.index(after: index)...].firstIndex(of: close) else {
                    current.append(character)
                    break
                }
                tokens.append(String(text[index...end]))
                index = end
            default:
                current.append(character)
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        flush()
        return tokens
    }

    /// A recursive-descent reader of one rule's expansion.
    private struct Reader {
        let tokens: [String]
        var position = 0

        init(tokens: [String]) { self.tokens = tokens }

        mutating func readAll(rule: String) throws -> Expression {
            let expression = try alternatives()
            guard position == tokens.count else {
                throw SyntaxError(description: "<\(rule)>: unexpected `\(tokens[position])`")
            }
            return expression
        }

        private var next: String? { position < tokens.count ? tokens[position] : nil }

        private mutating func alternatives() throws -> Expression {
            var choices: [(weight: Double, expression: Expression)] = []
            repeat {
                if next == "|" { position += 1 }
                var weight = 1.0
                if let token = next, token.hasPrefix("/"), let value = Double(token.dropFirst().dropLast()) {
                    weight = value
                    position += 1
                }
                choices.append((weight, try sequence()))
            } while next == "|"
            return choices.count == 1 && choices[0].weight == 1 ? choices[0].expression : .alternatives(choices)
        }

        private mutating func sequence() throws -> Expression {
            var items: [Expression] = []
            while let token = next, token != "|", token != ")", token != "]" {
                var item = try atom()
                while let suffix = next, suffix == "+" || suffix == "*" {
                    position += 1
                    item = .repeated(item, atLeastOnce: suffix == "+")
                }
                items.append(item)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func atom() throws -> Expression {
            let token = tokens[position]
            position += 1
            switch token {
            case "(":
                let inner = try alternatives()
                try expect(")")
                return inner
            case "[":
                let inner = try alternatives()
                try expect("]")
                return .optional(inner)
            case "<NULL>": return .empty
            case "<VOID>": return .alternatives([])
            default:
                if token.hasPrefix("<") { return .rule(String(token.dropFirst().dropLast())) }
                return .word(token)
            }
        }

        private mutating func expect(_ token: String) throws {
            guard next == token else { throw SyntaxError(description: "expected `\(token)`, found `\(next ?? "the end")`") }
            position += 1
        }
    }
}

extension JSGFRules {
    /// Every word the grammar has, in no particular order.
    public var words: Set<String> {
        var words: Set<String> = []
        func collect(_ expression: Expression) {
            switch expression {
            case .word(let word): words.insert(word)
            case .rule, .empty: break
            case .sequence(let items): items.forEach(collect)
            case .alternatives(let choices): choices.forEach { collect($0.expression) }
            case .optional(let inner), .repeated(let inner, _): collect(inner)
            }
        }
        rules.values.forEach(collect)
        return words
    }
}
