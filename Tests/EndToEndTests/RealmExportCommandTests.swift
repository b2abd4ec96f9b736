import Foundation
import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// `realm-export` as users run it: the demo data through export → import → export, the
/// command-line contract, the outbox, and the canonical output read by pymongo's json_util and
/// compared value by value with the store.
@Suite("realm-export command")
struct RealmExportCommandTests {
    /// A store made by `realm-import` from the demo schema and `fixtures/people.json`.
    func demoStore(_ directory: String) throws -> String {
        let store = directory + "/a.sqlite"
        try Tool.importDemoStore(store)
        return store
    }

    @Test func exportImportExportIsByteIdentical() throws {
        let directory = try Temporary.path("realm-e2e")
        let store = try demoStore(directory)
        let dumped = try Tool.run("realm-schema", ["dump", "--store", store])
        try dumped.stdout.write(toFile: directory + "/dumped.yaml")
        for (index, flags) in [[], ["--canonical"], ["--pretty"], ["--ndjson", "--class", "Dog"]].enumerated() {
            let first = try Tool.run("realm-export", ["--store", store] + flags)
            #expect(first.status == 0 && first.stderr.isEmpty, "\(flags): \(first.stderr)")
            try first.stdout.write(toFile: directory + "/export-\(index).json")
            let copy = directory + "/b-\(index).sqlite"
            let classFlags = flags.contains("--ndjson") ? ["--class", "Dog"] : []
            let imported = try Tool.run("realm-import", ["--store", copy, "--schema", directory + "/dumped.yaml", "--quiet"]
                                          + classFlags + [directory + "/export-\(index).json"])
            #expect(imported.status == 0, "\(flags): \(imported.stderr)")
            let second = try Tool.run("realm-export", ["--store", copy, "-o", directory + "/again-\(index).json"] + flags)
            #expect(second.status == 0 && second.stdout.isEmpty, "\(flags): \(second.stderr)")
            let again = try String(contentsOfFile: directory + "/again-\(index).json", encoding: .utf8)
            #expect(again == first.stdout, "\(flags)")
        }
    }

    static let keylessSchema = """
        schemaVersion: 1
        models:
          Owner:
            primaryKey: id
            properties:
              id: int
              pinned: Note?
              notes: Note[]
              extra: mixed
          Note:
            properties:
              text: string
              next: Note?
              related: Note<>
              byTag: Note?{}
              owner: Owner?
              anything: mixed
              stamp: Stamp?
          Stamp:
            embedded: true
            properties: { at: date, note: Note? }
        """

    /// A store whose class without a primary key has shared, cyclic and self links, links in a
    /// set, a map, an embedded object and mixed values, and a gap in its keys.
    func keylessStore(_ directory: String) throws -> String {
        let store = try Store(path: directory + "/keyless.sqlite", schema: try schemaFromYAML(Self.keylessSchema, path: "keyless.yaml"))
        try store.write {
            let gone = try store.create("Note", value: ["text": "deleted"])
            let a = try store.create("Note", value: ["text": "a"]), b = try store.create("Note", value: ["text": "b"])
            let c = try store.create("Note", value: ["text": "c", "stamp": ["at": .value(.date(Timestamp(seconds: 0, nanoseconds: 5))),
                                                                             "note": .value(.object(a))]])
            let owner = try store.create("Owner", value: ["id": 1, "pinned": .value(.object(b)),
                                                         "notes": [.value(.object(a)), .value(.object(a)), .value(.object(c))],
                                                         "extra": .value(.list([.object(a), .dictionary(["k%2E1": .object(c)])]))])
            try store.set(a, "next", .value(.object(b)))
            try store.set(b, "next", .value(.object(a)))
            try store.set(c, "next", .value(.object(c)))
            try store.set(a, "related", [.value(.object(a)), .value(.object(b)), .value(.object(c))])
            try store.set(b, "byTag", .map(["x%2Ey": .value(.object(c)), "%24z": .value(.object(a)), "none": nil]))
            try store.set(c, "owner", .value(.object(owner)))
            try store.set(c, "anything", .value(.dictionary(["o": .object(owner), "n": .list([.object(b)])])))
            try store.delete(gone)
        }
        return directory + "/keyless.sqlite"
    }

    @Test func keylessClassesRoundTripThroughThePipeInEveryMode() throws {
        let directory = try Temporary.path("realm-e2e")
        let store = try keylessStore(directory)
        let dumped = try Tool.run("realm-schema", ["dump", "--store", store])
        try dumped.stdout.write(toFile: directory + "/dumped.yaml")
        for flags in [[], ["--canonical"]] {
            let first = try Tool.run("realm-export", ["--store", store] + flags)
            #expect(first.status == 0 && first.stderr.isEmpty, "\(flags): \(first.stderr)")
            #expect(first.stdout.contains(flags.isEmpty ? #"{"$id":3,"text":"c","next":{"$ref":"Note","$id":3}"#
                                                        : #"{"$id":{"$numberInt":"3"},"text":"c""#))
            for mode in ["insert", "upsert", "merge"] {
                let copy = directory + "/b-\(mode)\(flags.count).sqlite"
                let imported = try Tool.run("realm-import", ["--store", copy, "--schema", directory + "/dumped.yaml",
                                                             "--mode", mode, "--quiet", "-"], input: Data(first.stdout.utf8))
                #expect(imported.status == 0 && imported.stderr.isEmpty, "\(flags) \(mode): \(imported.stderr)")
                let second = try Tool.run("realm-export", ["--store", copy] + flags)
                #expect(second.stdout == first.stdout, "\(flags) \(mode)")
            }
        }
        let again = try Tool.run("realm-import", ["--store", directory + "/b-upsert0.sqlite", "--mode", "upsert", "-"],
                                 input: Data(try Tool.run("realm-export", ["--store", store]).stdout.utf8))
        #expect(again.status == 0 && again.stderr.contains("Note: 3 created, 0 updated, 0 unchanged"), "\(again.stderr)")
    }

    @Test func relaxedOutputShowsOriginalKeysAndExactValues() throws {
        let directory = try Temporary.path("realm-e2e")
        let exported = try Tool.run("realm-export", ["--store", try demoStore(directory), "--class", "Person"])
        #expect(exported.stdout.hasPrefix("{\"Person\":[\n{\"_id\":{\"$oid\":\"6560a1f0c0ffee0000000001\"},\"name\":\"Ada Lovelace\""))
        #expect(exported.stdout.contains("\"scores\":{\"$bonus\":1.25,\"100%\":100.0,\"math\":99.5,\"poetry.science\":88.0}"))
        #expect(exported.stdout.contains("\"created_at\":{\"$date\":\"2024-01-15T09:30:00.123456789Z\"}"))
        #expect(exported.stdout.contains("\"balance\":{\"$numberDecimal\":\"1843.10\"}"))
        #expect(exported.stdout.contains("\"dogs\":[{\"$uuid\":\"3b241101-e2bb-4255-8caf-4136c566a962\"}"))
        #expect(!exported.stdout.contains("\"Dog\":"))
    }

    @Test func commandLineContract() throws {
        let directory = try Temporary.path("realm-e2e")
        let store = try demoStore(directory)
        let help = try Tool.run("realm-export", ["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: "))
        for arguments in [[], ["--store", store, "--drain"], ["--store", store, "--pretty", "--ndjson"],
                          ["--store", store, "extra"], ["--store", store, "--limit", "x"]] {
            let usage = try Tool.run("realm-export", arguments)
            #expect(usage.status == 64 && usage.stderr.hasPrefix("Error: "), "\(arguments): \(usage.stderr)")
        }
        let missing = try Tool.run("realm-export", ["--store", directory + "/none.sqlite"])
        #expect(missing.status == 2 && missing.stderr.contains("no such file"))
        let unknown = try Tool.run("realm-export", ["--store", store, "--class", "person"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: the store has no class 'person'; did you mean 'Person'?\n")
        let ndjson = try Tool.run("realm-export", ["--store", store, "--ndjson"])
        #expect(ndjson.status == 1 && ndjson.stderr.contains("--ndjson writes the objects of one class"))
        let unwritable = try Tool.run("realm-export", ["--store", store, "-o", directory + "/no/such/dir/out.json"])
        #expect(unwritable.status == 2 && unwritable.stderr.hasPrefix("error: cannot write"))
    }

    @Test func outboxIsCanonicalNDJSONAndDrainRemovesWhatWasWritten() throws {
        let directory = try Temporary.path("realm-e2e")
        let store = try demoStore(directory)
        let readings = (1...3).map { index in
            "{\"_id\": {\"$oid\": \"65a0000000000000000000\(String(format: "%02d", index))\"}, \"at\": {\"$date\": \"2024-05-0\(index)T10:00:00Z\"}, \"value\": \(Double(index) / 4)}"
        }
        try readings.joined(separator: "\n").write(toFile: directory + "/readings.ndjson")
        let imported = try Tool.run("realm-import", ["--store", store, "--class", "Reading", "--quiet", directory + "/readings.ndjson"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let peek = try Tool.run("realm-export", ["--store", store, "--outbox"])
        // The fixtures hold two readings already; these three come after them, oldest first.
        #expect(peek.stdout.split(separator: "\n").count == 5)
        #expect(peek.stdout.split(separator: "\n")[2] == "{\"_id\":{\"$oid\":\"65a000000000000000000001\"},\"device\":null,\"at\":{\"$date\":{\"$numberLong\":\"1714557600000\"}},\"value\":{\"$numberDouble\":\"0.25\"}}")
        let drained = try Tool.run("realm-export", ["--store", store, "--outbox", "--drain", "-o", directory + "/outbox.ndjson"])
        #expect(drained.status == 0 && drained.stderr == "drained 5 objects from the outbox into \(directory)/outbox.ndjson\n")
        #expect(try String(contentsOfFile: directory + "/outbox.ndjson", encoding: .utf8) == peek.stdout)
        let empty = try Tool.run("realm-export", ["--store", store, "--outbox"])
        #expect(empty.status == 0 && empty.stdout.isEmpty)
        // --quiet drains the same way without the summary line.
        let again = try Tool.run("realm-import", ["--store", store, "--class", "Reading", "--quiet", directory + "/readings.ndjson"])
        #expect(again.status == 0, "\(again.stderr)")
        let quiet = try Tool.run("realm-export", ["--store", store, "--outbox", "--drain", "--quiet", "-o", directory + "/quiet.ndjson"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(try String(contentsOfFile: directory + "/quiet.ndjson", encoding: .utf8).split(separator: "\n").count == 3)
        #expect(try Tool.run("realm-export", ["--store", store, "--outbox"]).stdout.isEmpty)
        let notAsymmetric = try Tool.run("realm-export", ["--store", store, "--outbox", "--class", "Person"])
        #expect(notAsymmetric.status == 1)
    }
}

/// MongoDB interoperability: documents as `mongoexport` writes them (canonical NDJSON) import
/// with a matching schema and export with `--canonical` to the same documents.
@Suite("realm-export and mongoexport")
struct RealmExportMongoSampleTests {
    static let schema = """
        schemaVersion: 1
        models:
          Order:
            primaryKey: _id
            properties:
              _id: objectId
              customer: string
              placed: date
              total: decimal128
              items: LineItem[]
              shipping: Address?
              tags: string[]
              points: int
              rating: double?
          LineItem:
            embedded: true
            properties: { sku: string, qty: int32, price: double }
          Address:
            embedded: true
            properties: { street: string, city: string }
        """

    static let sample = """
        {"_id":{"$oid":"5f1a0c5e8f1b2c3d4e5f6a7b"},"customer":"Ada","placed":{"$date":{"$numberLong":"1594457694000"}},"total":{"$numberDecimal":"123.45"},"items":[{"sku":"A-1","qty":{"$numberInt":"2"},"price":{"$numberDouble":"9.99"}},{"sku":"B-2","qty":{"$numberInt":"1"},"price":{"$numberDouble":"104.0"}}],"shipping":{"street":"1 Main St","city":"Zürich"},"tags":["gift","express"],"points":{"$numberLong":"9007199254740993"},"rating":{"$numberDouble":"4.5"}}
        {"_id":{"$oid":"5f1a0c5e8f1b2c3d4e5f6a7c"},"customer":"Grace \\"Amazing\\" Hopper","placed":{"$date":{"$numberLong":"-86400000"}},"total":{"$numberDecimal":"0.10"},"items":[],"shipping":null,"tags":[],"points":{"$numberInt":"-2147483648"},"rating":{"$numberDouble":"-0.0"}}

        """

    @Test func mongoexportDocumentsImportAndExportUnchanged() throws {
        let directory = try Temporary.path("realm-e2e")
        try Self.schema.write(toFile: directory + "/orders.yaml")
        try Self.sample.write(toFile: directory + "/orders.ndjson")
        let store = directory + "/orders.sqlite"
        let imported = try Tool.run("realm-import", ["--store", store, "--schema", directory + "/orders.yaml",
                                                     "--class", "Order", "--quiet", directory + "/orders.ndjson"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try Tool.run("realm-export", ["--store", store, "--canonical", "--ndjson", "--class", "Order"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == Self.sample)
    }
}
