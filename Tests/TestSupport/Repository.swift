import Foundation

/// Paths inside the repository, found from this file's location, so that tests read nothing
/// outside the checkout they were built from.
public enum Repository {
    /// The repository root (this file is `Tests/TestSupport/Repository.swift`).
    public static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The URL of `relativePath` under the repository root.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The path of `relativePath` under the repository root.
    public static func path(_ relativePath: String) -> String {
        url(relativePath).path
    }

    /// The example schemas (`schemas/`) that `make demo` uses.
    public static let exampleSchemas = path("schemas")
    /// The example data of `make demo`: two people and their dogs.
    public static let peopleFixture = path("fixtures/people.json")
    /// The YAML schemas of the golden-file tests, compiled into `GeneratedModelTests` too.
    public static let codegenSchemas = url("Tests/RealmCodegenTests/Schemas")
    /// Places with a GeoJSON point location, shared by the geo query tests and bench/geo_bench.sh.
    public static let geoSchema = path("bench/geo.yaml")
}

/// JSONTestSuite's parsing corpus (`test_parsing`), vendored under `Tests/Fixtures/JSONTestSuite`
/// with its licence: `y_` files are valid JSON, `n_` files are not, `i_` files are either.
public enum JSONTestSuite {
    public static let directory = Repository.url("Tests/Fixtures/JSONTestSuite/test_parsing")

    /// The names of the corpus files starting with `prefix`, sorted.
    public static func files(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The path of the corpus file `name`.
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
