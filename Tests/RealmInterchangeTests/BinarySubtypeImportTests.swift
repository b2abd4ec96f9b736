import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// A `data` property that keeps a binary subtype (`subtype: 9`, docs/schema-rules.md, section
/// 1.7): import takes that subtype only, from Extended JSON, BSON and CSV; every export writes
/// it back, and only for that property.
@Suite struct BinarySubtypeImportTests {
    static let schema = """
        models:
          T:
            primaryKey: id
            properties:
              id: int
              v: { type: data?, subtype: 9 }
              vs: { type: "data[]", subtype: 9 }
              byName: { type: "data{}", subtype: 128 }
              plain: data?
              m: mixed
              e: E?
          E:
            embedded: true
            properties:
              w: { type: data?, subtype: 9 }
              d: data?
        """

    static func binary(_ base64: String, _ subType: String) -> String {
        #"{"$binary": {"base64": "\#(base64)", "subType": "\#(subType)"}}"#
    }

    @Test func extendedJSONOfTheKeptSubtypeIsStored() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run("""
            {"id": 1, "v": \(Self.binary("AQI=", "09")), "vs": [\(Self.binary("", "9")), \(Self.binary("Aw==", "09"))],
             "byName": {"k": \(Self.binary("BA==", "80"))}, "plain": \(Self.binary("BQ==", "00")),
             "m": \(Self.binary("Bg==", "00")), "e": {"w": \(Self.binary("Bw==", "09")), "d": \(Self.binary("CA==", "02"))}}
            """, ImportOptions(className: "T"))
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(try harness.value("T", .int(1), "v") == .data(Data([1, 2])))
        #expect(try harness.value("T", .int(1), "vs") == .list([.data(Data()), .data(Data([3]))]))
        #expect(try harness.value("T", .int(1), "byName") == .dictionary(["k": .data(Data([4]))]))
    }

    /// Any other subtype, generic binary included, is refused where it is, in JSON's terms.
    @Test func anotherSubtypeIsRefusedInJSONTerms() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run("""
            {"id": 1, "v": \(Self.binary("AQI=", "00"))}
            {"id": 2, "vs": [\(Self.binary("AQI=", "09")), \(Self.binary("AQI=", "05"))]}
            {"id": 3, "v": "AQI="}
            {"id": 4, "plain": \(Self.binary("AQI=", "09"))}
            """, ImportOptions(className: "T"))
        #expect(run.messages == [
            "Invalid value '00' of type 'string' for 'data?' property 'T.v': binary subtype 00 (generic) is not the subtype "
                + "this property keeps, 09 (vector).",
            "Invalid value '05' of type 'string' for 'data' array property 'T.vs': binary subtype 05 (MD5) is not the subtype "
                + "this property keeps, 09 (vector).",
            "Invalid value 'AQI=' of type 'string' for 'data?' property 'T.v'.",
            "Invalid value '09' of type 'string' for 'data?' property 'T.plain': binary subtype 09 (vector) would be lost: "
                + "a 'data' property keeps generic binary, subtype 00 (or 02).",
        ])
        #expect(run.errors.map { $0.notes.first } == [
            #"its schema says 'subtype: 9': write "subType": "09", or change the property's 'subtype'"#,
            #"its schema says 'subtype: 9': write "subType": "09", or change the property's 'subtype'"#,
            #"wrap it: {"$binary": {"base64": "AQI=", "subType": "09"}}"#,
            #"to store the bytes without their subtype, write "subType": "00""#,
        ])
        #expect(run.errors.map { $0.notes.last } == ["at JSON path /v/$binary/subType", "at JSON path /vs/1/$binary/subType",
                                                    "at JSON path /v", "at JSON path /plain/$binary/subType"])
        #expect(try harness.objects("T").isEmpty)
    }

    /// Every Extended JSON layout writes the property's subtype, and only that property's:
    /// generic data and mixed data around it stay subtype 00.
    @Test func extendedJSONExportWritesTheSubtypeOfItsPropertyOnly() throws {
        let harness = try ImportHarness(Self.schema)
        let input = """
            {"id":1,"v":\(Self.binary("AQI=", "09")),"vs":[\(Self.binary("Aw==", "09"))],"byName":{"k":\(Self.binary("BA==", "80"))},\
            "plain":\(Self.binary("BQ==", "00")),"m":\(Self.binary("Bg==", "00")),\
            "e":{"w":\(Self.binary("Bw==", "09")),"d":\(Self.binary("CA==", "00"))}}
            """
        #expect(try harness.run(input, ImportOptions(className: "T")).errors.isEmpty)
        let compact = input.replacingOccurrences(of: "\": ", with: "\":").replacingOccurrences(of: ", \"", with: ",\"")
        for pretty in [false, true] {
            for mode in [ExtendedJSONMode.relaxed, .canonical] {
                let text = try ExportFixtures.export(try harness.open, ExportOptions(classes: ["T"], mode: mode, pretty: pretty))
                let squeezed = text.filter { !$0.isWhitespace }
                let subtypes = squeezed.matches(of: /"subType":"([0-9a-f]{2})"/).map { String($0.output.1) }
                #expect(subtypes == ["09", "09", "80", "00", "00", "09", "00"], "\(mode) \(pretty): \(text)")
                if mode == .relaxed { #expect(squeezed.contains(compact.filter { !$0.isWhitespace }), "\(text)") }
            }
        }
    }

    /// BSON: a list of vectors, a map of user-defined binaries; another subtype in the list is
    /// named in BSON's terms at its element.
    @Test func bsonCollectionsKeepTheSubtype() throws {
        let harness = try ImportHarness(Self.schema)
        let good = try harness.run(bytes: try PyMongoBSON.bytes(
            "[{'id': 1, 'vs': [Binary(b'ab', 9), Binary(b'', 9)], 'byName': {'k': Binary(b'c', 128)}, 'e': {'w': Binary(b'd', 9)}}]"),
            ImportOptions(className: "T"), name: "input.bson")
        #expect(good.errors.isEmpty, "\(good.diagnostics)")
        #expect(try harness.value("T", .int(1), "vs") == .list([.data(Data("ab".utf8)), .data(Data())]))
        let bad = try harness.run(bytes: try PyMongoBSON.bytes(
            "[{'id': 2, 'vs': [Binary(b'ab', 9), Binary(b'x', 6)], 'e': {'w': Binary(b'd', 0)}, 'plain': Binary(b'v', 9)}]"),
            ImportOptions(className: "T"), name: "input.bson")
        #expect(bad.messages == [
            "Invalid value of BSON type 'binary subtype 0x06 (encrypted)' for 'data' array property 'T.vs': the property keeps "
                + "binary subtype 0x09 (vector) only.",
            "Invalid value of BSON type 'binary subtype 0x09 (vector)' for 'data?' property 'T.plain': a 'data' property keeps "
                + "generic binary, subtypes 0x00 and 0x02, unless its schema gives a 'subtype'.",
            "Invalid value of BSON type 'binary subtype 0x00 (generic)' for 'data?' property 'E.w': the property keeps "
                + "binary subtype 0x09 (vector) only.",
        ])
        #expect(bad.errors.map { $0.notes.last } == ["at field path vs.1", "at field path plain", "at field path e.w"])
        // The embedded object's values are converted after its parent's.
        #expect(bad.errors[1].notes.contains(
            "to keep the bytes with their subtype, give the property the subtype in the schema: plain: { type: data?, subtype: 9 }")
            == true, "\(bad.diagnostics)")
        #expect(try harness.objects("T").count == 1)
    }

    /// CSV has no subtypes: a base64 cell fills the property as its subtype says (docs/csv.md).
    @Test func csvCellsFillAPropertyThatKeepsASubtype() throws {
        let harness = try ImportHarness(Self.schema)
        let path = harness.directory + "/rows.csv"
        try "id,v,plain\n1,AQI=,Aw==\n".write(toFile: path, atomically: true, encoding: .utf8)
        let importer = try Importer(store: try harness.open, options: ImportOptions(className: "T"))
        try importer.importInput(try importer.tableSource(path: path, format: .csv))
        #expect(try importer.finish().committed, "\(importer.diagnostics)")
        #expect(try harness.value("T", .int(1), "v") == .data(Data([1, 2])))
        #expect(try harness.value("T", .int(1), "plain") == .data(Data([3])))
    }
}
