import Foundation
import Testing
@testable import RealmFile

/// `RealmLeafReader` (what realm-import reads with) gives exactly what `forEachObject` decodes,
/// in order and by key, for every class of every vendored fixture, and keeps a bounded number of
/// leaves however many objects are looked up.
@Suite("RealmLeafReader reads what forEachObject decodes")
struct LeafReaderTests {
    static let fixtures = ["all-types", "all-types-writecopy", "people-1000", "empty-schema-v3", "decimal-widths", "fulltext"]

    /// Row `row` of `leaf` as `forEachObject` gives its values.
    static func values(_ leaf: RealmLeaf, _ row: Int, _ cls: RealmClass) -> [RealmValue] {
        zip(leaf.columns, cls.properties).map { column, property in
            switch column {
            case .scalar(let cells):
                return cells.value(row)
            case .collection(let lists):
                let elements = lists.leaves(of: row).flatMap { leaf in (0..<leaf.count).map { leaf.value($0) } }
                return property.collection == .set ? .set(elements) : .list(elements)
            case .dictionary(let maps):
                var entries: [RealmDictionaryEntry] = []
                maps.forEachEntry(of: row) { key, leaf, index in
                    entries.append(RealmDictionaryEntry(key: String(decoding: key, as: UTF8.self), value: leaf.value(index)))
                }
                return .dictionary(entries)
            case .values(let values):
                return values[row]
            }
        }
    }

    /// Whether `a` and `b` are the same value, floats and doubles bit for bit (NaN included).
    static func same(_ a: RealmValue, _ b: RealmValue) -> Bool {
        switch (a, b) {
        case (.float(let x), .float(let y)): return x.bitPattern == y.bitPattern
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.list(let x), .list(let y)), (.set(let x), .set(let y)): return same(x, y)
        case (.dictionary(let x), .dictionary(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: return a == b
        }
    }

    static func same(_ a: [RealmValue], _ b: [RealmValue]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }

    /// The first properties of `object` whose values differ from `values`, by name.
    static func differences(_ values: [RealmValue], _ object: RealmObject, _ cls: RealmClass) -> [String] {
        guard values.count == object.values.count else { return ["\(values.count) values, not \(object.values.count)"] }
        return zip(cls.properties, zip(values, object.values)).compactMap { property, pair in
            same(pair.0, pair.1) ? nil : "\(cls.name).\(property.name) of \(object.key): \(pair.0) is not \(pair.1)".prefix(300).description
        }
    }

    /// Every object of `cls` read leaf by leaf, compared key by key and value by value with the
    /// general decoding: the objects decoded, the objects read, the differences, and the columns
    /// read in place.
    static func readInOrder(_ file: RealmFile, _ cls: RealmClass) throws -> (Int, Int, [String], Int) {
        let expected = try file.objects(in: cls)
        let reader = try RealmLeafReader(file: file, realmClass: cls)
        var read = 0
        var inPlace = 0
        var differences: [String] = []
        while let leaf = try reader.nextLeaf() {
            for row in 0..<leaf.count where read + row < expected.count {
                #expect(leaf.keys[row] == expected[read + row].key)
                differences += Self.differences(Self.values(leaf, row, cls), expected[read + row], cls)
            }
            read += leaf.count
            inPlace += leaf.columns.filter { if case .values = $0 { false } else { true } }.count
        }
        return (expected.count, read, differences, inPlace)
    }

    @Test(arguments: fixtures)
    func everyObjectReadInOrderIsTheDecodedOne(fixture: String) throws {
        let file = try RealmFile(path: Fixtures.path("\(fixture).realm"))
        var inPlace = 0
        for cls in file.classes {
            let (expected, read, differences, columnsInPlace) = try Self.readInOrder(file, cls)
            inPlace += columnsInPlace
            #expect(read == expected, "\(fixture) \(cls.name)")
            #expect(differences.prefix(5) == [], "\(fixture)")
        }
        if fixture != "empty-schema-v3" { #expect(inPlace > 10) }
    }

    /// Formats 22 and 23 (realm-core's own test files, plain tables): the reader falls back to the
    /// general decoding where its in-place forms do not apply (format 22's dictionaries).
    @Test(arguments: ["format-22-node-1000", "format-22-node-4", "format-23-node-1000", "format-23-node-4"])
    func olderFormatsReadAsDecoded(name: String) throws {
        let path = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("realm-core-formats/\(name).realm").path
        let file = try RealmFile(path: path)
        #expect(!file.otherTables.isEmpty)
        for table in file.otherTables {
            let cls = try #require(try file.table(named: table))
            let (expected, read, differences, _) = try Self.readInOrder(file, cls)
            #expect(read == expected && expected > 0, "\(name) \(table)")
            #expect(differences.prefix(5) == [], "\(name) \(table)")
        }
    }

    @Test(arguments: fixtures)
    func everyObjectFoundByKeyIsTheDecodedOne(fixture: String) throws {
        let file = try RealmFile(path: Fixtures.path("\(fixture).realm"))
        var random = SeededRandom(seed: 31)
        for cls in file.classes {
            let expected = try file.objects(in: cls)
            let reader = try RealmLeafReader(file: file, realmClass: cls)
            // In key order, then shuffled: each found with its values, and at most 8 leaves kept.
            for object in expected + expected.shuffled(using: &random) {
                let (leaf, row) = try #require(try reader.object(object.key), "\(fixture) \(cls.name) \(object.key)")
                #expect(leaf.keys[row] == object.key)
                #expect(Self.differences(Self.values(leaf, row, cls), object, cls) == [], "\(fixture)")
                #expect(reader.leavesKept <= RealmLeafReader.recentLeaves)
            }
            let keys = Set(expected.map(\.key))
            for missing in [-1, 256, 1_000_000, Int64.max] where !keys.contains(missing) {
                #expect(try reader.object(missing) == nil, "\(fixture) \(cls.name) \(missing)")
            }
        }
    }

    /// A property subset: the columns asked for, in the order asked.
    @Test func aSubsetOfPropertiesIsReadInTheOrderAsked() throws {
        let file = try RealmFile(path: Fixtures.path("people-1000.realm"))
        let person = try #require(file.realmClass(named: "Person"))
        let expected = try file.objects(in: person)
        let reader = try RealmLeafReader(file: file, realmClass: person, properties: [2, 0])
        let (leaf, row) = try #require(try reader.object(expected[500].key))
        #expect(leaf.columns.count == 2)
        if case .scalar(let cells) = leaf.columns[1] { #expect(Self.same(cells.value(row), expected[500].values[0])) } else {
            Issue.record("column 0 of Person is not read in place")
        }
    }
}
