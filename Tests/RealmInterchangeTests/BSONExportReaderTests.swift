import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// The BSON export of a whole class through its export reader (`BSONDocumentWriter+Rows.swift`)
/// against the object-by-object path over random stores: every value type and its edges,
/// embedded objects in lists and alone, maps, sets of links, mixed values holding links,
/// classes with and without a primary key, a projection, and `--omit-empty` (which the reader
/// path applies by taking back elements it wrote). `EXPORT_SEED` replays one seed.
@Suite struct BSONExportReaderTests {
    func dump(_ store: Store, _ options: ExportOptions, wholeClasses: Bool) throws -> [String: [UInt8]] {
        var outputs: [String: ExportOutput] = [:]
        let exporter = BSONExporter(store: store, options: options)
        exporter.readsWholeClasses = wholeClasses
        try exporter.export { model in
            let output = ExportOutput.memory(capacity: 1000)
            outputs[model.name] = output
            return output
        }
        return outputs.mapValues(\.bytes)
    }

    @Test func theReaderWritesTheBytesOfTheObjectByObjectPath() throws {
        for seed in ExportRoundTripTests.seeds.prefix(4) {
            for references in [false, true] {
                let schema = ExportTestSchema.make(singleClass: false, references: references)
                let directory = try Temporary.path("realm-bson-reader")
                let store = try Store(path: directory + "/a.sqlite", schema: schema)
                var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: references, keywordKeys: false)
                try generator.fill(store, objects: 12)
                for omitEmpty in [false, true] {
                    var options = ExportOptions()
                    options.omitEmpty = omitEmpty
                    let objectByObject = try dump(store, options, wholeClasses: false)
                    #expect(!objectByObject.isEmpty && objectByObject.values.allSatisfy { !$0.isEmpty })
                    #expect(try dump(store, options, wholeClasses: true) == objectByObject,
                            "seed \(seed), references \(references), omitEmpty \(omitEmpty)")
                }
            }
        }
    }

    @Test func aProjectionIsWrittenAsObjectByObject() throws {
        let schema = try schemaFromYAML(BSONExportTests.edgeSchema, path: "edge.yaml")
        let directory = try Temporary.path("realm-bson-reader")
        let store = try Store(path: directory + "/a.sqlite", schema: schema)
        try store.write {
            for id in 1...3 {
                try store.create("Edge", value: [
                    "id": .value(.int(Int64(id))), "small": 1, "big": .value(.int(Int64(Int32.max) + Int64(id))),
                    "oid": .value(.objectId(try ObjectId(string: "0123456789abcdef0123456\(id)"))),
                    "parts": [.object(["label": "p", "inner": [.object(["weight": 1.5, "tags": ["x"]])]]), .object(["label": "q"])],
                    "byName": .map(["a": .value(.int(1)), "b": nil]),
                ])
            }
        }
        for omitEmpty in [false, true] {
            let options = ExportOptions(classes: ["Edge"]).projecting(["big", "parts.inner.tags", "byName"])
            var sparse = options
            sparse.omitEmpty = omitEmpty
            let expected = try dump(store, sparse, wholeClasses: false)
            #expect(expected["Edge"]?.isEmpty == false)
            #expect(try dump(store, sparse, wholeClasses: true) == expected, "omitEmpty \(omitEmpty)")
        }
    }
}
