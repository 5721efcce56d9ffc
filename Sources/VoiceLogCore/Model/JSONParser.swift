/// Reads JSON text into a `JSONValue`, keeping object key order.
public struct JSONParser {
    public struct SyntaxError: Error, CustomStringConvertible {
        public var offset: Int
        public var expected: String
        public var description: String { "invalid JSON at byte \(offset): expected \(expected)" }
    }

    private let bytes: [UInt8]
    private var position = 0

    public static func parse(_ text: String) throws -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == parser.bytes.count else { throw parser.error("end of input") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ expected: String) -> SyntaxError { SyntaxError(offset: position, expected: expected) }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func consume(_ literal: String) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard bytes.count - position >= literalBytes.count,
              Array(bytes[position..<position + literalBytes.count]) == literalBytes else { return false }
        position += literalBytes.count
        return true
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < 64 else { throw error("less nesting") }
        guard position < bytes.count else { throw error("a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if consume("}") { return .object(members) }
            repeat {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("a key") }
                let key = try string()
                skipSpace()
                guard consume(":") else { throw error("':'") }
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
            } while consume(",")
            guard consume("}") else { throw error("'}'") }
            return .object(members)
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONValue] = []
            skipSpace()
            if consume("]") { return .array(items) }
            repeat {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
            } while consume(",")
            guard consume("]") else { throw error("']'") }
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            if consume("true") { return .bool(true) }
        case UInt8(ascii: "f"):
            if consume("false") { return .bool(false) }
        case UInt8(ascii: "n"):
            if consume("null") { return .null }
        default:
            return .number(try number())
        }
        throw error("a value")
    }

    private mutating func number() throws -> Double {
        let start = position
        while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            position = start
            throw error("a number")
        }
        return value
    }

    private mutating func string() throws -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard position < bytes.count else { throw error("an escape") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), consume("\\u") {
                        let low = try hex4()
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: scalars.append(Unicode.Scalar(escape))
                }
            default:
                run.append(byte)
            }
        }
        throw error("a closing quote")
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - position >= 4,
              let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw error("four hex digits") }
        position += 4
        return code
    }
}
