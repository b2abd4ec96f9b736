// swift-tools-version:6.0
import PackageDescription

// Models generated at build time by RealmSchemaPlugin from Sources/PluginExample/library.yaml.
let package = Package(
    name: "PluginExample",
    dependencies: [
        .package(name: "realm-tools", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "PluginExample",
            dependencies: [.product(name: "RealmStore", package: "realm-tools")],
            plugins: [.plugin(name: "RealmSchemaPlugin", package: "realm-tools")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
