// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "EntityIndex",
    products: [
        .library(name: "EntityIndex", targets: ["EntityIndex"]),
        .executable(name: "entity-index", targets: ["entity-index"]),
        .executable(name: "entity-index-bench", targets: ["entity-index-bench"]),
    ],
    targets: [
        // Xapian and ICU behind a plain C ABI (C++ inside, no exception escapes).
        .target(
            name: "CXapianShim",
            linkerSettings: [
                .linkedLibrary("xapian"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icui18n"),
                .linkedLibrary("stdc++"),
            ]
        ),
        .target(
            name: "EntityIndex",
            dependencies: ["CXapianShim"],
            // The semantic lexicon (Scripts/build_lexicon.py builds it) and its manifest.
            resources: [.copy("Resources")]
        ),
        .executableTarget(name: "entity-index", dependencies: ["EntityIndex"]),
        // SQLite FTS5, the engine the benchmark compares against.
        .systemLibrary(name: "CSQLite", path: "Benchmarks/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // xapian-tcpsrv processes serving remote shards on 127.0.0.1, for the tests and the benchmark.
        .target(name: "ShardServers"),
        .executableTarget(
            name: "entity-index-bench",
            dependencies: ["EntityIndex", "CXapianShim", "CSQLite", "ShardServers"],
            path: "Benchmarks/entity-index-bench"
        ),
        .testTarget(name: "EntityIndexTests", dependencies: ["EntityIndex", "CXapianShim", "ShardServers"]),
        .testTarget(name: "CLITests", dependencies: ["entity-index", "entity-index-bench", "ShardServers"]),
    ],
    cxxLanguageStandard: .cxx17
)
