import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// The exact bytes of `realm-export`'s output, pinned: a store of one fixed seed holding every
/// value type (single, optional, list, set, map, mixed with nested collections and links,
/// embedded objects, links to classes with and without a primary key) is exported in every form
/// and compared with `Goldens/export-*.json`. Round trips prove the output reads back; this
/// proves it does not change (a faster exporter must write the same bytes).
/// `RECORD_GOLDENS=1` rewrites the goldens instead of comparing.
@Suite("realm-export golden output")
struct ExportGoldenTests {
    static let goldens = Repository.url("Tests/RealmInterchangeTests/Goldens")

    /// The fixed store: seed 17, seven objects a class, a few deleted (keys with gaps); with
    /// `singleClass`, only Kitchen and its embedded Part (so Kitchen exports as NDJSON).
    static func store(singleClass: Bool = false) throws -> Store {
        let schema = ExportTestSchema.make(singleClass: singleClass, references: !singleClass)
        let store = try Store(path: try Temporary.path("realm-export-golden") + "/a.sqlite", schema: schema)
        var generator = ExportTestStore(seed: 17, schema: schema, mixedLinks: true)
        try generator.fill(store, objects: 7)
        return store
    }

    static let forms: [(name: String, singleClass: Bool, options: ExportOptions)] = [
        ("relaxed", false, ExportOptions()),
        ("canonical", false, ExportOptions(mode: .canonical)),
        ("pretty", false, ExportOptions(pretty: true)),
        ("note-relaxed.ndjson", false, ExportOptions(classes: ["Note"], shape: .ndjson)),
        ("note-selection.ndjson", false, ExportOptions(classes: ["Note"], shape: .ndjson, mode: .canonical,
                                                       selection: ExportSelection(query: "text != ''", sort: ["-text"], limit: 5))),
        ("kitchen-relaxed.ndjson", true, ExportOptions(classes: ["Kitchen"], shape: .ndjson)),
        ("kitchen-canonical.ndjson", true, ExportOptions(classes: ["Kitchen"], shape: .ndjson, mode: .canonical)),
        ("kitchen-selection.ndjson", true, ExportOptions(classes: ["Kitchen"], shape: .ndjson,
                                                         selection: ExportSelection(query: "i != 0", sort: ["-s", "id"], limit: 5))),
    ]

    @Test func everyFormMatchesItsGoldenByteForByte() throws {
        let stores = [false: try Self.store(), true: try Self.store(singleClass: true)]
        for form in Self.forms {
            let text = try ExportFixtures.export(stores[form.singleClass]!, form.options)
            let url = Self.goldens.appendingPathComponent("export-\(form.name).json")
            if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
                try text.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(ExportFixtures.firstDifference(golden, text) == "identical", "\(form.name)")
        }
    }

    /// The fixed store really is fixed (else the goldens would pin nothing), and covers what
    /// the suite claims: every scalar type, nested mixed values, mixed links and `$ref`s.
    @Test func theGoldenStoreIsDeterministicAndCoversEveryKind() throws {
        let first = try ExportFixtures.export(try Self.store(), ExportOptions(mode: .canonical))
        let second = try ExportFixtures.export(try Self.store(), ExportOptions(mode: .canonical))
        #expect(first == second)
        #expect(try ExportFixtures.export(try Self.store(singleClass: true), Self.forms[6].options)
            == (try ExportFixtures.export(try Self.store(singleClass: true), Self.forms[6].options)))
        for marker in ["$numberInt", "$numberLong", "$numberDouble", "$numberDecimal", "$oid", "$binary", "\"subType\":\"04\"",
                       "$date", "\"$ref\":\"Note\"", "\"$ref\":\"Kitchen\"", "\"$id\":", "Infinity", "NaN", "\\u0000", "日本"] {
            #expect(first.contains(marker), "\(marker)")
        }
    }
}
