import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// `--max-document-size` (`ImportOptions.maxDocumentBytes`): a document longer than the limit
/// is an error located at its start that names the limit and the flag, in JSON, NDJSON, BSON
/// and CSV input; reading stops there and nothing is written.
@Suite struct MaxDocumentSizeTests {
    static let schema = """
        models:
          Doc:
            properties: { s: string?, n: int? }
        """

    static let limited = {
        var options = ImportOptions(className: "Doc")
        options.maxDocumentBytes = 1024
        return options
    }()

    static let message = "this document is longer than the limit of 1 KiB for one document; reading stopped there "
        + "(raise the limit with --max-document-size)"

    /// A document of about `bytes` bytes.
    static func document(_ bytes: Int) -> String {
        "{\"s\": \"" + String(repeating: "x", count: bytes) + "\"}"
    }

    @Test func aJSONArrayElementOverTheLimitIsLocatedAtItsStart() throws {
        let harness = try ImportHarness(Self.schema)
        let text = "[" + Self.document(10) + ",\n " + Self.document(5000) + "]"
        let run = try harness.run(text, Self.limited)
        #expect(run.messages == [Self.message])
        #expect(run.locations == ["2:2"])
        #expect(!run.summary.committed)
        #expect(try harness.objects("Doc").isEmpty)
        // Under the limit, the same documents import.
        var raised = Self.limited
        raised.maxDocumentBytes = 8192
        #expect(try harness.run(text, raised).errors.isEmpty)
        #expect(try harness.objects("Doc").count == 2)
    }

    @Test func anNDJSONLineOverTheLimitIsLocatedAtItsLine() throws {
        let harness = try ImportHarness(Self.schema)
        let lines = [Self.document(1000), Self.document(1015), Self.document(1016), Self.document(3)]
        let run = try harness.run(lines.joined(separator: "\n"), Self.limited)
        // 1,024 bytes is the limit: the second line has exactly that many.
        #expect(Self.document(1015).utf8.count == 1024)
        #expect(run.messages == [Self.message])
        #expect(run.locations == ["3:1"])
        #expect(try harness.objects("Doc").isEmpty)
    }

    @Test func aDocumentThatNeverEndsStopsAtTheLimit() throws {
        // A string that runs to the end of a 4 MiB input: reading stops at the limit, not at the end.
        let harness = try ImportHarness(Self.schema)
        var options = Self.limited
        options.maxDocumentBytes = 64 * 1024
        let importer = try Importer(store: try harness.open, options: options)
        let source = DocumentSource(bytes: Array(("[{\"s\": \"" + String(repeating: "y", count: 4 << 20)).utf8), name: "input.json",
                                    options: importer.sourceOptions)
        try importer.importInput(source)
        #expect(importer.diagnostics.map(\.message)
            == ["this document is longer than the limit of 64 KiB for one document; reading stopped there "
                + "(raise the limit with --max-document-size)"])
        #expect(source.bufferCapacity <= 1 << 20)
        #expect(source.bytesConsumed < 1 << 20)
        #expect(try !importer.finish().committed)
    }

    @Test func aBSONLengthOverTheLimitIsRefusedBeforeItsBytesAreRead() throws {
        let harness = try ImportHarness(Self.schema)
        let small = try PyMongoBSON.bytes("[{'s': 'a'}]")
        // The second document claims 1 GiB and has 4 bytes: its length alone is refused.
        let bytes = small + [0x00, 0x00, 0x00, 0x40]
        var options = Self.limited
        options.maxDocumentBytes = nil
        let run = try harness.run(bytes: bytes, options, name: "input.bson")
        #expect(run.messages == ["BSON document length 1073741824 is over MongoDB's limit of 16777216 bytes (16 MiB), "
            + "the default of --max-document-size; the document was not read"])
        #expect(run.errors.first?.notes == ["in BSON document 2 of input.bson, which starts at byte \(small.count)"])
        let large = try PyMongoBSON.bytes("[{'s': 'a'}, {'s': 'b' * 2000}]")
        let first = small.count
        let limited = try harness.run(bytes: large, Self.limited, name: "input.bson")
        #expect(limited.messages == ["BSON document length \(large.count - first) is over the limit of 1 KiB for one document "
            + "(--max-document-size); the document was not read"])
        #expect(try harness.objects("Doc").isEmpty)
    }

    @Test func aCSVRowOverTheLimitIsLocatedAtItsFirstLine() throws {
        let harness = try ImportHarness(Self.schema)
        let path = harness.directory + "/rows.csv"
        let text = "s,n\nshort,1\n\"" + String(repeating: "z\n", count: 600) + "\",2\nlast,3\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let importer = try Importer(store: try harness.open, options: Self.limited)
        try importer.importInput(try importer.tableSource(path: path, format: .csv))
        let summary = try importer.finish()
        let run = ImportRun(summary: summary, diagnostics: importer.diagnostics)
        #expect(run.messages == ["this row is longer than the limit of 1 KiB for one document; reading stopped there "
            + "(raise the limit with --max-document-size)"])
        #expect(run.locations == ["3:1"])
        #expect(run.errors.first?.location?.file.hasSuffix("/rows.csv") == true)
        #expect(!summary.committed)
        #expect(try harness.objects("Doc").isEmpty)
    }

    @Test func theDefaultsAreBSONsLimitAndFourTimesItForText() {
        #expect(SourceOptions.defaultMaxBSONBytes == 16 << 20)
        #expect(SourceOptions.defaultMaxTextBytes == 64 << 20)
    }
}
