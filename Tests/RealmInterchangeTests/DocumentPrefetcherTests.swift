import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Reading ahead on a second thread: the same documents and errors in the same order, bounded
/// read-ahead, an early stop, and problems still located in documents read ahead from a pipe.
@Suite struct DocumentPrefetcherTests {
    /// An array of small objects with non-objects among them and an invalid value at the end.
    private static let mixedInput: String = {
        var elements: [String] = []
        for index in 0..<3_000 {
            elements.append(index % 500 == 7 ? "\"not an object \(index)\"" : "{\"n\": \(index), \"s\": \"\(String(repeating: "x", count: index % 40))\"}")
        }
        return "[\n" + elements.joined(separator: ",\n") + ",\n{\"n\": tru}\n]\n"
    }()

    @Test(arguments: [1, 300, DocumentPrefetcher.defaultByteLimit])
    func yieldsWhatTheSourceYieldsInOrder(byteLimit: Int) {
        let direct = Fixtures.readAll(Fixtures.source(Self.mixedInput, bufferSize: 4096))
        let reader = DocumentPrefetcher(Fixtures.source(Self.mixedInput, bufferSize: 4096), byteLimit: byteLimit)
        defer { reader.stop() }
        var documents: [ReadDocument] = []
        var errors: [String] = []
        while true {
            do {
                guard let document = try reader.next() else { break }
                documents.append(ReadDocument(className: document.className, index: document.index,
                                              line: document.location.line, column: document.location.column,
                                              path: document.path.description, json: document.withRoot { $0.jsonText }))
            } catch {
                errors.append("\(error.diagnostic.location.map { "\($0.line):\($0.column)" } ?? "-") \(error.diagnostic.message)")
                #expect(documents.count + errors.count <= 3_001)
            }
        }
        #expect(documents.count == 2_994)
        #expect(documents == direct.documents)
        #expect(errors.count == 7)
        #expect(errors == zip(direct.locations, direct.messages).map { "\($0) \($1)" })
    }

    @Test func readAheadIsBounded() throws {
        let line = "{\"padding\": \"" + String(repeating: "p", count: 90) + "\"}\n"
        let input = String(repeating: line, count: 1_000)
        let source = Fixtures.source(input, bufferSize: 4096)
        let reader = DocumentPrefetcher(source, byteLimit: 1_000)
        _ = try reader.next()
        Thread.sleep(forTimeInterval: 0.2)
        // The reader holds at most the limit plus the one document that crossed it.
        #expect(reader.readAheadBytes <= 1_000 + line.utf8.count)
        reader.stop()
        #expect(source.bytesConsumed < input.utf8.count / 2)
    }

    @Test func stoppingEarlyEndsTheReader() throws {
        let input = String(repeating: "{\"a\": 1}\n", count: 50_000)
        for _ in 0..<20 {
            let reader = DocumentPrefetcher(Fixtures.source(input, bufferSize: 1024), byteLimit: 64)
            _ = try reader.next()
            reader.stop()
            reader.stop()
        }
        // Dropped without `stop()` while its reader waits on a full queue: the reading thread
        // ends and gives the source back.
        let source = Fixtures.source(input, bufferSize: 1024)
        do {
            let reader = DocumentPrefetcher(source, byteLimit: 64)
            _ = try reader.next()
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(source.readLock == nil)
        #expect(source.bytesConsumed < input.utf8.count)
    }

    @Test func documentsReadAheadFromAPipeKeepTheirText() throws {
        var lines: [String] = []
        for index in 0..<100 { lines.append("{\"id\": \(index), \"name\": \"dog \(index)\"}") }
        let input = lines.joined(separator: "\n") + "\n"
        let source = try Self.pipeSource(input, bufferSize: 128)
        let reader = DocumentPrefetcher(source)
        var documents: [JSONDocument] = []
        while let document = try reader.next() { documents.append(document) }
        reader.stop()
        // The pipe's first bytes left the 128-byte buffer long ago; the document kept a copy.
        #expect(documents.count == 100)
        #expect(source.text(of: documents[0]).map { String(decoding: $0, as: UTF8.self) } == lines[0])
        #expect(source.text(of: documents[57]).map { String(decoding: $0, as: UTF8.self) } == lines[57])
    }

    @Test func problemsInDocumentsFromAPipeAreLocatedPrecisely() throws {
        let harness = try ImportHarness("""
            models:
              Dog:
                primaryKey: id
                properties: { id: int, name: string }
            """)
        var lines = ["{\"id\": 1, \"name\": 5}"]
        for index in 2...400 { lines.append("{\"id\": \(index), \"name\": \"dog \(index)\"}") }
        let importer = try Importer(store: try harness.open, options: ImportOptions(className: "Dog"))
        let source = try Self.pipeSource(lines.joined(separator: "\n") + "\n", bufferSize: 128)
        try importer.importInput(source)
        try importer.finish()
        let errors = importer.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "1:19")
    }

    /// A source reading `text` from a pipe (not seekable: dropped bytes are gone).
    private static func pipeSource(_ text: String, bufferSize: Int) throws -> DocumentSource {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let bytes = Array(text.utf8)
        try #require(bytes.count < 60_000, "must fit in the pipe's buffer")
        let written = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        close(descriptors[1])
        return DocumentSource(input: .descriptor(descriptors[0], closes: true, seekable: false), name: "<stdin>",
                                  size: nil, options: SourceOptions(bufferSize: bufferSize))
    }
}

/// What the reading thread prepares of a root object: its fields by property position and its
/// scalars decoded, with failures left for the importer to convert (and report) again.
@Suite struct PreparedObjectTests {
    @Test func matchesFieldsAndDecodesTheScalarsThatDecode() throws {
        let schema = try schemaFromYAML("""
            models:
              Dog:
                primaryKey: id
                properties:
                  id: int
                  name: string
                  age: int?
                  size: { type: string, enum: [small, large] }
                  tags: string[]
            """)
        let plan = try #require(ImportClassPlan.plans(for: schema)["Dog"])
        // Keys out of schema order, an unknown key, a bad int and a value outside the enum.
        let document = try JSONDocument.parse(#"{"tags": ["a"], "name": "Rex", "id": {"$numberInt": "7"}, "x": 1, "age": 1.5, "size": "huge"}"#)
        let prepared = document.withRoot { PreparedObject($0, plan, mapKeys: .encode) }
        #expect(plan.properties.map(\.name) == ["id", "name", "age", "size", "tags"])
        #expect(prepared.matchedCount == 5)
        #expect(prepared.values.map { $0?.jsonText } == [#"{"$numberInt":"7"}"#, #""Rex""#, "1.5", #""huge""#, #"["a"]"#])
        #expect(prepared.inputs.map { $0.map { "\($0)" } } == ["\(InputValue.value(.int(7)))", "\(InputValue.value(.string("Rex")))", nil, nil,
                                                                "\(InputValue.collection([.value(.string("a"))]))"])
        document.withRoot { root in
            #expect(prepared.isFor(root, plan))
            #expect(!prepared.isFor(root["tags"]!, plan))
        }
    }

    @Test func embeddedObjectsOfScalarsArePreparedOnlyWhenNothingCanBeReported() throws {
        let schema = try schemaFromYAML("""
            models:
              Person:
                properties: { name: string, address: Address? }
              Address:
                embedded: true
                properties: { street: string, zip: string? }
            """)
        let plans = ImportClassPlan.plans(for: schema)
        let plan = try #require(plans["Person"])
        func preparedAddress(_ json: String) throws -> String? {
            let document = try JSONDocument.parse(#"{"name": "Ada", "address": "# + json + "}")
            return document.withRoot { PreparedObject($0, plan, mapKeys: .encode) }.inputs[1].map { "\($0)" }
        }
        #expect(try preparedAddress(#"{"street": "Main"}"#) == "\(InputValue.object(["street": .value(.string("Main"))]))")
        #expect(try preparedAddress(#"{"zip": "1"}"#) == nil)  // street is required
        #expect(try preparedAddress(#"{"street": "Main", "x": 1}"#) == nil)  // an unknown key is a warning
        #expect(try preparedAddress(#"{"street": 5}"#) == nil)
        #expect(try preparedAddress(#"{"$ref": "Address", "$id": 1}"#) == nil)
        #expect(try preparedAddress("null") == nil)
    }
}
