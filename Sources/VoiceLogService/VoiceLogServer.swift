import Hummingbird
import Logging
import ServiceLifecycle
import VoiceLogPipeline
import VoiceLogStorage

/// The service's parts, put together: the routes over one pipeline and one store, and the
/// HTTP application that serves them.
public struct VoiceLogServer: Sendable {
    public let pipeline: EntryPipeline
    public let store: ServiceStore
    public let metrics: ServiceMetrics
    public var limits = BodyLimits()
    /// Decodes WAV bodies; nil when the server was started without speech.
    public var speech: SpeechTranscriber?

    public init(pipeline: EntryPipeline, database: any EntryStore, metrics: ServiceMetrics = ServiceMetrics(),
                speech: SpeechTranscriber? = nil) {
        self.pipeline = pipeline
        self.store = ServiceStore(database)
        self.metrics = metrics
        self.speech = speech
    }

    /// Every route: `/healthz`, `/metrics` and `/openapi.yaml` open to all, `/v1` behind a token.
    public func router() -> Router<ServiceContext> {
        let router = Router(context: ServiceContext.self)
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: MethodNotAllowedMiddleware())
        let store = store
        let document = OpenAPIDocument.yaml(kinds: pipeline.grammar.kinds.map(\.name))
        let metrics = metrics
        router.get("healthz") { _, _ -> Response in
            do {
                try await store.run { try $0.ping() }
                return .json(.object([("status", .string("ok"))]))
            } catch let error as StorageError {
                throw APIProblem(.serviceUnavailable, error.description)
            }
        }
        router.get("metrics") { _, _ in
            Response.text(metrics.text(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("openapi.yaml") { _, _ in
            Response.text(document, contentType: "application/yaml")
        }
        let api = EntryAPI(pipeline: pipeline, store: store, metrics: metrics, limits: limits, speech: speech)
        api.addRoutes(to: router.group("v1").add(middleware: BearerTokenMiddleware(store: store)))
        return router
    }

    /// The HTTP application on `host:port` (port 0: any free port), which calls `onRunning`
    /// with the port it listens on. Run it with `runService()`: SIGTERM and SIGINT stop it
    /// gracefully, after the requests under way are answered.
    public func application(host: String, port: Int, services: [any Service] = [], logger: Logger,
                            onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "voicelog"),
            services: services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}
