import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import VoiceLogPipeline
import VoiceLogService
import VoiceLogSpeech

/// `voicelog serve`: the HTTP API (and, with `--wyoming-port`, a Wyoming server for Home
/// Assistant) over the same pipeline and store as the commands. SIGTERM or SIGINT stops it
/// after the requests under way are answered.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (and a Wyoming server for Home Assistant) on this machine."
    )

    @OptionGroup var parsing: ParsingOptions

    @OptionGroup var storage: StorageOptions

    @Option(name: .long, help: "The address to listen on: loopback unless told otherwise.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The HTTP port (0: any free port, printed at start).")
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("Also serve the Wyoming protocol on this port (speech to entries, for Home Assistant).", valueName: "N"))
    var wyomingPort: Int?

    @Option(name: .long, help: ArgumentHelp("The account whose log Wyoming utterances go to.", valueName: "NAME"))
    var wyomingUser = "local"

    @Flag(name: .long, help: "Do not load the speech recogniser: WAV bodies get 415, and there is no Wyoming server.")
    var noSpeech = false

    @OptionGroup var searching: SpeechSearchOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("'--port \(port)' is not a TCP port (0 to 65535).") }
        if let wyomingPort {
            guard (0...65_535).contains(wyomingPort) else { throw ValidationError("'--wyoming-port \(wyomingPort)' is not a TCP port.") }
            if noSpeech { throw ValidationError("The Wyoming server needs speech: leave out --no-speech.") }
        }
    }

    func run() throws {
        let pipeline = EntryPipeline(grammar: try parsing.loadGrammar())
        let database = try storage.openStore(grammar: pipeline.grammar)
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        var logger = Logger(label: "voicelog")
        logger.logLevel = .notice
        var speech: SpeechTranscriber?
        if !noSpeech {
            let search = searching.search
            let options = searching.recognizerOptions
            let grammar = pipeline.grammar
            let freeWords = searching.freeWords
            speech = SpeechTranscriber {
                try SpeechGrammar(grammar: grammar, freeWords: freeWords).recognizer(options: options, search: search)
            }
            speech?.warmUp()
        }
        let server = VoiceLogServer(pipeline: pipeline, database: database,
                                    metrics: ServiceMetrics(registry: registry), speech: speech)
        var services: [any Service] = []
        if let wyomingPort, let speech {
            let account = try database.account(named: wyomingUser, at: Date())
            let (host, user) = (host, wyomingUser)
            services.append(WyomingServer(host: host, port: wyomingPort, pipeline: pipeline, speech: speech,
                                          database: database.scoped(to: account), metrics: server.metrics, logger: logger) { port in
                FileHandle.standardError.write(Data("voicelog: Wyoming on tcp://\(host):\(port) (account \(user))\n".utf8))
            })
        }
        let host = host
        let app = server.application(host: host, port: port, services: services, logger: logger) { port in
            FileHandle.standardError.write(Data("voicelog: serving http://\(host):\(port) (database \(database.location))\n".utf8))
        }
        try waitFor { try await app.runService() }
    }
}
