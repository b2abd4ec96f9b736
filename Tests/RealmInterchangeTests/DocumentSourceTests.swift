import Foundation
import RealmInterchange
import TestSupport
import Testing

/// Shape detection and streaming, with each document's place in the input.
@Suite struct DocumentSourceTests {
    @Test func arrayOfObjects() {
        let result = Fixtures.readAll("[\n  {\"a\": 1},\n  {\"a\": 2}\n]\n")
        #expect(result.shape == .array)
        #expect(result.errors.isEmpty)
        #expect(result.documents.map(\.json) == [#"{"a":1}"#, #"{"a":2}"#])
        #expect(result.documents.map { "\($0.line):\($0.column)" } == ["2:3", "3:3"])
        #expect(result.documents.map(\.path) == ["/0", "/1"])
        #expect(result.documents.map(\.index) == [0, 1])
    }

    @Test func emptyArray() {
        let result = Fixtures.readAll(" [ ] \n")
        #expect(result.shape == .array)
        #expect(result.documents.isEmpty && result.errors.isEmpty)
    }

    @Test func ndjsonLinesAndConcatenatedObjects() {
        let result = Fixtures.readAll("{\"a\":1}\n{\"a\":2}\r\n\n{\"a\":3}{\"a\":4} {\"a\":5}")
        #expect(result.shape == .ndjson)
        #expect(result.errors.isEmpty)
        #expect(result.documents.map { "\($0.line):\($0.column)" } == ["1:1", "2:1", "4:1", "4:8", "4:16"])
        #expect(result.documents.map(\.path) == ["", "", "", "", ""])
        #expect(result.documents.map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test func multiClassObject() {
        let text = "{\"Person\": [{\"n\": 1}, {\"n\": 2}],\n \"Dog\": [\n  {\"d\": 1}], \"Toy\": []}\n"
        let result = Fixtures.readAll(text, classNames: ["Person", "Dog", "Toy"])
        #expect(result.shape == .multiClass)
        #expect(result.errors.isEmpty)
        #expect(result.documents.map(\.className) == ["Person", "Person", "Dog"])
        #expect(result.documents.map(\.index) == [0, 1, 0])
        #expect(result.documents.map(\.path) == ["/Person/0", "/Person/1", "/Dog/0"])
        #expect(result.documents.map { "\($0.line):\($0.column)" } == ["1:13", "1:23", "3:3"])
    }

    @Test func objectWithArrayValueIsNDJSONWhenTheKeyIsNotAClass() {
        let text = "{\"tags\": [\"a\"]}\n{\"tags\": []}\n"
        let known = Fixtures.readAll(text, classNames: ["Person"])
        #expect(known.shape == .ndjson)
        #expect(known.documents.count == 2)
        let unknown = Fixtures.readAll("{\"Person\": [{}]}", classNames: nil)
        #expect(unknown.shape == .multiClass)
        #expect(unknown.documents.map(\.className) == ["Person"])
        let scalarFirst = Fixtures.readAll("{\"name\": \"Ada\", \"dogs\": []}")
        #expect(scalarFirst.shape == .ndjson)
    }

    @Test func emptyObjectAloneIsAnEmptyMultiClassInput() {
        let alone = Fixtures.readAll(" {} \n")
        #expect(alone.shape == .multiClass)
        #expect(alone.documents.isEmpty && alone.errors.isEmpty)
        let several = Fixtures.readAll("{}\n{}\n")
        #expect(several.shape == .ndjson)
        #expect(several.documents.count == 2)
    }

    @Test func byteOrderMarkIsSkipped() {
        let result = Fixtures.readAll("\u{FEFF}[{\"a\": 1}]")
        #expect(result.documents.map { "\($0.line):\($0.column)" } == ["1:2"])
    }

    @Test func columnsCountUnicodeScalars() {
        let result = Fixtures.readAll("[{\"é\": 1}, {\"b\": 2}]\n")
        #expect(result.documents.map(\.column) == [2, 12])
    }

    @Test func valuesThatAreNotObjectsAreSkippedWithAnError() {
        let result = Fixtures.readAll("[1, {\"a\": 1},\n \"x\", [], null]")
        #expect(result.documents.map(\.json) == [#"{"a":1}"#])
        #expect(result.messages == [
            "expected an object (a document) but found an integer at /0",
            "expected an object (a document) but found a string at /2",
            "expected an object (a document) but found an array at /3",
            "expected an object (a document) but found null at /4",
        ])
        #expect(result.locations == ["1:2", "2:2", "2:7", "2:11"])
        #expect(result.errors.allSatisfy { $0.kind == .notAnObject })
    }

    @Test func thousandDocumentsInABoundedBuffer() {
        let line = #"{"_id": {"$oid": "64b7f0c2a1b2c3d4e5f60718"}, "name": "Zoë", "tags": ["a", "b"], "n": 12345}"#
        let text = String(repeating: line + "\n", count: 1_000)
        let source = Fixtures.source(text, bufferSize: 4096)
        var progress: [Int] = []
        source.progressHandler = { progress.append($0) }
        var count = 0
        var maximumCapacity = 0
        while let document = try? source.next() {
            #expect(document.location.line == count + 1)
            count += 1
            maximumCapacity = max(maximumCapacity, source.bufferCapacity)
        }
        #expect(count == 1_000)
        #expect(maximumCapacity == 4096)
        #expect(source.bytesConsumed == text.utf8.count)
        #expect(progress.count > 10)
        #expect(progress == progress.sorted())
    }

    @Test func bufferGrowsForALargerDocument() {
        let big = "{\"s\": \"" + String(repeating: "x", count: 5_000) + "\"}"
        let result = Fixtures.readAll("[{\"a\": 1}, " + big + ", {\"b\": 2}]", bufferSize: 64)
        #expect(result.errors.isEmpty)
        #expect(result.documents.count == 3)
        #expect(result.documents[1].json.utf8.count == big.utf8.count - 1)
    }

    @Test func numberCutByTheBufferIsReadWhole() {
        let text = String(repeating: " ", count: 60) + "12345678901234\n{}"
        let result = Fixtures.readAll(text, bufferSize: 64)
        #expect(result.messages == ["expected an object (a document) but found an integer"])
        #expect(result.documents.count == 1)
    }

    @Test func multiClassArraysStreamElementByElement() {
        let people = (0..<300).map { "{\"n\": \($0)}" }.joined(separator: ",\n")
        let text = "{\"Person\": [\n" + people + "\n], \"Dog\": [{\"d\": 1}]}"
        let source = Fixtures.source(text, bufferSize: 256, classNames: ["Person", "Dog"])
        let result = Fixtures.readAll(source)
        #expect(result.errors.isEmpty)
        #expect(result.documents.count == 301)
        #expect(result.documents[299].line == 301)
        #expect(source.bufferCapacity == 256)
    }

    @Test func fileInputAndReReadingAnEarlierDocument() throws {
        let lines = (0..<200).map { "{\"n\": \($0), \"s\": \"é\"}" }
        let path = try Temporary.file(Array((lines.joined(separator: "\n") + "\n").utf8), name: "input.json", prefix: "realm-json")
        let source = try DocumentSource(path: path, options: SourceOptions(bufferSize: 256))
        #expect(source.totalBytes == lines.joined(separator: "\n").utf8.count + 1)
        var documents: [JSONDocument] = []
        while let document = try source.next() { documents.append(document) }
        #expect(documents.count == 200)
        let location = source.location(of: ["s"], in: documents[3])
        #expect(location.file == path)
        #expect((location.line, location.column) == (4, 15))
        #expect(source.text(of: documents[0]) == Array(lines[0].utf8))
    }
}
