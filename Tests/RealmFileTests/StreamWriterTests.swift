import Foundation
import Testing
@testable import RealmFile

/// `RealmFileStreamWriter`: the same bytes as `RealmFileWriter` when given the same objects and
/// their backlinks; nodes reach the file while objects still arrive, and the writer never holds
/// more than one cluster leaf's objects; atomic replacement and its refusals.
@Suite("RealmFileStreamWriter writes a file while its objects arrive")
struct StreamWriterTests {
    typealias W = WritingSupport

    /// `file` written again through the stream writer, class by class in its order, each object
    /// with the backlinks the reader found (reordered to the writer's backlink columns).
    static func stream(_ file: RealmFile, path: String?) throws -> RealmFileStreamWriter {
        var mixed: [RealmFileStreamWriter.MixedLink] = []
        for cls in file.classes {
            for column in cls.backlinks {
                guard let originName = column.originClass, let origin = file.realmClass(named: originName),
                      origin.properties.first(where: { $0.name == column.originProperty })?.type == .mixed else { continue }
                mixed.append(RealmFileStreamWriter.MixedLink(originClass: originName, originProperty: column.originProperty,
                                                             targetClass: cls.name))
            }
        }
        let writer = try RealmFileStreamWriter(schema: file.classes, schemaVersion: file.schemaVersion ?? 0, mixedLinks: mixed, path: path)
        for name in writer.classNames {
            let cls = try #require(file.realmClass(named: name))
            let columns = writer.backlinkColumns(of: name)
            let read = cls.backlinks.map { RealmFileStreamWriter.BacklinkColumn(originClass: $0.originClass ?? "", originProperty: $0.originProperty) }
            try writer.beginClass(name)
            for object in try file.objects(in: cls) {
                let backlinks = columns.map { column in read.firstIndex(of: column).map { object.backlinks[$0] } ?? [] }
                try writer.add(RealmObject(key: object.key, values: object.values, backlinks: backlinks))
                #expect(writer.heldObjectCount <= 257)
            }
            try writer.endClass()
        }
        try writer.finish()
        return writer
    }

    @Test(arguments: FixtureTests.fixtures)
    func sameBytesAsTheInMemoryWriter(fixture: String) throws {
        let original = try RealmFile(path: Fixtures.path(fixture + ".realm"))
        #expect(try Self.stream(original, path: nil).bytes == W.rewrite(original))
    }

    @Test func sameBytesForManyObjectsAndEveryKindOfLink() throws {
        let (writer, _) = try WriterShapesTests.writer(items: 3000)
        let bytes = try writer.bytes()
        let file = try RealmFile(bytes: bytes)
        #expect(try Self.stream(file, path: nil).bytes == bytes)
    }

    /// Nodes are written to the temporary file while objects still arrive: with 30,000 objects of
    /// about 100 bytes added, megabytes are on disk before `finish()`, and the writer holds at
    /// most one cluster leaf's objects (what keeps its memory apart from the store's size).
    @Test func nodesReachTheFileBeforeFinish() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("realm-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.realm").path
        let schema = [W.realmClass("Note", [W.property("id", .int, primaryKey: true), W.property("text", .string)], primaryKey: "id")]
        let writer = try RealmFileStreamWriter(schema: schema, schemaVersion: 1, path: path)
        let temporary = try #require(writer.temporaryPath)
        #expect(FileManager.default.fileExists(atPath: temporary) && !FileManager.default.fileExists(atPath: path))
        try writer.beginClass("Note")
        var most = 0
        for key in 0..<30_000 {
            try writer.add(RealmObject(key: Int64(key), values: [.int(Int64(key)), .string(String(repeating: "note \(key) ", count: 8))]))
            most = max(most, writer.heldObjectCount)
        }
        #expect(most == 256, "a leaf is written as its 257th object arrives")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int)
        #expect(size >= 2 << 20, "\(size) bytes written before finish")
        #expect(writer.writtenByteCount == Int64(size))
        try writer.endClass()
        #expect(writer.heldObjectCount == 0)
        try writer.finish()
        #expect(!FileManager.default.fileExists(atPath: temporary))
        let file = try RealmFile(path: path)
        let note = try #require(file.realmClass(named: "Note"))
        let objects = try file.objects(in: note)
        #expect(objects.count == 30_000 && objects.last?.values == [.int(29_999), .string(String(repeating: "note 29999 ", count: 8))])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.realm"])
    }

    @Test func refusalsAndCancelLeaveNoFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("realm-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.realm").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let schema = [W.realmClass("A", [W.property("id", .int, primaryKey: true), W.property("b", .object("B"), optional: true)],
                                   primaryKey: "id"),
                      W.realmClass("B", [W.property("x", .int)], kind: .embedded)]
        // Keys out of order, an embedded object without its owner, a duplicate primary key: each
        // an error that leaves the old file and no temporary file.
        let cases: [(String, [RealmObject])] = [
            ("A", [RealmObject(key: 1, values: [.int(1), .null], backlinks: []), RealmObject(key: 0, values: [.int(2), .null])]),
            ("B", [RealmObject(key: 0, values: [.int(1)], backlinks: [[]])]),
            ("A", [RealmObject(key: 0, values: [.int(1), .null]), RealmObject(key: 1, values: [.int(1), .null])]),
        ]
        for (name, objects) in cases {
            let writer = try RealmFileStreamWriter(schema: schema, schemaVersion: 0, path: path)
            #expect(writer.backlinkColumns(of: "B") == [RealmFileStreamWriter.BacklinkColumn(originClass: "A", originProperty: "b")])
            #expect(throws: RealmFileError.self) {
                try writer.beginClass(name)
                for object in objects { try writer.add(object) }
                try writer.endClass()
                try writer.finish()
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("old".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.realm"])
        }
        // Cancelled, or dropped unfinished: no temporary file, the destination untouched.
        do {
            let writer = try RealmFileStreamWriter(schema: schema, schemaVersion: 0, path: path)
            try writer.beginClass("A")
            writer.cancel()
        }
        do {
            let writer = try RealmFileStreamWriter(schema: schema, schemaVersion: 0, path: path)
            try writer.beginClass("A")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.realm"])
        // A class twice, add with no class begun, an unknown mixed link.
        let writer = try RealmFileStreamWriter(schema: schema, schemaVersion: 0, path: nil)
        #expect(throws: RealmFileError.self) { try writer.add(RealmObject(key: 0, values: [.int(1), .null])) }
        try writer.beginClass("A")
        try writer.endClass()
        #expect(throws: RealmFileError.self) { try writer.beginClass("A") }
        #expect(throws: RealmFileError.self) {
            try RealmFileStreamWriter(schema: schema, schemaVersion: 0,
                                      mixedLinks: [.init(originClass: "A", originProperty: "id", targetClass: "B")], path: nil)
        }
    }
}
