// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "realm-tools",
    products: [
        .library(name: "RealmSchema", targets: ["RealmSchema"]),
        .library(name: "RealmCodegen", targets: ["RealmCodegen"]),
        .executable(name: "realm-schema", targets: ["realm-schema"]),
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
        .executableTarget(name: "realm-schema", dependencies: ["RealmSchema", "RealmCodegen", "RealmCLI"]),

        .testTarget(name: "RealmSchemaTests", dependencies: ["RealmSchema"]),
        .testTarget(name: "RealmCodegenTests", dependencies: ["RealmSchema", "RealmCodegen"],
                    exclude: ["Schemas", "Goldens", "validate_json_schema.py"]),
        .testTarget(name: "RealmCLITests", dependencies: ["RealmCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["realm-schema"]),
    ],
    swiftLanguageModes: [.v6]
)
