// swift-tools-version:6.0
import PackageDescription

// Realm Swift code as Realm's documentation writes it: hand-written models (no property
// table), type-safe `where {}` queries, key-path sorts and aggregates. Only the import line
// differs from an app written for Realm Swift. Swift 5 language mode, as most such apps use.
let package = Package(
    name: "QueryExamples",
    dependencies: [
        .package(name: "realm-tools", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "QueryExamples", dependencies: [.product(name: "RealmStore", package: "realm-tools")]),
    ],
    swiftLanguageModes: [.v5]
)
