import Foundation
import RealmJSON
import RealmSchema
import RealmStore
import Testing

/// The round-trip property: export(A) → import into a new store B with A's stored schema →
/// export(B) is byte-identical to export(A), for relaxed, canonical and NDJSON output, over
/// randomly generated stores. Set `EXPORT_SEED` to replay one seed; every failure names it.
@Suite("realm-export round trip")
struct ExportRoundTripTests {
    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["EXPORT_SEED"], let seed = UInt64(text) { return [seed] }
        let base = UInt64(Date().timeIntervalSince1970)
        return (0..<6).map { base &+ $0 }
    }

    @Test func relaxedAndCanonicalRoundTripThroughTheImporter() throws {
        for seed in Self.seeds {
            let schema = ExportTestSchema.make(singleClass: false, references: false)
            let directory = ExportFixtures.temporaryDirectory()
            let original = try Store(path: directory + "/a.sqlite", schema: schema)
            var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: false)
            try generator.fill(original, objects: 6)
            for mode in [ExtendedJSONMode.relaxed, .canonical] {
                let options = ExportOptions(mode: mode)
                let first = try ExportFixtures.export(original, options)
                let copy = try ExportFixtures.importStore(first, path: directory + "/b-\(mode).sqlite", schema: original.schema, seed: seed)
                let second = try ExportFixtures.export(copy, options)
                #expect(ExportFixtures.firstDifference(first, second) == "identical", "seed \(seed), \(mode)")
            }
        }
    }

    @Test func ndjsonRoundTripsOneClass() throws {
        for seed in Self.seeds {
            let schema = ExportTestSchema.make(singleClass: true, references: false)
            let directory = ExportFixtures.temporaryDirectory()
            let original = try Store(path: directory + "/a.sqlite", schema: schema)
            var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: false)
            try generator.fill(original, objects: 8)
            for mode in [ExtendedJSONMode.relaxed, .canonical] {
                let options = ExportOptions(classes: ["Kitchen"], shape: .ndjson, mode: mode)
                let first = try ExportFixtures.export(original, options)
                #expect(first.split(separator: "\n").count == (try original.count("Kitchen")))
                let copy = try ExportFixtures.importStore(first, path: directory + "/b-\(mode).sqlite", schema: original.schema,
                                                          className: "Kitchen", seed: seed)
                let second = try ExportFixtures.export(copy, options)
                #expect(ExportFixtures.firstDifference(first, second) == "identical", "seed \(seed), NDJSON \(mode)")
            }
        }
    }

    @Test func prettyOutputImportsToTheSameStore() throws {
        let seed = Self.seeds[0]
        let schema = ExportTestSchema.make(singleClass: false, references: false)
        let directory = ExportFixtures.temporaryDirectory()
        let original = try Store(path: directory + "/a.sqlite", schema: schema)
        var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: false)
        try generator.fill(original, objects: 4)
        let pretty = try ExportFixtures.export(original, ExportOptions(pretty: true))
        let copy = try ExportFixtures.importStore(pretty, path: directory + "/b.sqlite", schema: original.schema, seed: seed)
        let difference = ExportFixtures.firstDifference(try ExportFixtures.export(original, ExportOptions()),
                                                        try ExportFixtures.export(copy, ExportOptions()))
        #expect(difference == "identical", "seed \(seed)")
    }
}
