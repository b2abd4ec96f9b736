import Foundation

/// The vendored realm-core fixtures (`Tests/Fixtures/realm-core`), found from this file's location
/// so that the tests read nothing outside the checkout.
enum Fixtures {
    /// `Tests/Fixtures/realm-core`.
    static let directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/realm-core")

    /// The path of fixture `name`.
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The bytes of fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}
