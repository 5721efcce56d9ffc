import Foundation
import Hummingbird
import VoiceLogCore

/// An error answered as an RFC 9457 problem (`application/problem+json`): the status, a
/// title, and a detail that says what to fix.
public struct APIProblem: Error, HTTPResponseError {
    public let status: HTTPResponse.Status
    public let detail: String
    /// Members added to the problem (the parse result of a refused utterance, say).
    var extra: [(key: String, value: JSONValue)] = []
    public var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ detail: String, extra: [(key: String, value: JSONValue)] = []) {
        self.status = status
        self.detail = detail
        self.extra = extra
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = JSONValue.object([
            ("type", .string("about:blank")), ("title", .string(status.reasonPhrase)),
            ("status", .number(Double(status.code))), ("detail", .string(detail)),
        ] + extra)
        var response = Response.json(body, status: status, contentType: "application/problem+json")
        response.headers.append(contentsOf: headers)
        return response
    }

    static func unauthorized(_ detail: String) -> APIProblem {
        var problem = APIProblem(.unauthorized, detail)
        problem.headers[.wwwAuthenticate] = "Bearer realm=\"voicelog\""
        return problem
    }
}

extension Response {
    /// A JSON body written by the entry contract's serializer.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok,
                     contentType: String = "application/json") -> Response {
        text(value.serialized() + "\n", status: status, contentType: contentType)
    }

    static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String) -> Response {
        Response(status: status, headers: [.contentType: contentType],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
