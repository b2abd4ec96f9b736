import Foundation
import RealmEngine
import RealmFile
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// `LinkReadAhead`: the links into embedded classes (which SQLite sorts before the first) read
/// ahead on a second connection give the file the exporter's own connection gives, and are read
/// ahead only at the exporter's version.
@Suite struct RealmFileLinkReadAheadTests {
    /// Owners with a single embedded part and a list of them, the parts' keys in the reverse of
    /// their owners' order (so the links must be sorted), more links than one chunk.
    static func store(in directory: TemporaryDirectory, owners: Int = 5_000) throws -> Store {
        let schema = CompiledSchema(models: [
            ModelSchema(name: "Owner", properties: [
                PropertySchema(name: "name", type: DeclaredType(.string)),
                PropertySchema(name: "part", type: DeclaredType(.object("Part"), isOptional: true)),
                PropertySchema(name: "parts", type: DeclaredType(.object("Part"), collection: .list)),
            ]),
            ModelSchema(name: "Part", kind: .embedded, properties: [PropertySchema(name: "n", type: DeclaredType(.int(.int)))]),
        ])
        let store = try Store(path: directory.path("owners.sqlite"), schema: schema)
        try store.write {
            var created: [ObjectKey] = []
            for index in 0..<owners {
                created.append(try store.create("Owner", value: ["name": .value(.string("o\(index)"))]))
            }
            for (index, owner) in created.enumerated().reversed() {
                try store.set(owner, "part", .object(["n": .value(.int(Int64(index)))]))
                if index % 3 != 0 {
                    try store.set(owner, "parts", .collection([.object(["n": .value(.int(Int64(-index)))])]))
                }
            }
        }
        return store
    }

    /// The file and how many backlink columns were read ahead per class.
    static func export(_ store: Store, readsAhead: Bool,
                       beforeRead: (@Sendable () -> Void)? = nil) throws -> (bytes: [UInt8], readAhead: [String: Int]) {
        var exporter = RealmFileExporter(store: store, classes: [], schemaVersion: nil)
        exporter.readsLinksAhead = readsAhead
        exporter.beforeLinksReadAhead = beforeRead
        var counts: [String: Int] = [:]
        exporter.onLinksReadAhead = { counts[$0] = $1 }
        let bytes = try exporter.bytes()
        return (bytes, counts)
    }

    @Test func linksReadAheadGiveTheSameFile() throws {
        let directory = TemporaryDirectory()
        let owners = try Self.store(in: directory)
        let random = try RealmFileExportTests.randomStore(seed: 5, objects: 12, in: directory)
        for store in [owners, random] {
            let own = try Self.export(store, readsAhead: false)
            let ahead = try Self.export(store, readsAhead: true)
            #expect(own.bytes.count > 4096)
            #expect(ahead.bytes == own.bytes)
            #expect(own.readAhead.values.allSatisfy { $0 == 0 })
            let embedded = store.schema.models.filter { $0.kind == .embedded }.map(\.name)
            #expect(!embedded.isEmpty && embedded.allSatisfy { (ahead.readAhead[$0] ?? 0) > 0 }, "\(ahead.readAhead)")
        }
        // The Part of every Owner by its single link and the list's: two columns read ahead.
        #expect(try Self.export(owners, readsAhead: true).readAhead == ["Owner": 0, "Part": 2])
    }

    /// Chunks of 7 links, at most 4 ready per property: the thread waits for room hundreds of
    /// times, and each stream still gives every link in the exporter's order, the second
    /// property's taken only after the first's are all taken.
    @Test func smallChunksGiveEveryLinkInOrder() throws {
        let directory = TemporaryDirectory()
        let store = try Self.store(in: directory, owners: 1_000)
        let sources = [LinkReadAhead.Source(className: "Owner", property: "part"), LinkReadAhead.Source(className: "Owner", property: "parts")]
        try store.readTransaction {
            let ahead = LinkReadAhead(path: store.path, version: store.version, sources: sources, chunkSize: 7)
            defer { ahead.stop() }
            for source in sources {
                var expected: [Int64] = []
                let cursor = try store.linksByTarget(source.className, property: source.property)
                while let (target, origin) = try cursor.next() { expected += [target, origin] }
                let stream = try #require(ahead.stream(source))
                var actual: [Int64] = []
                while let (target, origin) = try stream.next() { actual += [target, origin] }
                #expect(expected.count > 7 * LinkReadAhead.chunks * 2 * 10)
                #expect(actual == expected, "\(source)")
                #expect(try stream.next() == nil)
            }
        }
    }

    @Test func aCommitBeforeTheSecondConnectionReadsLeavesTheLinksToTheExporter() throws {
        let directory = TemporaryDirectory()
        let store = try Self.store(in: directory, owners: 50)
        let before = try Self.export(store, readsAhead: false)
        let path = store.path
        let commits = try Self.export(store, readsAhead: true) {
            guard let writer = try? Store(path: path) else { return }
            try? writer.write {
                let owner = try writer.create("Owner", value: ["name": .value(.string("late"))])
                try writer.set(owner, "part", .object(["n": .value(.int(1000))]))
            }
        }
        #expect(commits.readAhead["Part"] == 0)
        #expect(commits.bytes == before.bytes)
        // The commit happened: the next export has the new objects, its links read ahead.
        let after = try Self.export(store, readsAhead: true)
        #expect(after.readAhead["Part"] == 2)
        #expect(after.bytes != before.bytes)
        #expect(after.bytes == (try Self.export(store, readsAhead: false)).bytes)
    }
}
