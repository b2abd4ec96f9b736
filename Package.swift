// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "realm-tools",
    products: [
        .library(name: "RealmSchema", targets: ["RealmSchema"]),
        .library(name: "RealmCodegen", targets: ["RealmCodegen"]),
        .executable(name: "realm-schema", targets: ["realm-schema"]),
        .executable(name: "realm-export", targets: ["realm-export"]),
        .executable(name: "realm-import", targets: ["realm-import"]),
        .library(name: "RealmStore", targets: ["RealmStore"]),
        .plugin(name: "RealmSchemaPlugin", targets: ["RealmSchemaPlugin"]),
    ],
    targets: [
        // System libraries: module map + shim header only; each is imported by exactly one Swift module.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CBSON", pkgConfig: "libbson-1.0", providers: [.apt(["libbson-dev"])]),

        // The schema compiler front end: diagnostics, YAML reader (CYAML), schema model, loader, validator.
        .target(name: "RealmSchema", dependencies: ["CYAML"]),
        // Renderers: Swift model code and JSON Schema.
        .target(name: "RealmCodegen", dependencies: ["RealmSchema"]),
        // Command-line support: argument parsing, help, error → message + exit code.
        .target(name: "RealmCLI", dependencies: ["RealmSchema"]),
        .executableTarget(name: "realm-schema", dependencies: ["RealmSchema", "RealmCodegen", "RealmCLI", "RealmStore"]),
        // (store targets: RealmStore and RealmStoreTests go here)
        // Realm Query Language: lexer, parser, type checker (SQL compilation lives in RealmStore).
        .target(name: "RealmQuery", dependencies: ["RealmSchema"]),
        .target(name: "RealmStore", dependencies: ["RealmSchema", "RealmQuery", "CSQLite", "CBSON"]),
        .testTarget(name: "RealmStoreTests", dependencies: ["RealmStore", "RealmSchema", "TestSupport", "realm-store-tool"]),
        .executableTarget(name: "realm-store-tool", dependencies: ["RealmStore", "RealmSchema"]),
        .target(name: "RealmJSON", dependencies: ["RealmSchema", "RealmStore", "CJansson"]),
        .testTarget(name: "RealmJSONTests", dependencies: ["RealmJSON", "RealmSchema", "RealmStore", "TestSupport"]),
        .executableTarget(name: "realm-export", dependencies: ["RealmJSON", "RealmStore", "RealmSchema", "RealmCLI", "RealmQuery"]),
        .executableTarget(name: "realm-import", dependencies: ["RealmJSON", "RealmStore", "RealmSchema", "RealmCLI"]),

        // Helpers of the test targets: temporary files, schema builders, running the built tools and
        // commands, repository paths and fixtures (Tests/Fixtures), a seeded random source.
        .target(name: "TestSupport", dependencies: ["RealmSchema"], path: "Tests/TestSupport"),
        .testTarget(name: "RealmSchemaTests", dependencies: ["RealmSchema", "TestSupport"]),
        .testTarget(name: "RealmQueryTests", dependencies: ["RealmQuery", "RealmStore", "RealmSchema", "TestSupport"]),
        .testTarget(name: "RealmCodegenTests", dependencies: ["RealmSchema", "RealmCodegen", "TestSupport"],
                    exclude: ["Schemas", "Goldens", "validate_json_schema.py"]),
        .testTarget(name: "RealmCLITests", dependencies: ["RealmCLI", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["realm-schema", "realm-export", "realm-import", "RealmSchema", "RealmStore",
                                                  "TestSupport"]),
        // Build-tool plugin: Swift models from a target's *.yaml schema files at build time.
        .plugin(name: "RealmSchemaPlugin", capability: .buildTool(), dependencies: ["realm-schema"]),
        // The typed Realm API: the Swift goldens of realm-schema compiled against RealmStore, and API tests.
        .testTarget(name: "GeneratedModelTests", dependencies: ["RealmStore", "RealmSchema", "TestSupport"]),
        .testTarget(name: "RealmStoreAPITests", dependencies: ["RealmStore", "RealmSchema", "TestSupport"]),
        // make bench: typed vs dynamic API on the same data (bench/typed_bench.sh).
        .executableTarget(name: "realm-typed-bench", dependencies: ["RealmStore", "RealmSchema"]),
    ],
    swiftLanguageModes: [.v6]
)
