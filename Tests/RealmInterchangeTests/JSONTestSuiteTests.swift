import Foundation
import RealmInterchange
import TestSupport
import Testing

/// The JSONTestSuite parsing corpus: `n_` files are rejected with a located error, `y_` files
/// are read or get the "expected an object" message, and nothing crashes or hangs.
@Suite struct JSONTestSuiteTests {
    static func read(_ name: String) throws -> ReadResult {
        let source = try DocumentSource(path: JSONTestSuite.path(name))
        return Fixtures.readAll(source)
    }

    @Test func corpusIsPresent() {
        #expect(JSONTestSuite.files(prefix: "n_").count == 188)
        #expect(JSONTestSuite.files(prefix: "y_").count == 95)
    }

    @Test(arguments: JSONTestSuite.files(prefix: "n_"))
    func rejected(_ name: String) throws {
        let result = try Self.read(name)
        #expect(!result.errors.isEmpty, "\(name) was accepted")
        for error in result.errors {
            let location = try #require(error.diagnostic.location, "\(name): \(error)")
            #expect(location.line >= 1 && location.column >= 1)
            #expect(location.file.hasSuffix(name))
        }
    }

    /// Valid JSON that this reader rejects on purpose: duplicate keys are an error (docs/json-typing.md) and
    /// jansson cannot hold a NUL in an object key.
    static let rejectedOnPurpose: [String: String] = [
        "y_object_duplicated_key.json": "duplicate key 'a' in an object",
        "y_object_duplicated_key_and_value.json": "duplicate key 'a' in an object",
        "y_object_escaped_null_in_key.json": #"invalid JSON: NUL byte in object key not supported near '"foo\u0000bar"'"#,
    ]

    /// Read as the importer does, knowing the schema's classes (none of them appear in the corpus).
    static func readWithSchema(_ name: String) throws -> ReadResult {
        let source = try DocumentSource(path: JSONTestSuite.path(name),
                                            options: SourceOptions(classNames: ["Person"]))
        return Fixtures.readAll(source)
    }

    @Test(arguments: JSONTestSuite.files(prefix: "y_"))
    func accepted(_ name: String) throws {
        let result = try Self.readWithSchema(name)
        if let expected = Self.rejectedOnPurpose[name] {
            #expect(result.messages == [expected])
            return
        }
        for message in result.messages {
            #expect(message.hasPrefix("expected an object (a document) but found "), "\(name): \(message)")
        }
        let structural = result.errors.filter { $0.kind != .notAnObject }
        #expect(structural.isEmpty, "\(name): \(structural)")
    }

    @Test func acceptedObjectsKeepTheirContent() throws {
        let result = try Self.readWithSchema("y_string_null_escape.json")
        #expect(result.documents.isEmpty)
        let object = try Self.readWithSchema("y_object_long_strings.json")
        #expect(object.shape == .ndjson)
        #expect(object.documents.count == 1)
        let arrays = try Self.read("y_array_heterogeneous.json")
        #expect(arrays.shape == .array)
        #expect(arrays.documents.map(\.json) == ["{}"])
        #expect(arrays.messages.count == 3)
    }

    /// Without the class names, an object whose first value is an array reads as multi-class.
    @Test func withoutClassNamesTheFirstArrayValueMeansMultiClass() throws {
        let result = try Self.read("y_object_long_strings.json")
        #expect(result.shape == .multiClass)
        #expect(result.messages == ["the value of class 'id' must be an array of objects but found a string"])
    }

    @Test(arguments: JSONTestSuite.files(prefix: "i_"))
    func implementationDefinedNeverCrash(_ name: String) throws {
        let source = try DocumentSource(path: JSONTestSuite.path(name))
        _ = Fixtures.readAll(source)
        #expect(source.isFinished)
    }
}
