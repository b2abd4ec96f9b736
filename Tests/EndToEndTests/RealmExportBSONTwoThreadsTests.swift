import Foundation
import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// `realm-export --type bson` of classes large enough (20,000 objects) to be cut in two halves
/// exported on two threads: the directory form and the one-file form are byte for byte what a
/// selection of every object (`--query TRUEPREDICATE`, which one thread writes object by object)
/// gives, and a failure in the second half leaves no file behind.
@Suite("realm-export --type bson on two threads")
struct RealmExportBSONTwoThreadsTests {
    static let schema = """
        schemaVersion: 1
        models:
          Big: { primaryKey: id, properties: { id: int, name: string, when: date, tags: "string[]" } }
          Loose: { properties: { n: int, big: Big? } }
        """

    static let count = 20_500

    /// A store of `count` Big and `count` Loose objects (Loose's keys with a gap, each linking a Big).
    func store(_ directory: String) throws -> (path: String, store: Store) {
        let path = directory + "/t.sqlite"
        let store = try Store(path: path, schema: try schemaFromYAML(Self.schema, path: "t.yaml"))
        try store.write {
            for id in 0..<Self.count {
                // Primary keys out of creation order: the class is read through its index.
                let key = Int64((id * 7_919) % Self.count)
                let big = try store.create("Big", value: ["id": .value(.int(key)), "name": .value(.string("n\(id)")),
                                                          "when": .value(.date(Timestamp(seconds: Int64(id) * 86_400))),
                                                          "tags": .collection((0..<id % 3).map { .value(.string("t\($0)")) })])
                let loose = try store.create("Loose", value: ["n": .value(.int(Int64(id)))])
                try store.set(loose, "big", .value(.object(big)))
                if id == 10 { try store.delete(loose) }
            }
        }
        return (path, store)
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func halvesOfLargeClassesAreTheOneThreadBytes() throws {
        let directory = try Temporary.path("realm-bson-two")
        let (path, _) = try store(directory)
        let dump = try Tool.run("realm-export", ["--store", path, "--type", "bson", "-o", directory + "/dump"])
        #expect(dump.status == 0, "\(dump.stderr)")
        for name in ["Big", "Loose"] {
            let selected = try Tool.run("realm-export", ["--store", path, "--type", "bson", "--class", name,
                                                         "--query", "TRUEPREDICATE", "-o", directory + "/\(name)-one.bson"])
            #expect(selected.status == 0, "\(selected.stderr)")
            let file = try Tool.run("realm-export", ["--store", path, "--type", "bson", "--class", name, "-o", directory + "/\(name).bson"])
            #expect(file.status == 0, "\(file.stderr)")
            let expected = try #require(contents(directory + "/\(name)-one.bson"))
            #expect(expected.count > Self.count * 20)
            #expect(contents(directory + "/dump/\(name).bson") == expected, "\(name) in the directory")
            #expect(contents(directory + "/\(name).bson") == expected, "\(name) in one file")
        }
    }

    @Test func aFailureInTheSecondHalfLeavesNoFile() throws {
        let directory = try Temporary.path("realm-bson-two")
        let (path, store) = try store(directory)
        try store.write {
            let big = try #require(try store.object("Big", primaryKey: .int(Int64(Self.count - 3))))
            try store.set(big, "when", .value(.date(Timestamp(seconds: Int64.max / 10))))
        }
        let result = try Tool.run("realm-export", ["--store", path, "--type", "bson", "-o", directory + "/dump"])
        #expect(result.status == 1 && result.stderr.contains("outside the range of a BSON date"), "\(result.stderr)")
        // The directory the run made goes too.
        #expect(!FileManager.default.fileExists(atPath: directory + "/dump"))
        let file = try Tool.run("realm-export", ["--store", path, "--type", "bson", "--class", "Big", "-o", directory + "/big.bson"])
        #expect(file.status == 1 && file.stderr.contains("outside the range of a BSON date"), "\(file.stderr)")
        // Neither the file, nor its metadata, nor a temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("big") } == [])
    }
}
