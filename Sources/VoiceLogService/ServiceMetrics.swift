import Prometheus
import VoiceLogCore

/// What the service counts, in a Prometheus registry that `GET /metrics` writes out. The
/// HTTP figures (requests, durations) join it when `serve` makes it swift-metrics' backend.
public struct ServiceMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// One utterance read, by route (`parse`, `utterances`, `wyoming`) and result status.
    func countResult(_ status: ParseResult.Status, route: String) {
        registry.makeCounter(name: "voicelog_results_total", labels: [("route", route), ("status", status.rawValue)],
                             help: "Utterances read, by route and result status.").increment()
    }

    /// One utterance stored.
    func countStored() {
        registry.makeCounter(name: "voicelog_utterances_stored_total", help: "Utterances committed to the store.").increment()
    }

    /// One failure of the store (refused as infeasible, locked, full, unreachable).
    func countStoreFailure() {
        registry.makeCounter(name: "voicelog_store_failures_total", help: "Commits the store refused or failed.").increment()
    }

    /// The registry in Prometheus' text format.
    func text() -> String {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
