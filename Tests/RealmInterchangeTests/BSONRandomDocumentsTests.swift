import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Random documents (seeded, written by pymongo) imported once as BSON and once as canonical
/// Extended JSON make the same store and the same diagnostics, so that what the BSON path does
/// on its reading thread (lists of embedded objects converted there) cannot drift from JSON.
@Suite struct BSONRandomDocumentsTests {
    static let schema = """
        models:
          Person:
            primaryKey: _id
            properties:
              _id: objectId
              name: string
              age: int
              score: double
              active: bool
              balance: decimal128
              born: date
              avatar: data?
              tags: string<>
              attributes: string{}
              address: Address?
              dogs: Dog[]
          Address:
            embedded: true
            properties: { street: string, zip: string? }
          Dog:
            primaryKey: _id
            properties: { _id: uuid, name: string, age: int, toys: "Toy[]" }
          Toy:
            embedded: true
            properties: { brand: string, price: double, colors: "string[]" }
        """

    /// `count` people whose 0-3 dogs come from a pool of 120 (so dogs recur, for `--mode
    /// upsert`), each dog with 0-3 toys; with `flaws`, about one toy in 40 has a price that is
    /// text and one dog in 30 an unknown key.
    static func documents(count: Int, seed: Int, flaws: Bool) -> String {
        """
        (lambda r: (lambda dogs: [{'_id': ObjectId(bytes(r.getrandbits(8) for _ in range(12))), 'name': 'p%d' % i,
            'age': r.choice([r.randint(-5, 120), Int64(r.randint(-2**62, 2**62))]), 'score': r.uniform(-1e6, 1e6),
            'active': r.random() < 0.5, 'balance': Decimal128('%d.%02d' % (r.randint(-10**9, 10**9), r.randint(0, 99))),
            'born': DatetimeMS(r.randint(-2**40, 2**42)),
            'avatar': r.choice([None, Binary(bytes(r.getrandbits(8) for _ in range(r.randint(0, 40))), 0)]),
            'tags': r.sample(['a', 'b', 'c', 'd', 'e'], r.randint(0, 3)),
            'attributes': {k: 'v%d' % r.randint(0, 9) for k in r.sample(['x', 'a.b', '$y', '100%', 'z'], r.randint(0, 3))},
            'address': r.choice([None, {'street': 's%d' % i, 'zip': r.choice([None, '%05d' % r.randint(0, 99999)])}]),
            'dogs': [r.choice(dogs) for _ in range(r.randint(0, 3))]} for i in range(\(count))])(
          [dict({'_id': Binary(bytes(r.getrandbits(8) for _ in range(16)), 4), 'name': 'd%d' % j, 'age': r.randint(0, 20),
                 'toys': [{'brand': r.choice(['K', 'L', 'M']),
                           'price': 'cheap' if \(flaws ? "True" : "False") and r.random() < 0.025 else r.uniform(0, 100),
                           'colors': ['red'] * r.randint(0, 2)} for _ in range(r.randint(0, 3))]},
                **({'color': 'brown'} if \(flaws ? "True" : "False") and r.random() < 0.033 else {}))
           for j in range(120)]))(__import__('random').Random(\(seed)))
        """
    }

    /// Imports `bytes` (BSON or NDJSON, detected) with `--mode upsert`; returns the store's
    /// dump, the diagnostics' messages and how many nested preparations the importer took.
    static func load(_ bytes: [UInt8], name: String) throws -> (dump: String, messages: [String], taken: Int) {
        let harness = try ImportHarness(schema)
        let importer = try Importer(store: try harness.open, options: ImportOptions(className: "Person", mode: .upsert))
        try importer.importInput(DocumentSource(bytes: bytes, name: name, options: importer.sourceOptions))
        try importer.finish()
        let messages = importer.diagnostics.map { "\($0.severity) \($0.message)" }
        return (try harness.dump(), messages, importer.nestedPreparationsTaken)
    }

    @Test(arguments: [19, 2026]) func theSameRandomDocumentsMakeTheSameStore(seed: Int) throws {
        let (bson, json) = try PyMongoBSON.withJSON(Self.documents(count: 300, seed: seed, flaws: false))
        let fromBSON = try Self.load(bson, name: "people.bson")
        let fromJSON = try Self.load(Array(json.utf8), name: "people.ndjson")
        #expect(fromBSON.messages.isEmpty && fromJSON.messages.isEmpty, "\(fromBSON.messages) \(fromJSON.messages)")
        #expect(fromBSON.dump == fromJSON.dump)
        #expect(fromBSON.dump.contains("Toy") && fromBSON.dump.contains("Dog"))
        // BSON's reading thread converted the toys' lists whole: the importer took only dogs.
        #expect(fromBSON.taken > 0 && fromBSON.taken < fromJSON.taken, "\(fromBSON.taken) \(fromJSON.taken)")
    }

    /// A toy whose price is text keeps its dog's list from being converted ahead: the importer
    /// converts it and reports the same problems as for JSON, worded in BSON's terms (the value's
    /// BSON type, docs/mongodb.md, section 2.1); unknown keys are warned about the same.
    @Test func flawedRandomDocumentsGiveTheSameDiagnostics() throws {
        let (bson, json) = try PyMongoBSON.withJSON(Self.documents(count: 300, seed: 7, flaws: true))
        let fromBSON = try Self.load(bson, name: "people.bson")
        let fromJSON = try Self.load(Array(json.utf8), name: "people.ndjson")
        #expect(fromBSON.messages.contains { $0.hasPrefix("error") && $0.contains("cheap") }, "\(fromBSON.messages)")
        #expect(fromBSON.messages.contains { $0.hasPrefix("warning") && $0.contains("color") }, "\(fromBSON.messages)")
        #expect(fromBSON.messages == fromJSON.messages.map { $0.replacingOccurrences(of: "of type 'string'", with: "of BSON type 'string'") })
        #expect(fromBSON.dump == fromJSON.dump)
    }

    /// With `preparesEmbeddedLists` (BSON), a list of embedded objects holding only scalars is
    /// converted with the root; one element with a problem leaves the whole list to the importer,
    /// its elements prepared one by one as without the option.
    @Test func listsOfEmbeddedObjectsArePreparedWhole() throws {
        let plans = ImportClassPlan.plans(for: try schemaFromYAML(Self.schema))
        let dog = try #require(plans["Dog"])
        let toys = try #require(dog.properties.firstIndex { $0.name == "toys" })
        let good = try JSONDocument.parse(#"""
            {"_id": {"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "04"}}, "name": "Rex", "age": 3,
             "toys": [{"brand": "K", "price": 1.5, "colors": ["red"]}, {"brand": "L", "price": 2}]}
            """#)
        let whole = good.withRoot { PreparedObject($0, dog, mapKeys: .encode, preparesEmbeddedLists: true) }
        #expect(whole.inputs[toys] == .collection([.object(["brand": .value(.string("K")), "price": .value(.double(1.5)),
                                                           "colors": .collection([.value(.string("red"))])]),
                                                  .object(["brand": .value(.string("L")), "price": .value(.double(2))])]))
        #expect(whole.nested.isEmpty)
        let byElement = good.withRoot { PreparedObject($0, dog, mapKeys: .encode) }
        #expect(byElement.inputs[toys] == nil && byElement.nested.count == 2)
        for flaw in [#"{"brand": "L", "price": "x"}"#, #"{"brand": "L", "price": 2, "size": 1}"#, #"{"price": 2}"#,
                     #"{"$ref": "Toy", "$id": 1}"#, "7"] {
            let bad = try JSONDocument.parse(#"{"name": "Rex", "toys": [{"brand": "K", "price": 1.5}, \#(flaw)]}"#)
            let prepared = bad.withRoot { PreparedObject($0, dog, mapKeys: .encode, preparesEmbeddedLists: true) }
            #expect(prepared.inputs[toys] == nil, "\(flaw)")
            // A reference or a number is no nested object to prepare.
            #expect(prepared.nested.count == (flaw == "7" || flaw.contains("$ref") ? 1 : 2), "\(flaw)")
        }
        let empty = try JSONDocument.parse(#"{"name": "Rex", "toys": null}"#)
        #expect(empty.withRoot { PreparedObject($0, dog, mapKeys: .encode, preparesEmbeddedLists: true) }.inputs[toys]
                == .collection([]))
    }
}
