import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// The export benchmark's shape pinned byte for byte: 80 people of `bench/gen_people.py`
/// (`Goldens/people-80.ndjson`, its schema `Goldens/people.yaml`: every scalar type, a set, a
/// map whose keys need percent decoding, an embedded Address, Dogs by UUID primary key with
/// embedded Toys) imported as the benchmark imports them, then exported in the forms the
/// benchmark times. The goldens were written by the exporter before it read classes through
/// `Store.exportReader` (object by object); `RECORD_GOLDENS=1` rewrites them instead.
@Suite("realm-export golden output on the benchmark's people")
struct ExportPeopleGoldenTests {
    static let goldens = ExportGoldenTests.goldens

    static func store(path: String? = nil) throws -> Store {
        let schema = try schemaFromYAML(try String(contentsOf: goldens.appendingPathComponent("people.yaml"), encoding: .utf8))
        let store = try Store(path: try path ?? Temporary.path("realm-export-people") + "/a.sqlite", schema: schema)
        let importer = try Importer(store: store, options: ImportOptions(className: "Person", mode: .upsert))
        let input = try Data(contentsOf: goldens.appendingPathComponent("people-80.ndjson"))
        try importer.importInput(DocumentSource(bytes: Array(input), name: "people-80.ndjson", options: importer.sourceOptions))
        #expect(try importer.finish().committed)
        return store
    }

    static let forms: [(name: String, options: ExportOptions)] = [
        ("relaxed.json", ExportOptions()),
        ("canonical.json", ExportOptions(mode: .canonical)),
        ("person.ndjson", ExportOptions(classes: ["Person"], shape: .ndjson)),
        ("dog-canonical.ndjson", ExportOptions(classes: ["Dog"], shape: .ndjson, mode: .canonical)),
        ("person-fields.ndjson", ExportOptions(classes: ["Person"], shape: .ndjson).projecting(["_id", "address.city", "dogs", "attributes"])),
    ]

    @Test func everyFormMatchesItsGoldenByteForByte() throws {
        let store = try Self.store()
        #expect(try store.count("Person") == 80)
        for form in Self.forms {
            let text = try ExportFixtures.export(store, form.options)
            let url = Self.goldens.appendingPathComponent("export-people-\(form.name)")
            if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
                try text.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(ExportFixtures.firstDifference(golden, text) == "identical", "\(form.name)")
        }
    }

    /// A whole class read by the export reader gives the bytes the object-by-object path gives
    /// for a selection of every object (the same order: the primary key).
    @Test(arguments: ["Person", "Dog"])
    func theWholeClassEqualsASelectionOfEveryObject(className: String) throws {
        let store = try Self.store()
        for mode in [ExtendedJSONMode.relaxed, .canonical] {
            let whole = try ExportFixtures.export(store, ExportOptions(classes: [className], shape: .ndjson, mode: mode))
            let selected = try ExportFixtures.export(store, ExportOptions(classes: [className], shape: .ndjson, mode: mode,
                                                                          selection: ExportSelection(query: "TRUEPREDICATE")))
            #expect(ExportFixtures.firstDifference(selected, whole) == "identical", "\(className) \(mode)")
            #expect(whole.split(separator: "\n").count == (try store.count(className)))
        }
    }

    /// People are created in primary-key order here, so Person is read in key order with its
    /// collections straight from their side tables: rows whose owner does not exist there (a
    /// file damaged by hand) are passed over, not taken as the end of the next person's rows.
    @Test func sideTableRowsWithoutAnOwnerAreSkipped() throws {
        let path = try Temporary.path("realm-export-orphans") + "/a.sqlite"
        var store: Store? = try Self.store(path: path)
        let third = try store!.objects("Person", order: .primaryKey)[2]
        try store!.write { try store!.delete(third) }
        let before = try ExportFixtures.export(store!, Self.forms[2].options)
        store = nil
        let orphans = "INSERT INTO \"Person.tags\"(owner, value) VALUES (0, 'orphan'), (\(third.key), 'orphan');"
            + "INSERT INTO \"Person.attributes\"(owner, key, value) VALUES (\(third.key), 'k', 'orphan');"
        let shell = try Command.run("sqlite3", [path, orphans])
        try #require(shell.status == 0, "\(shell.stderr)")
        let after = try ExportFixtures.export(try Store(path: path), Self.forms[2].options)
        #expect(before.contains("\"partner\""))
        #expect(ExportFixtures.firstDifference(before, after) == "identical")
    }
}
