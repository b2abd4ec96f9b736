@testable import RealmInterchange
import RealmEngine
import TestSupport
import Testing

/// Large documents: their big lists, sets and maps of scalars are read, converted and stored
/// a piece at a time (`DeferredValueReader`, `CollectionPieces`), with the same results and
/// the same located errors as a document decoded whole. The inputs here are a few hundred KiB
/// (several 256 KiB pieces) with a small `largeDocumentBytes`.
@Suite struct ImportLargeDocumentTests {
    static let schema = """
        models:
          Doc:
            primaryKey: _id
            properties: { _id: int, name: string, list: "int[]", set: "string<>", map: "int{}", other: "int[]" }
        """

    /// `{"_id": id, "list": [0, 1, …], "set": ["s0", …, "s0"], "map": {"k0": 0, …}, "name": "n"}`
    /// with `count` elements per collection (the set's last element repeats its first);
    /// `element` replaces the list's element at an index.
    static func document(id: Int = 1, count: Int, element: (Int) -> String = { String($0) }) -> String {
        let list = (0..<count).map(element).joined(separator: ", ")
        let set = ((0..<count).map { "\"s\($0)\"" } + ["\"s0\""]).joined(separator: ",")
        let map = (0..<count).map { "\"k\($0)\": \($0 % 7)" }.joined(separator: ",\n ")
        return "{\"_id\": \(id), \"list\": [\(list)],\n \"set\": [\(set)], \"map\": {\(map)}, \"name\": \"n\", \"other\": [1, 2]}"
    }

    @Test func aLargeDocumentLeavesItsBigCollectionsOutOfItsTree() throws {
        let text = Self.document(count: 1000)
        var options = SourceOptions(streamedKeys: ["Doc": ["list", "set", "map"]], defaultClassName: "Doc",
                                        largeDocumentBytes: 4096)
        options.bufferSize = 1024
        let source = DocumentSource(bytes: Array(text.utf8), name: "doc.json", options: options)
        let document = try #require(try source.next())
        try document.withRoot { root in
            for key in ["list", "set", "map"] {
                let value = try #require(root[key])
                #expect(value.count == 0, "\(key) is left out of the tree")
                let range = try #require(document.deferredRange(of: value))
                let bytes = Array(text.utf8)[range]
                #expect(bytes.first == (key == "map" ? UInt8(ascii: "{") : UInt8(ascii: "[")))
                #expect(bytes.last == (key == "map" ? UInt8(ascii: "}") : UInt8(ascii: "]")))
            }
            // Small values and keys that are not streamed stay in the tree.
            #expect(root["other"]?.count == 2)
            #expect(root["name"]?.stringValue == "n")
        }
        #expect(document.byteCount == text.utf8.count)
        #expect(source.bufferCapacity == 1024, "the buffer shrinks back after the large document")
    }

    @Test func bigCollectionsAreStoredExactlyPieceByPiece() throws {
        let harness = try ImportHarness(Self.schema)
        // 60,000 elements: the list's text is ~400 KB, two pieces or more.
        let count = 60_000
        let run = try harness.run(Self.document(count: count) + "\n" + Self.document(id: 2, count: 3),
                                  largeDocumentBytes: 64 * 1024, ImportOptions(className: "Doc"))
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(run.summary.committed)
        let store = try harness.open
        let doc = try #require(try store.object("Doc", primaryKey: .int(1)))
        guard case .list(let list) = try store.get(doc, "list") else { Issue.record("not a list"); return }
        #expect(list.count == count)
        #expect(list.enumerated().allSatisfy { $0.element == .int(Int64($0.offset)) })
        guard case .list(let set) = try store.get(doc, "set") else { Issue.record("not a set"); return }
        #expect(set.count == count)
        #expect(Set(set) == Set((0..<count).map { StoreValue.string("s\($0)") }))
        guard case .dictionary(let map) = try store.get(doc, "map") else { Issue.record("not a map"); return }
        #expect(map.count == count)
        #expect(map["k59999"] == .int(59999 % 7) && map["k0"] == .int(0))
        #expect(try store.get(doc, "name") == .string("n"))
        let small = try #require(try store.object("Doc", primaryKey: .int(2)))
        #expect(try store.get(small, "list") == .list([.int(0), .int(1), .int(2)]))
    }

    @Test func elementErrorsAreTheSameAsForADocumentDecodedWhole() throws {
        let text = Self.document(count: 60_000) { $0 == 45_000 ? "\"x\"" : $0 == 59_998 ? "1.5" : String($0) }
        let streamed = try ImportHarness(Self.schema)
        let run = try streamed.run(text, largeDocumentBytes: 64 * 1024, ImportOptions(className: "Doc"))
        let whole = try ImportHarness(Self.schema).run(text, ImportOptions(className: "Doc"))
        #expect(run.errors.count == 2)
        #expect(run.errors == whole.errors)
        let column = Array(text.utf8).firstRange(of: Array("\"x\"".utf8))!.lowerBound + 1
        #expect(run.locations.first == "1:\(column)")
        #expect(run.errors.first?.notes.contains("at JSON path /list/45000") == true, "\(run.errors)")
        #expect(!run.summary.committed)
        #expect(try streamed.objects("Doc").isEmpty)
    }

    @Test func readingStopsAtMaxErrors() throws {
        let text = Self.document(count: 60_000) { $0 >= 100 ? "\"x\"" : String($0) }
        var options = ImportOptions(className: "Doc")
        options.maxErrors = 3
        let run = try ImportHarness(Self.schema).run(text, largeDocumentBytes: 64 * 1024, options)
        let whole = try ImportHarness(Self.schema).run(text, options)
        #expect(run.errors.count == 3 && run.summary.stoppedEarly)
        #expect(run.errors == whole.errors)
    }

    @Test func aSyntaxErrorInAPieceIsLocated() throws {
        let harness = try ImportHarness(Self.schema)
        let text = Self.document(count: 60_000) { $0 == 50_000 ? "tru" : String($0) }
        let run = try harness.run(text, largeDocumentBytes: 64 * 1024, ImportOptions(className: "Doc"))
        #expect(run.messages == ["invalid JSON: invalid token near 'tru'"], "\(run.errors)")
        let column = Array(text.utf8).firstRange(of: Array(" tru,".utf8))!.lowerBound + 2
        #expect(run.locations == ["1:\(column)"])
        #expect(!run.summary.committed)
        #expect(try harness.objects("Doc").isEmpty)
    }

    @Test func aMapKeyGivenAgainInALaterPieceIsADuplicate() throws {
        let harness = try ImportHarness(Self.schema)
        let count = 60_000
        let text = Self.document(count: count).replacingOccurrences(of: "\"k59999\"", with: "\"k3\"")
        let run = try harness.run(text, largeDocumentBytes: 64 * 1024, ImportOptions(className: "Doc"))
        #expect(run.messages == ["duplicate key 'k3' in an object"], "\(run.errors)")
        // Located at the second occurrence, as for a document decoded whole.
        let whole = try ImportHarness(Self.schema).run(text, ImportOptions(className: "Doc"))
        #expect(run.locations == whole.locations && run.locations.first?.hasPrefix("\(count + 1):") == true,
                "\(run.locations) \(whole.locations)")
        #expect(try harness.objects("Doc").isEmpty)
        // A key the store keeps percent-encoded is named as the input gives it.
        let encoded = Self.document(count: 60_000).replacingOccurrences(of: "\"k1\"", with: "\"a.b\"")
            .replacingOccurrences(of: "\"k59999\"", with: "\"a.b\"")
        let again = try ImportHarness(Self.schema).run(encoded, largeDocumentBytes: 64 * 1024, ImportOptions(className: "Doc"))
        #expect(again.messages == ["duplicate key 'a.b' in an object"], "\(again.errors)")
        #expect(again.errors.first?.location?.line == count + 1, "the second a.b is on the map's last line")
    }

    @Test func upsertReplacesAndMergeMergesACollectionGivenInPieces() throws {
        let harness = try ImportHarness(Self.schema)
        try harness.run(#"{"_id": 1, "list": [9, 9, 9, 9], "set": ["old"], "map": {"old": 1}}"#, ImportOptions(className: "Doc"))
        let count = 60_000
        let upsert = try harness.run(Self.document(count: count), largeDocumentBytes: 64 * 1024,
                                     ImportOptions(className: "Doc", mode: .upsert))
        #expect(upsert.errors.isEmpty, "\(upsert.errors)")
        let store = try harness.open
        let doc = try #require(try store.object("Doc", primaryKey: .int(1)))
        guard case .list(let set) = try store.get(doc, "set"), case .dictionary(let map) = try store.get(doc, "map") else {
            Issue.record("not collections")
            return
        }
        #expect(set.count == count && !set.contains(.string("old")))
        #expect(map.count == count && map["old"] == nil)
        try harness.run(#"{"_id": 1, "set": ["old"], "map": {"old": 1}}"#, ImportOptions(className: "Doc", mode: .upsert))
        let merge = try harness.run(Self.document(count: count), largeDocumentBytes: 64 * 1024,
                                    ImportOptions(className: "Doc", mode: .merge))
        #expect(merge.errors.isEmpty, "\(merge.errors)")
        guard case .list(let merged) = try store.get(doc, "set"), case .dictionary(let mergedMap) = try store.get(doc, "map") else {
            Issue.record("not collections")
            return
        }
        #expect(merged.count == count + 1 && merged.contains(.string("old")))
        #expect(mergedMap.count == count + 1 && mergedMap["old"] == .int(1))
    }
}
