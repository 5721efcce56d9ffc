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
        registry.makeCounter(descriptor: Self.counter("results", "Utterances read, by route and result status."),
                             labels: [("route", route), ("status", status.rawValue)]).increment()
    }

    /// One utterance stored.
    func countStored() {
        registry.makeCounter(descriptor: Self.counter("utterances_stored", "Utterances committed to the store.")).increment()
    }

    /// One failure of the store (refused as infeasible, locked, full, unreachable).
    func countStoreFailure() {
        registry.makeCounter(descriptor: Self.counter("store_failures", "Commits the store refused or failed.")).increment()
    }

    /// A counter named `voicelog_NAME_total`.
    private static func counter(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "voicelog", metricName: name, unitName: "total", helpText: help)
    }

    /// The registry in Prometheus' text format.
    func text() -> String {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
