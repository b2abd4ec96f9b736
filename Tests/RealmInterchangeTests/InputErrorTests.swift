import Foundation
import RealmInterchange
import RealmSchema
import Testing

/// Problems in the input: each is one located diagnostic in the whole file's coordinates.
@Suite struct InputErrorTests {
    /// The first error of reading `text`, as `line:column: message`.
    static func firstError(_ text: String, bufferSize: Int = 1 << 20, classNames: Set<String>? = nil) -> String? {
        firstError(Array(text.utf8), bufferSize: bufferSize, classNames: classNames)
    }

    static func firstError(_ bytes: [UInt8], bufferSize: Int = 1 << 20, classNames: Set<String>? = nil) -> String? {
        let source = DocumentSource(bytes: bytes, name: "in.json",
                                        options: SourceOptions(classNames: classNames, bufferSize: bufferSize))
        let result = Fixtures.readAll(source)
        return result.errors.first.map { error in
            let location = error.diagnostic.location
            return "\(location?.line ?? 0):\(location?.column ?? 0): \(error.diagnostic.message)"
        }
    }

    @Test func syntaxErrorInALaterDocumentIsLocatedInTheFile() {
        #expect(Self.firstError("{\"a\": 1}\n{\"b\": tru}\n") == "2:7: invalid JSON: invalid token near 'tru'")
        #expect(Self.firstError("[{\"a\": 1},\n {\"é\": x}]") == "2:8: invalid JSON: invalid token near 'x'")
    }

    @Test func readingStopsAfterASyntaxError() {
        let source = Fixtures.source("{\"a\": 1}\n{oops}\n{\"c\": 3}\n")
        let result = Fixtures.readAll(source)
        #expect(result.documents.count == 1)
        #expect(result.errors.count == 1)
        #expect(result.errors[0].kind == .malformed)
        #expect(source.isFinished)
        #expect((try? source.next()) == nil)
    }

    @Test func duplicateKeysAreLocatedAtTheDuplicate() {
        #expect(Self.firstError("{\"a\": 1,\n \"a\": 2}") == "2:2: duplicate key 'a' in an object")
        let long = String(repeating: "k", count: 40)
        #expect(Self.firstError("[{\"x\": {\"\(long)\": 1, \"\(long)\": 2}}]")
            == "1:\(16 + long.count): duplicate key '\(long)' in an object")
        #expect(Self.firstError("{\"Person\": [], \"Person\": []}") == "1:16: duplicate key 'Person' in an object")
    }

    @Test func invalidUTF8IsLocated() {
        var bytes = Array("{\"a\": \"é".utf8)
        bytes += [0xFF]
        bytes += Array("\"}".utf8)
        #expect(Self.firstError(bytes) == "1:9: invalid UTF-8: byte 0xFF does not belong to a valid character")
        let cut: [UInt8] = Array("[{\"a\": \"".utf8) + [0xC3]
        #expect(Self.firstError(cut)?.hasPrefix("1:9: invalid UTF-8: byte 0xC3") == true)
    }

    @Test func truncatedInput() {
        #expect(Self.firstError("[{\"a\": 1}, {\"b\": ")
            == "1:18: unexpected end of input: the document that starts at line 1, column 12 is incomplete")
        #expect(Self.firstError("{\"a\": \"abc") == "1:11: unexpected end of input: the document that starts at line 1, column 1 is incomplete")
        #expect(Self.firstError("[{\"a\": 1}") == "1:10: unexpected end of input: the top-level array is not closed")
        #expect(Self.firstError("[{\"a\": 1},") == "1:11: unexpected end of input: the top-level array is not closed")
        #expect(Self.firstError("{\"Dog\": [{}]") == "1:13: unexpected end of input: the multi-class object is not closed")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let start = Date()
        let error = Self.firstError(String(repeating: "[", count: 100_000))
        #expect(error == "1:2050: JSON nested too deeply: more than 2048 levels of arrays and objects")
        let objects = Self.firstError(String(repeating: "{\"a\":", count: 100_000))
        #expect(objects?.contains("nested too deeply") == true)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func topLevelScalarsAndEmptyInput() {
        #expect(Self.firstError("\"abc\"") == "1:1: expected an object (a document) but found a string")
        #expect(Self.firstError(" 12.5") == "1:2: expected an object (a document) but found a real number")
        #expect(Self.firstError("true") == "1:1: expected an object (a document) but found a boolean")
        #expect(Self.firstError("") == "1:1: empty input: expected a JSON array of objects, NDJSON or a multi-class object")
        #expect(Self.firstError(" \n  ") == "2:3: empty input: expected a JSON array of objects, NDJSON or a multi-class object")
    }

    @Test func punctuationErrors() {
        #expect(Self.firstError("[{}, ]") == "1:6: expected a value after ',' (trailing commas are not allowed)")
        #expect(Self.firstError("[{} {}]") == "1:5: expected ',' or ']' after an array element")
        #expect(Self.firstError("[{}]\n[{}]") == "2:1: unexpected content after the top-level array")
        #expect(Self.firstError("{\"Dog\": [], }") == "1:13: expected a value after ',' (trailing commas are not allowed)")
        #expect(Self.firstError("{\"Dog\": [] \"Cat\": []}") == "1:12: expected ',' or '}' after the array of a class")
        #expect(Self.firstError("{\"Dog\": []} x") == "1:13: unexpected content after the multi-class object")
        #expect(Self.firstError("{\"Dog\": [], \"Cat\": 5}")
            == "1:20: the value of class 'Cat' must be an array of objects but found a number")
        #expect(Self.firstError("{\"Dog\": [], \"Cat\": []}", classNames: ["Dog"])
            == "1:13: 'Cat' is not a class of the schema (classes: 'Dog')")
    }

    @Test func numbersBeyondSixtyFourBits() {
        #expect(Self.firstError("{\"n\": 99999999999999999999}")
            == "1:7: number out of range: too big integer near '99999999999999999999' "
            + "(integers must fit in 64 bits; use {\"$numberDecimal\": \"…\"} for more digits)")
    }

    @Test func missingFileIsAnIOError() {
        #expect(throws: SourceError.self) { try DocumentSource(path: "/nonexistent/file.json") }
        do {
            _ = try DocumentSource(path: "/nonexistent/file.json")
        } catch {
            #expect(error.kind == .io)
            #expect(error.diagnostic.message == "cannot open '/nonexistent/file.json': No such file or directory")
        }
    }

    @Test func parsingOneValue() throws {
        let document = try JSONDocument.parse("[1, \"a\"]")
        #expect(document.kind == .array)
        #expect(document.withRoot { $0.elements.map(\.kind) } == [.integer, .string])
        #expect(throws: SourceError.self) { try JSONDocument.parse("{\"a\": 1} x") }
        do {
            _ = try JSONDocument.parse("{\n  \"a\": [1,]\n}", name: "v.json")
        } catch {
            #expect(error.diagnostic.description == "v.json:2:11: error: invalid JSON: unexpected token near ']'")
        }
    }
}
