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
        .target(name: "RealmStore", dependencies: ["RealmSchema", "CSQLite", "CBSON"]),
        .testTarget(name: "RealmStoreTests", dependencies: ["RealmStore", "RealmSchema", "realm-store-tool"]),
        .executableTarget(name: "realm-store-tool", dependencies: ["RealmStore", "RealmSchema"]),
        .target(name: "RealmJSON", dependencies: ["RealmSchema", "RealmStore", "CJansson"]),
        .testTarget(name: "RealmJSONTests", dependencies: ["RealmJSON", "RealmSchema", "RealmStore"]),
        .executableTarget(name: "realm-export", dependencies: ["RealmJSON", "RealmStore", "RealmSchema", "RealmCLI"]),
        .executableTarget(name: "realm-import", dependencies: ["RealmJSON", "RealmStore", "RealmSchema", "RealmCLI"]),

        .testTarget(name: "RealmSchemaTests", dependencies: ["RealmSchema"]),
        .testTarget(name: "RealmCodegenTests", dependencies: ["RealmSchema", "RealmCodegen"],
                    exclude: ["Schemas", "Goldens", "validate_json_schema.py"]),
        .testTarget(name: "RealmCLITests", dependencies: ["RealmCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["realm-schema", "realm-export", "realm-import", "RealmSchema", "RealmStore"]),
    ],
    swiftLanguageModes: [.v6]
)
