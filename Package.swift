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
        .library(name: "RealmStore", targets: ["RealmStore"]),
        .plugin(name: "RealmSchemaPlugin", targets: ["RealmSchemaPlugin"]),
    ],
    targets: [
        // System libraries: module map + shim header only; each is imported by exactly one Swift module.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CBSON", pkgConfig: "libbson-1.0", providers: [.apt(["libbson-dev"])]),

        // Text formats every other module writes or reads: base64, quoted strings (JSON, YAML, Swift),
        // hex digits, ISO-8601 timestamps and civil-calendar day counts. No dependencies.
        .target(name: "RealmFormats"),
        // The schema compiler front end: diagnostics, YAML reader (CYAML), schema model, loader, validator.
        .target(name: "RealmSchema", dependencies: ["CYAML", "RealmFormats"]),
        // Renderers: Swift model code and JSON Schema.
        .target(name: "RealmCodegen", dependencies: ["RealmSchema", "RealmFormats"]),
        // Command-line support: argument parsing, help, error → message + exit code.
        .target(name: "RealmCLI", dependencies: ["RealmSchema", "RealmFormats"]),
        .executableTarget(name: "realm-schema", dependencies: ["RealmSchema", "RealmCodegen", "RealmCLI", "RealmStore"]),
        // (store targets: RealmStore and RealmStoreTests go here)
        // Realm Query Language: lexer, parser, type checker (SQL compilation lives in RealmStore).
        .target(name: "RealmQuery", dependencies: ["RealmSchema", "RealmFormats"]),
        .target(name: "RealmStore", dependencies: ["RealmSchema", "RealmQuery", "CSQLite", "CBSON"]),
        .testTarget(name: "RealmStoreTests", dependencies: ["RealmStore", "RealmSchema", "realm-store-tool"]),
        .executableTarget(name: "realm-store-tool", dependencies: ["RealmStore", "RealmSchema", "RealmFormats"]),
        .target(name: "RealmJSON", dependencies: ["RealmSchema", "RealmFormats", "RealmStore", "CJansson"]),
        .testTarget(name: "RealmJSONTests", dependencies: ["RealmJSON", "RealmSchema", "RealmStore"]),
        .executableTarget(name: "realm-export", dependencies: ["RealmJSON", "RealmStore", "RealmSchema", "RealmFormats", "RealmCLI", "RealmQuery"]),
        .executableTarget(name: "realm-import", dependencies: ["RealmJSON", "RealmStore", "RealmSchema", "RealmCLI"]),

        .testTarget(name: "RealmFormatsTests", dependencies: ["RealmFormats"]),
        .testTarget(name: "RealmSchemaTests", dependencies: ["RealmSchema", "RealmFormats"]),
        .testTarget(name: "RealmQueryTests", dependencies: ["RealmQuery", "RealmStore", "RealmSchema"]),
        .testTarget(name: "RealmCodegenTests", dependencies: ["RealmSchema", "RealmCodegen", "RealmFormats"],
                    exclude: ["Schemas", "Goldens", "validate_json_schema.py"]),
        .testTarget(name: "RealmCLITests", dependencies: ["RealmCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["realm-schema", "realm-export", "realm-import", "RealmSchema", "RealmStore"]),
        // Build-tool plugin: Swift models from a target's *.yaml schema files at build time.
        .plugin(name: "RealmSchemaPlugin", capability: .buildTool(), dependencies: ["realm-schema"]),
        // The typed Realm API: the Swift goldens of realm-schema compiled against RealmStore, and API tests.
        .testTarget(name: "GeneratedModelTests", dependencies: ["RealmStore", "RealmSchema"]),
        .testTarget(name: "RealmStoreAPITests", dependencies: ["RealmStore", "RealmSchema"]),
        // make bench: typed vs dynamic API on the same data (bench/typed_bench.sh).
        .executableTarget(name: "realm-typed-bench", dependencies: ["RealmStore", "RealmSchema"]),
    ],
    swiftLanguageModes: [.v6]
)
