import Foundation
import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// MongoDB's 16 MiB document limit on `realm-export --type bson`: an object of exactly 16,777,216
/// bytes as BSON is written, one byte more is an error naming the object (its class and primary
/// key, or its number in export order), and the files of the last good export stay as they were,
/// with no temporary files beside them.
@Suite struct RealmExportBSONLimitTests {
    static let schema = """
        schemaVersion: 1
        models:
          Keyed: { primaryKey: id, properties: { id: string, text: string } }
          Loose: { properties: { n: int, text: string } }
        """

    static let limit = 16 * 1024 * 1024

    /// A `Keyed` document is 4 (length) + 1 + 3 + 4 + 2 ("id": "k") + 1 + 5 + 4 + 1 (text) + 1
    /// (the final 0) = 26 bytes and its text; a `Loose` one, with `$id` and `n` as int32s, 32.
    static let keyedOverhead = 26
    static let looseOverhead = 32

    func files(_ directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            result[name] = FileManager.default.contents(atPath: directory + "/" + name)
        }
        return result
    }

    @Test func aDocumentOverSixteenMebibytesIsALocatedErrorWithNothingWritten() throws {
        let directory = try Temporary.path("realm-bson-limit")
        let path = directory + "/s.realm"
        let store = try Store(path: path, schema: try schemaFromYAML(Self.schema, path: "s.yaml"))
        let (keyed, loose) = try store.write {
            let keyed = try store.create("Keyed", value: ["id": "k", "text": .value(.string(String(repeating: "a", count: Self.limit - Self.keyedOverhead)))])
            _ = try store.create("Loose", value: ["n": 1, "text": "small"])
            let loose = try store.create("Loose", value: ["n": 2, "text": .value(.string(String(repeating: "b", count: Self.limit - Self.looseOverhead)))])
            return (keyed, loose)
        }
        // Both at the limit exactly: written.
        let first = try Tool.run("realm-export", ["--store", path, "--type", "bson", "-o", directory + "/dump"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try files(directory + "/dump")
        #expect(before["Keyed.bson"]?.count == Self.limit && before["Loose.bson"]?.count == Self.limit + 32 + "small".count)

        try store.write { try store.set(keyed, "text", .value(.string(String(repeating: "a", count: Self.limit - Self.keyedOverhead + 1)))) }
        let keyedOver = try Tool.run("realm-export", ["--store", path, "--type", "bson", "-o", directory + "/dump"])
        #expect(keyedOver.status == 1 && keyedOver.stderr.contains(
            "the Keyed object with primary key k is 16777217 bytes as BSON, over MongoDB's limit of 16777216 bytes (16 MiB) for a document"),
                "\(keyedOver.stderr)")
        #expect(try files(directory + "/dump") == before)

        try store.write {
            try store.set(keyed, "text", "short again")
            try store.set(loose, "text", .value(.string(String(repeating: "b", count: Self.limit))))
        }
        let looseOver = try Tool.run("realm-export", ["--store", path, "--type", "bson", "-o", directory + "/dump"])
        #expect(looseOver.status == 1 && looseOver.stderr.contains(
            "the Loose object number 2 in insertion order ($id 2) is 16777248 bytes as BSON, over MongoDB's limit"), "\(looseOver.stderr)")
        #expect(try files(directory + "/dump") == before)

        // One class into one file, gone again when it fails (no earlier file to keep).
        let single = try Tool.run("realm-export", ["--store", path, "--type", "bson", "--class", "Loose", "-o", directory + "/loose.bson"])
        #expect(single.status == 1 && single.stderr.contains("the Loose object number 2"), "\(single.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix("s.realm") }
        #expect(left == ["dump"], "\(left)")
    }
}
