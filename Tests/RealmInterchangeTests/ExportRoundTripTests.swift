import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// The round-trip property: export(A) → `Importer` into a new store B created with the schema
/// `realm-schema dump` gives for A → export(B) is byte-identical to export(A), for relaxed,
/// canonical and NDJSON output, over randomly generated stores: every type and its edge values,
/// nested mixed values, shared and cyclic links (also inside embedded objects and mixed
/// values), classes with and without a primary key, map keys with `.`, `$`, `%` and non-ASCII
/// text. Set `EXPORT_SEED` to replay one seed; every failure names it.
@Suite("realm-export round trip")
struct ExportRoundTripTests {
    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["EXPORT_SEED"], let seed = UInt64(text) { return [seed] }
        let base = UInt64(Date().timeIntervalSince1970)
        return (0..<6).map { base &+ $0 }
    }

    /// A random store A of `schema` in a new directory.
    static func randomStore(_ schema: CompiledSchema, seed: UInt64, objects: Int) throws -> (store: Store, directory: String) {
        let directory = try Temporary.path("realm-export-tests")
        let store = try Store(path: directory + "/a.sqlite", schema: schema)
        var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: true)
        try generator.fill(store, objects: objects)
        return (store, directory)
    }

    /// Exports A with each of `forms`, imports each export into its own new store with A's
    /// dumped schema, exports that with the same options and compares.
    static func expectRoundTrip(_ original: Store, in directory: String, _ forms: [ExportOptions], seed: UInt64) throws {
        let schema = try ExportFixtures.dumpedSchema(ofStoreAt: directory + "/a.sqlite")
        for (index, options) in forms.enumerated() {
            let first = try ExportFixtures.export(original, options)
            let className = options.shape == .ndjson ? options.classes.first : nil
            if let className {
                #expect(first.split(separator: "\n").count == (try original.count(className)))
            }
            let copy = try ExportFixtures.importStore(first, path: directory + "/b-\(index).sqlite", schema: schema,
                                                      className: className, seed: seed)
            let second = try ExportFixtures.export(copy, options)
            #expect(ExportFixtures.firstDifference(first, second) == "identical", "seed \(seed), \(options)")
        }
    }

    @Test func everyClassRoundTripsRelaxedAndCanonical() throws {
        for seed in Self.seeds {
            let (original, directory) = try Self.randomStore(ExportTestSchema.make(singleClass: false, references: true),
                                                             seed: seed, objects: 6)
            try Self.expectRoundTrip(original, in: directory, [ExportOptions(), ExportOptions(mode: .canonical)], seed: seed)
        }
    }

    @Test func ndjsonRoundTripsAClassWithAPrimaryKey() throws {
        for seed in Self.seeds {
            let (original, directory) = try Self.randomStore(ExportTestSchema.make(singleClass: true, references: false),
                                                             seed: seed, objects: 8)
            let forms = [ExtendedJSONMode.relaxed, .canonical].map { ExportOptions(classes: ["Kitchen"], shape: .ndjson, mode: $0) }
            try Self.expectRoundTrip(original, in: directory, forms, seed: seed)
        }
    }

    @Test func ndjsonRoundTripsAClassWithoutAPrimaryKey() throws {
        for seed in Self.seeds {
            let (original, directory) = try Self.randomStore(ExportTestSchema.notes(), seed: seed, objects: 8)
            let forms = [ExtendedJSONMode.relaxed, .canonical].map { ExportOptions(classes: ["Note"], shape: .ndjson, mode: $0) }
            try Self.expectRoundTrip(original, in: directory, forms, seed: seed)
            #expect(try ExportFixtures.export(original, forms[0]).hasPrefix("{\"$id\":1,"), "seed \(seed)")
        }
    }

    @Test func prettyOutputImportsToTheSameStore() throws {
        let seed = Self.seeds[0]
        let (original, directory) = try Self.randomStore(ExportTestSchema.make(singleClass: false, references: true),
                                                         seed: seed, objects: 4)
        let pretty = try ExportFixtures.export(original, ExportOptions(pretty: true))
        let schema = try ExportFixtures.dumpedSchema(ofStoreAt: directory + "/a.sqlite")
        let copy = try ExportFixtures.importStore(pretty, path: directory + "/b.sqlite", schema: schema, seed: seed)
        let difference = ExportFixtures.firstDifference(try ExportFixtures.export(original, ExportOptions()),
                                                        try ExportFixtures.export(copy, ExportOptions()))
        #expect(difference == "identical", "seed \(seed)")
    }
}

/// A set's links are written in their targets' export order, not in the order of object keys.
@Suite("realm-export set order")
struct ExportSetOrderTests {
    @Test func setsOfLinksRoundTripWhenTargetsWereCreatedOutOfKeyOrder() throws {
        let schema = CompiledSchema(schemaVersion: 1, models: [
            ModelSchema(name: "Tag", primaryKey: "name", properties: [
                PropertySchema(name: "name", type: DeclaredType(.string), isPrimaryKey: true),
            ]),
            ModelSchema(name: "Post", primaryKey: "id", properties: [
                PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
                PropertySchema(name: "tags", type: DeclaredType(.object("Tag"), collection: .set)),
                PropertySchema(name: "any", type: DeclaredType(.mixed, collection: .set)),
            ]),
        ])
        let directory = try Temporary.path("realm-export-tests")
        let store = try Store(path: directory + "/a.sqlite", schema: schema)
        try store.write {
            // Created in descending key order: object keys run opposite to primary keys.
            let tags = try ["zebra", "mango", "apple"].map { try store.create("Tag", value: ["name": .value(.string($0))]) }
            try store.create("Post", value: [
                "id": 1,
                "tags": .collection(tags.map { .value(.object($0)) }),
                "any": .collection(tags.map { .value(.object($0)) } + [.value(.int(3))]),
            ])
        }
        let exported = try ExportFixtures.export(store, ExportOptions())
        #expect(exported.contains(#""tags":["apple","mango","zebra"]"#), "\(exported)")
        try ExportRoundTripTests.expectRoundTrip(store, in: directory, [ExportOptions(), ExportOptions(mode: .canonical)], seed: 0)
    }
}
