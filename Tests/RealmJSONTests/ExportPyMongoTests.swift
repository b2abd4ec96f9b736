import Foundation
import RealmEngine
import RealmJSON
import RealmSchema
import Testing

/// Canonical output is valid MongoDB Extended JSON v2: PyPI pymongo's `bson.json_util` (installed
/// by `scripts/install-deps.sh`) parses it, and every value it reads equals the store's.
@Suite("realm-export canonical output read by pymongo")
struct ExportPyMongoTests {
    @Test func pymongoReadsEveryValueAsStored() throws {
        let seed = ExportRoundTripTests.seeds[0]
        let schema = ExportTestSchema.make(singleClass: false, references: false)
        let directory = ExportFixtures.temporaryDirectory()
        let store = try Store(path: directory + "/a.sqlite", schema: schema)
        var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: false, keywordKeys: false)
        try generator.fill(store, objects: 6)
        try ExportFixtures.export(store, ExportOptions(mode: .canonical)).write(toFile: directory + "/canonical.json",
                                                                                 atomically: true, encoding: .utf8)
        let expected = try ExportExpectedValues(store: store).document()
        try JSONSerialization.data(withJSONObject: expected).write(to: URL(fileURLWithPath: directory + "/expected.json"))
        let result = try Self.runPython(ExportExpectedValues.pythonComparison, [directory + "/canonical.json", directory + "/expected.json"])
        #expect(result.status == 0, "seed \(seed): \(result.output)")
        #expect(result.output.hasPrefix("compared "), "seed \(seed): \(result.output)")
    }

    static func runPython(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
