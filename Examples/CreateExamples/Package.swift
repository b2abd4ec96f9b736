// swift-tools-version:6.0
import PackageDescription

// The Realm Swift SDK guide's "CRUD - Create" examples with `import RealmSwift` changed to
// `import RealmStore`.
let package = Package(
    name: "CreateExamples",
    dependencies: [
        .package(name: "realm-tools", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "CreateExamples", dependencies: [.product(name: "RealmStore", package: "realm-tools")]),
    ],
    swiftLanguageModes: [.v6]
)
