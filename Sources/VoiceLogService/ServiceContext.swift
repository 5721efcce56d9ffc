import Hummingbird

/// The request context of the service: Hummingbird's, plus the account the bearer token
/// named, set by ``BearerTokenMiddleware``.
public struct ServiceContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The caller's account; nil until the token is checked.
    public var account: Int64?

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    /// The caller's account, or 401 if no token was checked.
    func requireAccount() throws -> Int64 {
        guard let account else { throw APIProblem.unauthorized("Send 'Authorization: Bearer TOKEN'; make a token with 'voicelog token create NAME'.") }
        return account
    }
}
