import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// Bad input never half-writes: JSONTestSuite's `n_` files, invalid UTF-8, a truncated file
/// and a bad last record leave the store as it was (byte for byte), each with a located error.
@Suite struct ImportBadInputTests {
    static let schema = """
        models:
          T:
            primaryKey: id
            properties: { id: int, x: mixed }
        """

    /// A harness holding two objects, closed so that the file has no WAL.
    func seededHarness() throws -> ImportHarness {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"id": 1, "x": "one"} {"id": 2, "x": [1, 2]}"#, ImportOptions(className: "T"))
        #expect(run.summary.committed)
        harness.close()
        return harness
    }

    @Test func everyRejectedCorpusFileLeavesTheStoreUnchanged() throws {
        let names = JSONTestSuite.files(prefix: "n_")
        #expect(names.count == 188)
        let harness = try seededHarness()
        let before = try harness.dump()
        for name in names {
            let path = JSONTestSuite.path(name)
            let run = try harness.run(file: path, ImportOptions(className: "T"))
            #expect(!run.errors.isEmpty, "\(name) was accepted")
            #expect(!run.summary.committed)
            for error in run.errors {
                let location = try #require(error.location, "\(name): \(error)")
                #expect(location.file.hasSuffix(name) && location.line >= 1 && location.column >= 1)
            }
        }
        #expect(try harness.dump() == before)
    }

    @Test func acceptedCorpusFilesThatAreNotObjectsGetAClearMessage() throws {
        let harness = try ImportHarness(Self.schema)
        for name in JSONTestSuite.files(prefix: "y_") {
            let path = JSONTestSuite.path(name)
            let run = try harness.run(file: path, ImportOptions(className: "T"))
            for message in run.messages {
                let clear = message.hasPrefix("expected an object (a document) but found ")
                    || message.hasPrefix("duplicate key") || message.hasPrefix("invalid JSON: NUL byte in object key")
                    || message.hasPrefix("Missing value for property 'T.id'") || message.hasPrefix("Invalid value '")
                #expect(clear, "\(name): \(message)")
            }
        }
    }

    @Test func deeplyNestedArraysAreALocatedErrorNotACrash() throws {
        let harness = try ImportHarness(Self.schema)
        let bytes = Array(repeating: UInt8(ascii: "["), count: 100_000)
        let run = try harness.run(bytes: bytes, ImportOptions(className: "T"))
        #expect(run.summary.errors == 1)
        #expect(run.errors.first?.location != nil)
        let nested = try harness.run(#"{"id": 1, "x": "# + String(repeating: "[", count: 100_000), ImportOptions(className: "T"))
        #expect(nested.summary.errors == 1)
    }

    @Test func invalidUTF8IsLocated() throws {
        let harness = try ImportHarness(Self.schema)
        var bytes = Array("{\"id\": 1, \"x\": \"ok\"}\n{\"id\": 2, \"x\": \"a".utf8)
        bytes += [0xFF, 0x22, 0x7D, 0x0A]
        let run = try harness.run(bytes: bytes, ImportOptions(className: "T"))
        #expect(run.messages.count == 1)
        #expect(run.messages.first?.contains("UTF-8") == true, "\(run.messages)")
        #expect(run.locations.first?.hasPrefix("2:") == true)
        #expect(try harness.objects("T").isEmpty)
    }

    @Test func truncatedFileIsLocated() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run("[{\"id\": 1},\n {\"id\": 2, \"x\": [1, 2", ImportOptions(className: "T"))
        #expect(run.messages.count == 1)
        #expect(run.messages.first?.hasPrefix("unexpected end of input") == true, "\(run.messages)")
        #expect(run.locations.first?.hasPrefix("2:") == true)
        #expect(try harness.objects("T").isEmpty)
    }

    @Test func badLastRecordLeavesTheFileByteIdentical() throws {
        let harness = try seededHarness()
        let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: harness.path))
        #expect(!FileManager.default.fileExists(atPath: harness.path + "-wal"))
        let dumpBefore = try harness.dump()
        harness.close()
        var lines = (3...2_002).map { #"{"id": \#($0), "x": {"n": \#($0), "s": "\#(String(repeating: "x", count: 200))"}}"# }
        lines.append(#"{"id": 2003, "x": 1, "id": 5}"#)
        let run = try harness.run(lines.joined(separator: "\n"), ImportOptions(className: "T", mode: .upsert))
        #expect(run.messages == ["duplicate key 'id' in an object"])
        #expect(run.locations == ["2001:22"])
        #expect(try harness.dump() == dumpBefore)
        harness.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: harness.path)) == bytesBefore)
    }

    @Test func maxErrorsStopsReading() throws {
        let harness = try ImportHarness(Self.schema)
        let input = (1...50).map { #"{"id": "\#($0)"}"# }.joined(separator: "\n")
        let run = try harness.run(input, ImportOptions(className: "T", maxErrors: 3))
        #expect(run.summary.errors == 3 && run.summary.stoppedEarly)
        #expect(run.summary.render(order: ["T"], dryRun: false).hasSuffix("3 errors; nothing was written (stopped at --max-errors)\n"))
        #expect(run.summary.documents == 3)
    }
}
