import Foundation
import Hummingbird
import VoiceLogStorage

/// Lets a request through only with `Authorization: Bearer TOKEN` naming a token made by
/// `voicelog token create`, and sets the caller's account on the context. Accounts are
/// looked up by the token's hash and remembered (tokens are not revoked while serving).
struct BearerTokenMiddleware: RouterMiddleware {
    let store: ServiceStore
    private let known = KnownTokens()

    func handle(_ request: Request, context: ServiceContext,
                next: (Request, ServiceContext) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else {
            throw APIProblem.unauthorized("This route needs 'Authorization: Bearer TOKEN'; make a token with 'voicelog token create NAME'.")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIProblem.unauthorized("The Authorization header must be 'Bearer TOKEN'.")
        }
        let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
        let hash = AppDatabase.tokenHash(token)
        let account: Int64
        if let remembered = known[hash] {
            account = remembered
        } else if let found = try await store.run({ try $0.account(forToken: token) }) {
            known[hash] = found
            account = found
        } else {
            throw APIProblem.unauthorized("That token is not known here; make one with 'voicelog token create NAME'.")
        }
        var context = context
        context.account = account
        return try await next(request, context)
    }
}

/// Accounts of tokens already checked, by the token's hash.
private final class KnownTokens: @unchecked Sendable {
    private var accounts: [String: Int64] = [:]
    private let lock = NSLock()

    subscript(hash: String) -> Int64? {
        get { lock.withLock { accounts[hash] } }
        set { lock.withLock { accounts[hash] = newValue } }
    }
}
