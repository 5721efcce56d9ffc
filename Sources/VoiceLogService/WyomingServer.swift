import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import VoiceLogPipeline
import VoiceLogStorage

/// The Wyoming protocol server (Home Assistant's voice satellites speak it): each connection
/// is a ``WyomingSession`` whose utterances go to one account's log. It stops accepting on
/// graceful shutdown.
public struct WyomingServer: Service {
    let host: String
    let port: Int
    let pipeline: EntryPipeline
    let speech: SpeechTranscriber
    let store: ServiceStore
    let metrics: ServiceMetrics
    let logger: Logger
    let heard = HeardTranscripts()
    let onRunning: @Sendable (Int) -> Void

    public init(host: String, port: Int, pipeline: EntryPipeline, speech: SpeechTranscriber, database: any EntryStore,
                metrics: ServiceMetrics, logger: Logger, onRunning: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.host = host
        self.port = port
        self.pipeline = pipeline
        self.speech = speech
        self.store = ServiceStore(database)
        self.metrics = metrics
        self.logger = logger
        self.onRunning = onRunning
    }

    public func run() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WyomingEventDecoder()))
                    return try NIOAsyncChannel<WyomingEvent, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        onRunning(server.channel.localAddress?.port ?? port)
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    try await server.executeThenClose { connections in
                        for try await connection in connections {
                            group.addTask { await serve(connection) }
                        }
                    }
                }
            }
        } catch is CancellationError {
            // shut down as asked
        }
    }

    private func serve(_ connection: NIOAsyncChannel<WyomingEvent, ByteBuffer>) async {
        var session = WyomingSession(pipeline: pipeline, speech: speech, store: store, metrics: metrics, heard: heard)
        do {
            try await connection.executeThenClose { inbound, outbound in
                for try await event in inbound {
                    for answer in await session.answer(event) {
                        var buffer = ByteBuffer()
                        answer.write(to: &buffer)
                        try await outbound.write(buffer)
                    }
                }
            }
        } catch {
            logger.notice("Wyoming connection closed: \(error)")
        }
        session.endLive()
    }
}
