import Hummingbird

/// Answers 405, with `Allow`, a method a route does not take (`PUT /v1/entries`, `TRACE
/// /v1/parse`), where the router would answer 404 as though the route were not there.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each route's path, `*` for an id, and its methods.
    static var routes: [(path: [Substring], methods: [HTTPRequest.Method])] {
        [
            ("/healthz", [.get, .head]), ("/metrics", [.get, .head]), ("/openapi.yaml", [.get, .head]),
            ("/v1/parse", [.post]), ("/v1/utterances", [.post]), ("/v1/utterances/*", [.delete]),
            ("/v1/entries", [.get, .head]), ("/v1/entries/*", [.patch]), ("/v1/export", [.get, .head]),
        ].map { ($0.0.split(separator: "/"), $0.1) }
    }

    private let routes = Self.routes

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path.split(separator: "/")
        guard let route = routes.first(where: { route in
            route.path.count == path.count && zip(route.path, path).allSatisfy { $0 == "*" || $0 == $1 }
        }), !route.methods.contains(request.method) else {
            return try await next(request, context)
        }
        var problem = APIProblem(.methodNotAllowed, "\(request.uri.path) takes \(route.methods.map(\.rawValue).joined(separator: ", ")).")
        problem.headers[.allow] = route.methods.map(\.rawValue).joined(separator: ", ")
        throw problem
    }
}
