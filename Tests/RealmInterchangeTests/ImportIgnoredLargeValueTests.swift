@testable import RealmInterchange
import RealmEngine
import TestSupport
import Testing

/// Large values under keys no property takes (ignored keys) are skipped by a scan, never
/// built: the tree holds null in their place, and the import reports the key as it reports
/// any unknown key.
@Suite struct ImportIgnoredLargeValueTests {
    static let schema = """
        models:
          Doc:
            properties: { name: string, tags: "string[]" }
        """

    /// `{"name": "n", "junk": [0, 1, …], "blob": "xxx…", "small": 1, "tags": ["a"]}`, `count` elements.
    static func document(count: Int) -> String {
        let junk = (0..<count).map { "{\"k\": [\($0), \"\($0)\"]}" }.joined(separator: ",")
        return "{\"name\": \"n\", \"junk\": [\(junk)], \"blob\": \"\(String(repeating: "x", count: count * 8))\", "
            + "\"small\": 1, \"tags\": [\"a\"]}"
    }

    /// The next document of `source`, after checking that `junk` and `blob` stand as null and
    /// took no tree, and that small values and the keys of properties stay in the tree.
    @discardableResult
    static func expectIgnoredValuesLeftOut(_ source: DocumentSource) throws -> JSONDocument {
        let document = try #require(try source.next())
        document.withRoot { root in
            #expect(root["junk"]?.isNull == true)
            #expect(root["blob"]?.isNull == true)
            #expect(root["small"]?.kind == .integer)
            #expect(root["name"]?.stringValue == "n")
            #expect(root["tags"]?.count == 1)
        }
        // 20,000 objects of an array and a string each would take megabytes of tree.
        #expect(source.arena.allocatedBytes < 64 * 1024, "\(source.arena.allocatedBytes) bytes of tree")
        return document
    }

    @Test func aLargeDocumentLeavesTheValuesOfIgnoredKeysUnbuilt() throws {
        let text = Self.document(count: 20_000)
        var options = SourceOptions(defaultClassName: "Doc", largeDocumentBytes: 4096)
        options.knownKeys = ["Doc": ["name", "tags"]]
        options.bufferSize = 1024
        let source = DocumentSource(bytes: Array(text.utf8), name: "doc.json", options: options)
        let document = try Self.expectIgnoredValuesLeftOut(source)
        #expect(document.byteCount == text.utf8.count)

        // Without the class's keys, everything is built.
        options.knownKeys = [:]
        let whole = DocumentSource(bytes: Array(text.utf8), name: "doc.json", options: options)
        let built = try #require(try whole.next())
        built.withRoot { root in #expect(root["junk"]?.count == 20_000) }
    }

    @Test func anIgnoredLargeValueImportsWithItsKeyReported() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(Self.document(count: 20_000), largeDocumentBytes: 4096, ImportOptions(className: "Doc"))
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(run.warnings.map(\.message).sorted()
            == ["blob", "junk", "small"].map { "Unknown property '\($0)' for type 'Doc': the key is ignored" })
        #expect(try harness.lastValue("Doc", "name") == .string("n"))
        var rejecting = ImportOptions(className: "Doc")
        rejecting.rejectUnknown = true
        let rejected = try ImportHarness(Self.schema).run(Self.document(count: 20_000), largeDocumentBytes: 4096, rejecting)
        #expect(rejected.errors.count == 3)
        #expect(!rejected.summary.committed)
    }

    @Test func aBSONDocumentSkipsTheLargeValuesOfIgnoredKeysByTheirLength() throws {
        let bytes = try PyMongoBSON.bytes(
            "[{'name': 'n', 'junk': [{'k': [i, str(i)]} for i in range(20000)], 'blob': 'x' * 100000, 'small': 1, 'tags': ['a']}]")
        var options = SourceOptions(defaultClassName: "Doc")
        options.knownKeys = ["Doc": ["name", "tags"]]
        options.format = .bson
        let source = DocumentSource(bytes: bytes, name: "doc.bson", options: options)
        try Self.expectIgnoredValuesLeftOut(source)

        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(bytes: bytes, ImportOptions(className: "Doc"), name: "doc.bson")
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(run.warnings.map(\.message).sorted()
            == ["blob", "junk", "small"].map { "Unknown property '\($0)' for type 'Doc': the key is ignored" })
        #expect(try harness.lastValue("Doc", "name") == .string("n"))
    }
}
