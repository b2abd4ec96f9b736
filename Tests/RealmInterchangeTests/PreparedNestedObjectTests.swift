import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// The reading thread also prepares the objects nested in a root object that the importer
/// converts one at a time (objects of classes with a primary key, embedded objects it does not
/// take whole), depth first in the order the importer meets them, and the importer takes each
/// of them once.
@Suite struct PreparedNestedObjectTests {
    static let schema = """
        models:
          Person:
            primaryKey: id
            properties: { id: int, address: Address?, dogs: "Dog[]", best: Dog?, pals: "Dog<>", byName: "Dog?{}" }
          Address:
            embedded: true
            properties: { street: string }
          Dog:
            primaryKey: id
            properties: { id: int, name: string, toys: "Toy[]" }
          Toy:
            embedded: true
            properties: { brand: string, price: double }
        """

    @Test func nestedObjectsArePreparedInTheImportersOrder() throws {
        let plans = ImportClassPlan.plans(for: try schemaFromYAML(Self.schema))
        let plan = try #require(plans["Person"])
        // The address is taken whole (scalars only); 3 is a primary-key reference, the $ref an
        // export's reference, and maps are left to the importer.
        let document = try JSONDocument.parse(#"""
            {"id": 1, "address": {"street": "Elm"}, "best": {"id": 9, "name": "Rex", "toys": []},
             "dogs": [{"id": 2, "name": "Ace", "toys": [{"brand": "K", "price": 1.5}, {"brand": "L", "price": 2}]}, 3,
                      {"$ref": "Dog", "$id": 4}, {"id": 5, "name": "Bo", "toys": [{"brand": "M", "price": 3}]}],
             "pals": [{"id": 6, "name": "Cy", "toys": []}], "byName": {"x": {"id": 7, "name": "Di", "toys": []}}}
            """#)
        let prepared = document.withRoot { PreparedObject($0, plan, mapKeys: .encode) }
        #expect(prepared.inputs[1] != nil)
        let described = prepared.nested.map { nested in
            "\(nested.plan.name) " + (nested.values.first.flatMap { $0?.jsonText } ?? "")
        }
        #expect(described == ["Dog 2", "Toy \"K\"", "Toy \"L\"", "Dog 5", "Toy \"M\"", "Dog 9", "Dog 6"])
        #expect(prepared.nested.allSatisfy { $0.nested.isEmpty })
        // Each nested object's scalars are converted there.
        #expect(prepared.nested.map { $0.inputs.compactMap { $0 }.count } == [2, 2, 2, 2, 2, 2, 2])
    }

    /// The same documents import to the same store with and without the preparations: the
    /// importer takes them, and they are what it would have converted.
    @Test func theImporterTakesThemAndStoresTheSame() throws {
        var lines: [String] = []
        for id in 1...60 {
            let toys = (0..<(id % 3)).map { #"{"brand": "b\#($0)", "price": \#(Double(id) + 0.5)}"# }.joined(separator: ", ")
            lines.append(#"{"id": \#(id), "dogs": [{"id": \#(id % 7), "name": "d\#(id)", "toys": [\#(toys)]}, \#((id + 1) % 7)], "#
                         + #""best": {"id": \#(100 + id), "name": "b", "toys": []}}"#)
        }
        let input = lines.joined(separator: "\n") + "\n"
        var exports: [String] = []
        for prepares in [true, false] {
            let directory = try Temporary.path("realm-prepared-nested")
            let store = try Store(path: directory + "/a.sqlite", schema: try schemaFromYAML(Self.schema))
            let importer = try Importer(store: store, options: ImportOptions(className: "Person", mode: .upsert))
            importer.preparesNestedObjects = prepares
            try importer.importInput(DocumentSource(bytes: Array(input.utf8), name: "people.ndjson"))
            try importer.finish()
            #expect(importer.diagnostics.isEmpty, "\(importer.diagnostics)")
            #expect(importer.nestedPreparationsTaken == (prepares ? 60 * 2 + lines.indices.map { ($0 + 1) % 3 }.reduce(0, +) : 0))
            let output = ExportOutput.memory(capacity: 1000)
            try Exporter(store: store, options: ExportOptions(), output: output).export()
            exports.append(String(decoding: output.bytes, as: UTF8.self))
        }
        #expect(exports[0] == exports[1] && exports[0].contains("\"d60\""))
    }
}
