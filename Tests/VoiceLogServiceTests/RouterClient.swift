import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import VoiceLogService

/// Sends requests to the service's router in process, as its HTTP server would, and collects each
/// whole answer: the routes, their checks and their problems, without a socket (the service's
/// socket is tested from outside by `Tests/Service/run.sh`).
struct RouterClient: Sendable {
    /// One answer: its status, its headers and its whole body.
    struct Reply {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: ByteBuffer
    }

    let responder: RouterResponder<ServiceContext>
    let logger = Logger(label: "voicelog.tests")

    @discardableResult
    func execute<Value>(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
                        _ check: (Reply) async throws -> Value = { $0 }) async throws -> Value {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
                              body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = ServiceContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = Collected()
        try await response.body.write(BodyCollector(collected: collected))
        return try await check(Reply(status: response.status, headers: response.headers, body: collected.body))
    }

    /// Where a body's parts are gathered.
    private final class Collected: @unchecked Sendable {
        var body = ByteBuffer()
    }

    /// A response body writer that keeps what it is given.
    private struct BodyCollector: ResponseBodyWriter {
        let collected: Collected

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collected.body.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
