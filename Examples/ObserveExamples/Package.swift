// swift-tools-version:6.0
import PackageDescription

// Change notifications as async sequences: `ResultsStream` does what an Rx wrapper's
// `asObservable()`/`asObservableArray()` do for Results; `WatchImport` watches a store and
// prints each change while `realm-import` loads into it from another process.
let package = Package(
    name: "ObserveExamples",
    dependencies: [
        .package(name: "realm-tools", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "ResultsStream", dependencies: [.product(name: "RealmStore", package: "realm-tools")]),
        .executableTarget(name: "WatchImport", dependencies: [.product(name: "RealmStore", package: "realm-tools")]),
    ],
    swiftLanguageModes: [.v6]
)
