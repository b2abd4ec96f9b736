import Foundation
import Testing
@testable import RealmFile

/// Every vendored fixture read and compared, schema and every value, with realm-core's own
/// reading of it.
@Suite("RealmFile reads realm-core's fixtures as realm-core does")
struct FixtureTests {
    static let fixtures = ["all-types", "all-types-writecopy", "people-1000", "empty-schema-v3", "decimal-widths", "fulltext"]

    @Test(arguments: fixtures)
    func schemaMatchesRealmCore(fixture: String) throws {
        let comparison = try DumpComparison(fixture: fixture)
        comparison.compareSchema()
        #expect(comparison.differences == [])
    }

    @Test(arguments: fixtures)
    func everyValueMatchesRealmCore(fixture: String) throws {
        let comparison = try DumpComparison(fixture: fixture)
        comparison.compareObjects()
        #expect(comparison.differences.prefix(20) == [])
        if fixture != "empty-schema-v3" { #expect(comparison.valuesCompared > 100) }
    }

    @Test func formsAndVersions() throws {
        let normal = try RealmFile(path: Fixtures.path("all-types.realm"))
        #expect(!normal.isStreamingForm && normal.formatVersion == 24 && normal.schemaVersion == 1)
        let streaming = try RealmFile(path: Fixtures.path("all-types-writecopy.realm"))
        #expect(streaming.isStreamingForm && streaming.formatVersion == 24)
        let empty = try RealmFile(path: Fixtures.path("empty-schema-v3.realm"))
        #expect(empty.schemaVersion == 3 && empty.otherTables == ["metadata"])
        #expect(empty.classes.map(\.name).sorted() == ["Address", "Dog", "Person"])
    }

    @Test func peopleCountsAndKeys() throws {
        let file = try RealmFile(path: Fixtures.path("people-1000.realm"))
        let person = try #require(file.realmClass(named: "Person"))
        let dog = try #require(file.realmClass(named: "Dog"))
        let address = try #require(file.realmClass(named: "Address"))
        #expect(try file.objects(in: person).map(\.key) == Array(0..<1000))
        #expect(try file.objects(in: dog).map(\.key) == Array(0..<1200))
        #expect(address.kind == .embedded && address.backlinks.map(\.originProperty) == ["address"])
        // Embedded keys run 0…255, then 65536… (the sync-style squeezed key).
        let keys = try file.objects(in: address).map(\.key)
        #expect(keys.count == 811 && keys.contains(65536) && !keys.contains(256))
        let summary = try file.summary()
        #expect(summary.objectCount == 3011 && summary.classCount == 3)
    }

    @Test func edgeValuesAreBitExact() throws {
        let file = try RealmFile(path: Fixtures.path("all-types.realm"))
        let cls = try #require(file.realmClass(named: "AllTypes"))
        let first = try #require(try file.objects(in: cls).first)
        func value(_ name: String) -> RealmValue? {
            cls.properties.firstIndex { $0.name == name }.map { first.values[$0] }
        }
        guard case .float(let nan) = value("floatValue"), case .double(let negativeZero) = value("doubleValue"),
              case .float(let negativeZeroFloat) = value("optFloat") else {
            Issue.record("unexpected float values")
            return
        }
        #expect(nan.isNaN)
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(negativeZeroFloat == 0 && negativeZeroFloat.sign == .minus)
        #expect(value("intValue") == .int(.max) && value("optInt") == .int(.min))
        #expect(value("dateValue") == .timestamp(seconds: -1_000_000_000, nanoseconds: -123_456_789))
        guard case .string(let long) = value("optString"), case .data(let blob) = value("dataValue") else {
            Issue.record("unexpected string or binary values")
            return
        }
        #expect(long.utf8.count == 102_400 && blob.count == 20_480)
    }
}

/// The comparison itself notices differences (so that passing tests mean something).
@Suite("The dump comparison catches differences")
struct DumpComparisonSelfTests {
    @Test func mismatchesAreReported() throws {
        let comparison = try DumpComparison(fixture: "empty-schema-v3")
        #expect(comparison.compare(.int(1), NSNumber(value: 2), at: "x") != nil)
        #expect(comparison.compare(.double(-0.0), NSNumber(value: 0.0), at: "x") != nil)
        #expect(comparison.compare(.float(.nan), "NaN", at: "x") == nil)
        #expect(comparison.compare(.string("a"), NSNull(), at: "x") != nil)
        #expect(comparison.compare(.timestamp(seconds: 1, nanoseconds: 2),
                                   ["$date": ["seconds": NSNumber(value: 1), "nanoseconds": NSNumber(value: 3)]], at: "x") != nil)
        #expect(DecimalText.parse("123.456") == .finite(negative: false, coefficient: 123_456, exponent: -3))
        #expect(comparison.compare(.decimal128(RealmDecimal128(bid64: 0x31c0_0000_0000_0001)),
                                   ["$numberDecimal": "2"], at: "x") != nil)
    }
}

/// The layouts the fixtures are meant to exercise really are in them, and the header slot that is
/// not selected (the one a running app writes next) is never read.
@Suite("RealmFile layouts and header slots")
struct LayoutTests {
    @Test func decimalLeavesUseAllThreeWidths() throws {
        let file = try RealmFile(path: Fixtures.path("decimal-widths.realm"))
        let table = try #require(file.group.table(named: "class_D"))
        let reader = file.makeReader()
        let leaves = try reader.clusterLeaves(table.clusterRoot, from: table.clusterRootSource)
        #expect(leaves.count == 2 && leaves.last?.keyBase == 256)
        let first = try reader.node(try #require(leaves.first?.ref), from: 0)
        var widths: [String: Int] = [:]
        for name in ["small", "mid", "big"] {
            let column = try #require(table.columns.first { $0.name == name })
            let (ref, source) = try reader.columnLeafRef(first, column: column)
            widths[name] = try reader.node(ref, from: source).width
        }
        #expect(widths == ["small": 4, "mid": 8, "big": 16])
    }

    @Test func theOtherHeaderSlotIsIgnored() throws {
        var bytes = try Fixtures.bytes("all-types.realm")
        let other = 1 - Int(bytes[23] & 1)
        for index in 0..<8 { bytes[8 * other + index] = 0xEE }
        bytes[20 + other] = 99
        let summary = try RealmFile(bytes: bytes).summary()
        #expect(summary.objectCount == 11 && summary.formatVersion == 24)
    }
}
