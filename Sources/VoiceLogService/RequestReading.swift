import Hummingbird
import NIOCore
import VoiceLogCore
import VoiceLogPipeline

/// The limits on request bodies.
public struct BodyLimits: Sendable {
    /// A JSON body (`{"text": ...}`): 4 KB.
    public var json = 4 * 1024
    /// A WAV body: 10 MB.
    public var audio = 10 * 1024 * 1024

    public init() {}
}

/// A JSON object from a request body, with the members it may have checked by name and type:
/// a body too large is 413; bytes that are not UTF-8, JSON that does not parse, something
/// other than an object, an unknown member or a member of the wrong type is 400.
struct JSONBody {
    private let members: [(key: String, value: JSONValue)]

    init(_ request: Request, limit: Int, allowed: Set<String>) async throws {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIProblem(.contentTooLarge, "The body is larger than \(limit) bytes.")
        }
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw APIProblem(.badRequest, "The body is not valid UTF-8.")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw APIProblem(.badRequest, "The body is not JSON: \(error).")
        }
        guard case .object(let members) = value else {
            throw APIProblem(.badRequest, "The body must be a JSON object, such as {\"text\": \"glucose 6.2\"}.")
        }
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw APIProblem(.badRequest, "Unknown member '\(unknown.key)': the body may have \(allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")).")
        }
        self.members = members
    }

    /// A string member that must be there.
    func string(_ name: String) throws -> String {
        guard let value = try optionalString(name) else {
            throw APIProblem(.badRequest, "The body needs '\(name)', a string.")
        }
        return value
    }

    /// A string member that may be left out.
    func optionalString(_ name: String) throws -> String? {
        switch members.last(where: { $0.key == name })?.value {
        case nil: return nil
        case .string(let text)?: return text
        default: throw APIProblem(.badRequest, "'\(name)' must be a string.")
        }
    }

    /// `now`: the local ISO 8601 time the words are read against, else the server's clock.
    func referenceTime() throws -> LocalDateTime {
        try localTime(try optionalString("now"), "now") ?? SystemClock.now()
    }
}

/// A local time as the API takes it, exactly `YYYY-MM-DDTHH:MM:SS` and a real date and time
/// (the pattern of the OpenAPI document, plus the calendar); nil when `text` is nil.
func localTime(_ text: String?, _ name: String) throws -> LocalDateTime? {
    guard let text else { return nil }
    let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
    let bytes = Array(text.utf8)
    let shaped = bytes.count == shape.count && zip(bytes, shape).allSatisfy { byte, expected in
        expected == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
    }
    guard shaped, let time = LocalDateTime(iso: text) else {
        throw APIProblem(.badRequest, "'\(name)' must be a local ISO 8601 time such as 2026-11-21T10:00:00, not '\(text)'.")
    }
    return time
}
