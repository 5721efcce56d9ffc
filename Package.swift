// swift-tools-version: 6.1
import PackageDescription

/// Debug builds, which the tests run, optimise the modules with the hot loops too (the tests parse
/// some hundred thousand sentences and build speech grammars and their graphs from Grammars/),
/// keeping their exclusivity checks.
let optimisedInDebug = SwiftSetting.unsafeFlags(["-O"], .when(configuration: .debug))

let package = Package(
    name: "VoiceLog",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "voicelog", targets: ["voicelog"]),
        .library(name: "VoiceLogCore", targets: ["VoiceLogCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Without its default traits: no swift-configuration, which VoiceLog does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Grammar model, text normalisation, matching, interpretation and feasibility: no I/O.
        .target(name: "VoiceLogCore", dependencies: ["VoiceLogJSGF"], swiftSettings: [
            // the matcher's caches are class properties read at every step: release builds skip
            // the dynamic exclusivity checks on them (8 % of a parse); debug builds and tests keep them
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
            optimisedInDebug,
        ]),

        // JSGF grammars read back as expressions: for the n-gram model and the speech search.
        .target(name: "VoiceLogJSGF", swiftSettings: [optimisedInDebug]),

        // The files of Grammars/, compiled into the binary so it runs from any directory.
        .executableTarget(name: "GrammarEmbedder", path: "Sources/GrammarEmbedder"),
        .plugin(name: "EmbedGrammars", capability: .buildTool(), dependencies: ["GrammarEmbedder"]),
        .target(name: "VoiceLogGrammars", plugins: ["EmbedGrammars"]),

        // SQLite storage shared by every program that writes entries.
        .target(
            name: "VoiceLogStorage",
            dependencies: [
                "VoiceLogCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["SCHEMA.md"]
        ),

        // Debian's PocketSphinx, and the Swift speech adapter over it.
        .systemLibrary(
            name: "CPocketSphinx",
            pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "pocketsphinx-en-us"])]
        ),
        .target(
            name: "VoiceLogSpeech", dependencies: ["CPocketSphinx", "CWebRTCAudio", "VoiceLogJSGF"],
            swiftSettings: [optimisedInDebug]
        ),

        // Debian's WebRTC audio processing: its noise suppressor, in front of the decoder.
        .systemLibrary(
            name: "CWebRTCSystem",
            pkgConfig: "webrtc-audio-processing",
            providers: [.apt(["libwebrtc-audio-processing-dev"])]
        ),
        .target(
            name: "CWebRTCAudio",
            dependencies: ["CWebRTCSystem"],
            // what pkg-config gives as -D, which SwiftPM does not pass on
            cxxSettings: [.define("WEBRTC_POSIX"), .define("WEBRTC_AUDIO_PROCESSING_ONLY_BUILD")]
        ),

        // Debian's libedit: line editing and history at the review prompt.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),

        // The PostgreSQL store, for a service on several machines (postgres-nio).
        .target(
            name: "VoiceLogPostgres",
            dependencies: [
                "VoiceLogCore", "VoiceLogStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),

        // The path every front end shares: speech, parse, check, and store what is `ok`.
        .target(
            name: "VoiceLogPipeline",
            dependencies: ["VoiceLogCore", "VoiceLogGrammars", "VoiceLogStorage", "VoiceLogSpeech"]
        ),

        // `voicelog serve`: the HTTP API and the Wyoming server, over the pipeline.
        .target(
            name: "VoiceLogService",
            dependencies: [
                "VoiceLogPipeline",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),

        // Commands of the `voicelog` tool, kept in a library so tests can call them.
        .target(
            name: "VoiceLogCLI",
            dependencies: [
                "VoiceLogCore", "VoiceLogGrammars", "VoiceLogStorage", "VoiceLogSpeech", "VoiceLogPipeline",
                "VoiceLogService", "VoiceLogPostgres", "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(name: "voicelog", dependencies: ["VoiceLogCLI"]),

        // Release-build benchmarks: `swift run -c release voicelog-bench`.
        .executableTarget(
            name: "voicelog-bench",
            dependencies: [
                "VoiceLogCore", "VoiceLogGrammars", "VoiceLogStorage", "VoiceLogSpeech", "VoiceLogPipeline", "VoiceLogCLI",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Benchmarks",
            exclude: ["service", "hassil"]
        ),

        .testTarget(
            name: "VoiceLogCoreTests",
            dependencies: ["VoiceLogCore", "VoiceLogGrammars", "VoiceLogJSGF"],
            resources: [.copy("Corpus")]
        ),
        .testTarget(name: "VoiceLogStorageTests", dependencies: ["VoiceLogStorage", "VoiceLogCore", "VoiceLogGrammars"]),
        .testTarget(
            name: "VoiceLogServiceTests",
            dependencies: [
                "VoiceLogService", "VoiceLogPipeline",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "VoiceLogPostgresTests",
            dependencies: [
                "VoiceLogPostgres", "VoiceLogStorage", "VoiceLogCore", "VoiceLogGrammars",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(name: "VoiceLogSpeechTests", dependencies: ["VoiceLogSpeech", "VoiceLogCore", "VoiceLogGrammars", "VoiceLogJSGF", "CPocketSphinx"]),
        // The review tests drive the built `voicelog` binary at a pseudo-terminal.
        .testTarget(name: "VoiceLogCLITests", dependencies: ["VoiceLogCLI", "VoiceLogPipeline", "voicelog"], exclude: ["review_pty.py"]),
    ]
)
