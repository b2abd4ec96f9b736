import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// `--omit-empty`: null properties and empty collections left out at every nesting level, in
/// every JSON shape and in BSON, and the import of such an export recreates the same store.
@Suite("realm-export --omit-empty")
struct ExportOmitEmptyTests {
    static let schema = """
        schemaVersion: 1
        models:
          Person:
            primaryKey: id
            properties:
              id: int
              name: string
              street2: string?
              tags: string[]
              labels: string<>
              scores: int{}
              home: Address?
              work: Address?
              extra: mixed
              nickname: { type: string?, default: "Bud" }
          Address:
            embedded: true
            properties:
              city: string?
              lines: string[]
              geo: Geo?
          Geo:
            embedded: true
            properties: { lat: double?, notes: "string{}" }
        """

    func store(_ directory: String) throws -> Store {
        let store = try Store(path: directory + "/a.sqlite", schema: try schemaFromYAML(Self.schema, path: "omit.yaml"))
        try store.write {
            try store.create("Person", value: ["id": 1, "name": "Ann", "nickname": nil,
                                               "home": .object(["lines": [], "geo": .object(["notes": .map([:])])])])
            try store.create("Person", value: ["id": 2, "name": "Bo", "street2": "", "tags": ["x"], "scores": .map(["a": 0]),
                                               "work": .object(["city": "Oslo"]), "extra": .value(.list([])), "nickname": "B"])
        }
        return store
    }

    /// Null properties with a schema default are kept (a missing one would take the default).
    static let expectedNDJSON = """
        {"id":1,"name":"Ann","home":{"geo":{}},"nickname":null}
        {"id":2,"name":"Bo","street2":"","tags":["x"],"scores":{"a":0},"work":{"city":"Oslo"},"extra":[],"nickname":"B"}

        """

    @Test func emptyValuesAreLeftOutAtEveryLevel() throws {
        let store = try store(try Temporary.path("realm-omit-tests"))
        var options = ExportOptions(classes: ["Person"], shape: .ndjson)
        options.omitEmpty = true
        #expect(try ExportFixtures.export(store, options) == Self.expectedNDJSON)
        options.shape = .array
        #expect(try ExportFixtures.export(store, options).contains(#"{"id":1,"name":"Ann","home":{"geo":{}},"nickname":null}"#))
        options.mode = .canonical
        #expect(try ExportFixtures.export(store, options).contains(#"{"id":{"$numberInt":"1"},"name":"Ann","home":{"geo":{}},"nickname":null}"#))
        #expect(try ExportFixtures.export(store, ExportOptions(classes: ["Person"], shape: .ndjson)).contains(#""street2":null"#))
    }

    @Test func bsonLeavesOutTheSameFields() throws {
        let directory = try Temporary.path("realm-omit-tests")
        let store = try store(directory)
        var options = ExportOptions()
        options.omitEmpty = true
        try BSONExportPython.export(store, options, into: directory)
        let script = #"""
            import json, sys
            from bson import decode_all
            print(json.dumps(decode_all(open(sys.argv[1], "rb").read()), separators=(",", ":")))
            """#
        let result = try Command.run("python3", ["-c", script, directory + "/Person.bson"])
        let lines = Self.expectedNDJSON.split(separator: "\n").joined(separator: ",")
        #expect(result.stdout == "[\(lines)]\n", "\(result.stderr)")
    }

    /// Every shape with `omitEmpty` imports into a store that exports exactly as the original.
    @Test func omittedExportsImportToTheSameStore() throws {
        let directory = try Temporary.path("realm-omit-tests")
        let original = try store(directory)
        let schema = try ExportFixtures.dumpedSchema(ofStoreAt: directory + "/a.sqlite")
        let full = try ExportFixtures.export(original, ExportOptions())
        let shapes: [ExportOptions] = [ExportOptions(), ExportOptions(mode: .canonical), ExportOptions(classes: ["Person"], shape: .ndjson),
                                       ExportOptions(classes: ["Person"], shape: .array, pretty: true)]
        for (index, var options) in shapes.enumerated() {
            options.omitEmpty = true
            let sparse = try ExportFixtures.export(original, options)
            // Only Ann's nickname, whose schema default would replace a missing null.
            #expect(sparse.components(separatedBy: "null").count == 2, "\(options): \(sparse)")
            let copy = try ExportFixtures.importStore(sparse, path: directory + "/b-\(index).sqlite", schema: schema,
                                                      className: options.shape == .classes ? nil : "Person")
            #expect(ExportFixtures.firstDifference(full, try ExportFixtures.export(copy, ExportOptions())) == "identical", "\(options)")
        }
    }

    /// Random stores (every type, nulls and empty collections at every level) through a sparse
    /// export and back.
    @Test func randomStoresRoundTripSparse() throws {
        for seed in ExportRoundTripTests.seeds.prefix(3) {
            let (original, directory) = try ExportRoundTripTests.randomStore(ExportTestSchema.make(singleClass: false, references: true),
                                                                             seed: seed, objects: 6)
            var options = ExportOptions()
            options.omitEmpty = true
            let sparse = try ExportFixtures.export(original, options)
            let schema = try ExportFixtures.dumpedSchema(ofStoreAt: directory + "/a.sqlite")
            let copy = try ExportFixtures.importStore(sparse, path: directory + "/b.sqlite", schema: schema, seed: seed)
            #expect(ExportFixtures.firstDifference(try ExportFixtures.export(original, ExportOptions()),
                                                   try ExportFixtures.export(copy, ExportOptions())) == "identical", "seed \(seed)")
            #expect(sparse.count < (try ExportFixtures.export(original, ExportOptions())).count, "seed \(seed)")
        }
    }
}
