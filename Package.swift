// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "VoiceLog",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "voicelog", targets: ["voicelog"]),
        .library(name: "VoiceLogCore", targets: ["VoiceLogCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Grammar model, text normalisation, matching, interpretation and feasibility: no I/O.
        .target(name: "VoiceLogCore"),

        // The files of Grammars/, compiled into the binary so it runs from any directory.
        .executableTarget(name: "GrammarEmbedder", path: "Sources/GrammarEmbedder"),
        .plugin(name: "EmbedGrammars", capability: .buildTool(), dependencies: ["GrammarEmbedder"]),
        .target(name: "VoiceLogGrammars", plugins: ["EmbedGrammars"]),

        // SQLite storage shared by every program that writes entries.
        .target(
            name: "VoiceLogStorage",
            dependencies: ["VoiceLogCore", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["SCHEMA.md"]
        ),

        // Debian's PocketSphinx, and the Swift speech adapter over it.
        .systemLibrary(
            name: "CPocketSphinx",
            pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "pocketsphinx-en-us"])]
        ),
        .target(name: "VoiceLogSpeech", dependencies: ["CPocketSphinx"]),

        // Debian's libedit: line editing and history at the review prompt.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),

        // Commands of the `voicelog` tool, kept in a library so tests can call them.
        .target(
            name: "VoiceLogCLI",
            dependencies: [
                "VoiceLogCore", "VoiceLogGrammars", "VoiceLogStorage", "VoiceLogSpeech", "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "voicelog", dependencies: ["VoiceLogCLI"]),

        // Release-build benchmarks: `swift run -c release voicelog-bench`.
        .executableTarget(
            name: "voicelog-bench",
            dependencies: [
                "VoiceLogCore", "VoiceLogGrammars", "VoiceLogStorage", "VoiceLogSpeech", "VoiceLogCLI",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Benchmarks"
        ),

        .testTarget(
            name: "VoiceLogCoreTests",
            dependencies: ["VoiceLogCore", "VoiceLogGrammars"],
            resources: [.copy("Corpus")]
        ),
        .testTarget(name: "VoiceLogStorageTests", dependencies: ["VoiceLogStorage", "VoiceLogCore", "VoiceLogGrammars"]),
        .testTarget(name: "VoiceLogSpeechTests", dependencies: ["VoiceLogSpeech", "VoiceLogCore", "VoiceLogGrammars"]),
        // The review tests drive the built `voicelog` binary at a pseudo-terminal.
        .testTarget(name: "VoiceLogCLITests", dependencies: ["VoiceLogCLI", "voicelog"], exclude: ["review_pty.py"]),
    ]
)
