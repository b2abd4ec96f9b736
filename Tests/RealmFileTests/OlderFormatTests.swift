import Foundation
import XCTest
@testable import RealmFile

/// Files of format 22 (realm-core 11 and 12) and 23 (realm-core 13), written by realm-core's own
/// file-format tests (`Tests/Fixtures/realm-core-formats`, see its README). Each exists twice: with
/// realm-core's usual B+tree node size of 1,000 and with a node size of 4, whose deep cluster trees,
/// dictionaries and sets exercise every inner-node path of the reader.
///
/// The expected values are those realm-core's test program put in the files. Format 22 keeps
/// dictionaries and sets in an order of its own (hashes, and strings before binaries), format 23
/// sets in the old string order: both are compared as unordered collections.
final class OlderFormatTests: XCTestCase {
    private static let directory = Fixtures.directory.deletingLastPathComponent()
        .appendingPathComponent("realm-core-formats")

    private func open(_ name: String) throws -> RealmFile {
        try RealmFile(path: Self.directory.appendingPathComponent(name).path)
    }

    private func table(_ name: String, in file: RealmFile) throws -> RealmClass {
        try XCTUnwrap(try file.table(named: name), "no table \(name)")
    }

    // MARK: - Format 22

    func testFormat22DictionaryOfMixedWithALink() throws {
        for name in ["format-22-node-1000.realm", "format-22-node-4.realm"] {
            let file = try open(name)
            XCTAssertEqual(file.formatVersion, 22, name)
            XCTAssertEqual(file.classes, [], "realm-core's test files have no object-store classes")
            XCTAssertEqual(Set(file.otherTables), ["table", "target"], name)

            let target = try table("target", in: file)
            XCTAssertEqual(target.primaryKey, "id", name)
            let targets = try file.objects(in: target)
            XCTAssertEqual(targets.map(\.values), [[.int(47)]], name)
            XCTAssertEqual(targets[0].backlinks, [[0], [0]], "\(name): one backlink from the dictionary, one from the set")

            let owner = try table("table", in: file)
            XCTAssertEqual(owner.primaryKey, "id", "\(name): the key of column 0 is 0, and still the primary key")
            XCTAssertEqual(owner.properties.map(\.name), ["id", "dict", "set"], name)
            XCTAssertEqual(owner.properties.map(\.collection), [.none, .map, .set], name)
            let objects = try file.objects(in: owner)
            XCTAssertEqual(objects.count, 1, name)
            XCTAssertEqual(objects[0].values[0], .int(1), name)
            let linkToTarget = RealmValue.link(RealmLink(tableName: "target", objectKey: targets[0].key))

            guard case .dictionary(let entries) = objects[0].values[1] else {
                return XCTFail("\(name): dict is \(objects[0].values[1])")
            }
            let expected: [String: RealmValue] = [
                "one": .int(1), "two": .double(2), "three": .string("John"), "four": .string("Paul"),
                "five": .string("George"), "six": .string("Ringo"), "seven": .string("Morgan"),
                "eight": .timestamp(seconds: 4, nanoseconds: 5), "nine": linkToTarget,
            ]
            XCTAssertEqual(entries.count, expected.count, name)
            for entry in entries {
                XCTAssertEqual(entry.value, expected[entry.key], "\(name): dict[\(entry.key)]")
            }

            // realm-core's test made its binaries from C string literals, whose NUL it kept.
            assertSameElements(objects[0].values[2], [
                .int(1), .double(2), .string("John"), .string("Ringo"), .data(bytes("Paul\0")),
                .data(bytes("George\0")), .string("Beatles"), linkToTarget,
            ], name)
        }
    }

    // MARK: - Format 23

    func testFormat23ManyLinksToOneObject() throws {
        for (name, count) in [("format-23-node-1000.realm", 10_000), ("format-23-node-4.realm", 40)] {
            let file = try open(name)
            XCTAssertEqual(file.formatVersion, 23, name)
            let target = try table("target", in: file)
            let targets = try file.objects(in: target)
            XCTAssertEqual(targets.map(\.values), [[.int(1)]], name)

            let origin = try table("table", in: file)
            XCTAssertEqual(origin.primaryKey, "id", name)
            var ids: [Int64] = []
            var keys: [Int64] = []
            try file.forEachObject(in: origin) { object in
                guard case .int(let id) = object.values[0] else { return XCTFail("\(name): id \(object.values[0])") }
                ids.append(id)
                keys.append(object.key)
                XCTAssertEqual(object.values[1], .link(RealmLink(tableName: "target", objectKey: targets[0].key)),
                               "\(name): object \(id)")
            }
            let created = (0..<Int64(count)).map { $0 }
            XCTAssertEqual(ids, created, "\(name): every object once, in key order")
            // Format 23 keeps a target's backlinks in one plain array, however many: the keys
            // realm-core gave the objects, 0 on in creation order.
            XCTAssertEqual(targets[0].backlinks.count, 1, name)
            XCTAssertEqual(targets[0].backlinks.first?.sorted(), created, name)
            if name.hasSuffix("node-1000.realm") {
                XCTAssertEqual(keys, created, name)
            } else {
                // A cluster's inner node without a key array places child i at i << 8 (realm-core's
                // shift for 256-object clusters); the build with 4-object nodes used i << 2, so an
                // SDK reads these objects under other keys, as this reader does. Values are the same.
                XCTAssertEqual(keys.prefix(8), [0, 1, 2, 3, 256, 257, 258, 259], name)
            }
        }
    }

    func testFormat23SetsOfMixedStringAndBinaryInTheOldOrder() throws {
        for name in ["format-23-node-1000.realm", "format-23-node-4.realm"] {
            let file = try open(name)
            let owner = try table("table_for_mixed", in: file)
            XCTAssertEqual(owner.properties.map(\.name), ["id", "mixedSet", "stringSet", "binarySet"], name)
            XCTAssertEqual(owner.properties.map(\.type), [.int, .mixed, .string, .data], name)
            XCTAssertTrue(owner.properties[0].isOptional, name)
            let objects = try file.objects(in: owner)
            XCTAssertEqual(objects.count, 1, name)
            XCTAssertEqual(objects[0].values[0], .int(1), name)
            assertSameElements(objects[0].values[1], Self.setValues, "\(name): mixedSet")
            assertSameElements(objects[0].values[2], Self.setValues.filter(\.isStringOrNull), "\(name): stringSet")
            assertSameElements(objects[0].values[3], Self.setValues.filter(\.isDataOrNull), "\(name): binarySet")
        }
    }

    func testFormat23IndexedMixedAndStringPrimaryKeys() throws {
        for name in ["format-23-node-1000.realm", "format-23-node-4.realm"] {
            let file = try open(name)
            let strings = try table("table2", in: file)
            XCTAssertEqual(strings.primaryKey, "id", name)
            XCTAssertEqual(strings.properties.map(\.type), [.string, .mixed], name)
            XCTAssertTrue(strings.properties[1].isIndexed, "\(name): the mixed column has a search index")
            let objects = try file.objects(in: strings)
            let expected = Self.setValues.filter(\.isStringOrNull)
            XCTAssertEqual(objects.count, expected.count, name)
            for object in objects {
                XCTAssertEqual(object.values[0], object.values[1], "\(name): the key is the mixed value")
            }
            assertSameElements(.set(objects.map { $0.values[0] }), expected, "\(name): keys")
        }
    }

    /// The values realm-core's test put in each set of format 23's `table_for_mixed`.
    private static let setValues: [RealmValue] = {
        let base = String(repeating: "a", count: 200)
        var values: [RealmValue] = [
            .int(1), .double(2), .string("John"), .string("Ringo"), .data(bytes("Paul\0")), .data(bytes("George\0")),
            .timestamp(seconds: 0, nanoseconds: 0), .objectId(hex("abcdefabcdefabcdefabcdef")),
            .uuid(Array(repeating: 0, count: 16)), .string("Æ"), .string("æ"), .string("ÿ"), .string("ʄ"),
            .string("Beatles"), .string("john"), .string("ringo"), .null, .string(""), .string("\0"),
            .string("\0\u{1}"), .string("\0\0\u{1}"), .string("\u{1}\0"),
        ]
        for suffix in ["aaaaa", "aaaaA", "aaaaʄ", "aaaaÆ", "aaaaæ"] {
            values.append(.string(base + suffix))
            values.append(.data(bytes(base + suffix)))
        }
        return values
    }()

    private func assertSameElements(_ value: RealmValue, _ expected: [RealmValue], _ message: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        guard case .set(let elements) = value else {
            return XCTFail("\(message): not a set: \(value)", file: file, line: line)
        }
        XCTAssertEqual(elements.map(String.init(describing:)).sorted(), expected.map(String.init(describing:)).sorted(),
                       message, file: file, line: line)
    }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func hex(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        result.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return result
}

private extension RealmValue {
    var isStringOrNull: Bool {
        switch self {
        case .string, .null: true
        default: false
        }
    }

    var isDataOrNull: Bool {
        switch self {
        case .data, .null: true
        default: false
        }
    }
}
