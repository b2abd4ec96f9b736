// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "realm-tools",
    products: [
        .library(name: "RealmFormats", targets: ["RealmFormats"]),
        .library(name: "RealmSchema", targets: ["RealmSchema"]),
        .library(name: "RealmCodegen", targets: ["RealmCodegen"]),
        .executable(name: "realm-schema", targets: ["realm-schema"]),
        .executable(name: "realm-export", targets: ["realm-export"]),
        .executable(name: "realm-import", targets: ["realm-import"]),
        .library(name: "RealmEngine", targets: ["RealmEngine"]),
        .library(name: "RealmStore", targets: ["RealmStore"]),
        .plugin(name: "RealmSchemaPlugin", targets: ["RealmSchemaPlugin"]),
    ],
    targets: [
        // System libraries: module map + shim header only; each is imported by exactly one Swift module.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CBSON", pkgConfig: "libbson-1.0", providers: [.apt(["libbson-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLZMA", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),

        // Text formats every other module writes or reads: base64, quoted strings (JSON, YAML, Swift),
        // hex digits, ISO-8601 timestamps and civil-calendar day counts. No dependencies.
        .target(name: "RealmFormats"),
        // The schema compiler front end: diagnostics, YAML reader (CYAML), schema model, loader, validator.
        .target(name: "RealmSchema", dependencies: ["CYAML", "RealmFormats"]),
        // Renderers: Swift model code and JSON Schema.
        .target(name: "RealmCodegen", dependencies: ["RealmSchema", "RealmFormats"]),
        // Command-line support: argument parsing, help, error → message + exit code.
        .target(name: "RealmCLI", dependencies: ["RealmSchema", "RealmFormats"]),
        .executableTarget(name: "realm-schema", dependencies: ["RealmSchema", "RealmCodegen", "RealmCLI", "RealmEngine",
                                                              "RealmInterchange"]),
        // Realm Query Language: lexer, parser, type checker (SQL compilation lives in RealmEngine).
        .target(name: "RealmQuery", dependencies: ["RealmSchema", "RealmFormats"]),
        // The engine: SQLite wrapper, value types, the dynamic `Store`, migrations, the query compiler.
        // It knows nothing of the Realm Swift API; what that API needs from it is `package`.
        .target(name: "RealmEngine", dependencies: ["RealmSchema", "RealmQuery", "RealmFormats", "CSQLite", "CBSON"]),
        // The Realm Swift API on top of the engine: Realm, Object, @Persisted, collections, Results.
        .target(name: "RealmStore", dependencies: ["RealmEngine", "RealmSchema"]),
        // The engine's tests: the dynamic Store, SQLite layer, migrations, query compilation.
        .testTarget(name: "RealmEngineTests", dependencies: ["RealmEngine", "RealmSchema", "realm-store-tool", "TestSupport"]),
        .executableTarget(name: "realm-store-tool", dependencies: ["RealmEngine", "RealmSchema", "RealmFormats"]),
        // Interchange: documents in and out of a store. Import/ and Export/ drive any format through
        // Documents/ (the in-memory document, DocumentReader, DocumentWriter, the format enums);
        // Formats/JSON, BSON, CSV hold one reader and one writer each; Compression/ gzip, xz, zstd.
        // Formats/Realm reads Realm's own .realm files through RealmFile. Filter/ translates MongoDB's query
        // document (realm-export --query '{…}') to RealmQuery's syntax tree. Depends on the engine, not on the Swift API.
        .target(name: "RealmInterchange", dependencies: ["RealmSchema", "RealmFormats", "RealmQuery", "RealmEngine", "RealmFile",
                                                         "CJansson", "CZlib", "CLZMA", "CZstd"]),
        .testTarget(name: "RealmInterchangeTests", dependencies: ["RealmInterchange", "RealmSchema", "RealmQuery", "RealmEngine", "RealmFile", "RealmCodegen",
                                                                  "TestSupport"],
                    exclude: ["Goldens"]),
        .executableTarget(name: "realm-export", dependencies: ["RealmInterchange", "RealmEngine", "RealmSchema", "RealmFormats", "RealmCLI", "RealmQuery"]),
        .executableTarget(name: "realm-import", dependencies: ["RealmInterchange", "RealmEngine", "RealmSchema", "RealmFormats", "RealmCLI"]),

        // Helpers of the test targets: temporary files, schema builders, running the built tools and
        // commands, repository paths and fixtures (Tests/Fixtures), a seeded random source.
        .target(name: "TestSupport", dependencies: ["RealmSchema"], path: "Tests/TestSupport"),
        .testTarget(name: "RealmFormatsTests", dependencies: ["RealmFormats"]),
        .testTarget(name: "RealmSchemaTests", dependencies: ["RealmSchema", "RealmFormats", "TestSupport"]),
        .testTarget(name: "RealmQueryTests", dependencies: ["RealmQuery", "RealmEngine", "RealmStore", "RealmSchema", "TestSupport"]),
        .testTarget(name: "RealmCodegenTests", dependencies: ["RealmSchema", "RealmCodegen", "RealmFormats", "TestSupport"],
                    exclude: ["Schemas", "Goldens", "validate_json_schema.py"]),
        .testTarget(name: "RealmCLITests", dependencies: ["RealmCLI", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["realm-schema", "realm-export", "realm-import", "realm-results-bench", "realm-soak", "RealmSchema", "RealmEngine", "TestSupport"]),
        // Build-tool plugin: Swift models from a target's *.yaml schema files at build time.
        .plugin(name: "RealmSchemaPlugin", capability: .buildTool(), dependencies: ["realm-schema"]),
        // The typed Realm API: the Swift goldens of realm-schema compiled against RealmStore (GeneratedModelTests),
        // and the Realm Swift API's tests (RealmStoreTests).
        .testTarget(name: "GeneratedModelTests", dependencies: ["RealmStore", "RealmEngine", "RealmSchema", "TestSupport"]),
        .testTarget(name: "RealmStoreTests", dependencies: ["RealmStore", "RealmEngine", "RealmSchema", "TestSupport"]),
        // The read-only decoder of Realm's own `.realm` files (realm-core file format 22–24): header, nodes,
        // the group's tables, cluster trees, every value type; no dependencies (docs/realm-file.md).
        .target(name: "RealmFile"),
        .testTarget(name: "RealmFileTests", dependencies: ["RealmFile", "TestSupport"]),
        // make fuzz: the fuzz targets' bodies (scripts/fuzz.sh links them with libFuzzer; docs/fuzzing.md).
        .target(name: "RealmFuzz", dependencies: ["RealmSchema", "RealmCodegen", "RealmQuery", "RealmEngine", "RealmInterchange", "RealmFile"]),
        .testTarget(name: "FuzzReplayTests", dependencies: ["RealmFuzz", "TestSupport"]),
        // make bench: typed vs dynamic API on the same data (bench/typed_bench.sh).
        .executableTarget(name: "realm-typed-bench", dependencies: ["RealmStore", "RealmEngine", "RealmSchema"]),
        // make bench: Results questions through the typed API, the dynamic Store and SQL (bench/results_bench.sh).
        .executableTarget(name: "realm-results-bench", dependencies: ["RealmStore", "RealmEngine"]),
        // make bench: the soak, several processes on one store for minutes (bench/soak_bench.sh).
        .executableTarget(name: "realm-soak", dependencies: ["RealmStore", "RealmEngine", "RealmFormats"]),
    ],
    swiftLanguageModes: [.v6]
)
