import Foundation
import TestSupport
import Testing

/// `realm-import` given UTF-16 or UTF-32 text, as a file, gzip-compressed, through stdin and as
/// CSV: exit status 1, one located error naming the encoding and iconv, and no store is made.
@Suite struct WideTextImportCommandTests {
    static let schema = """
        models:
          Person:
            primaryKey: name
            properties: { name: string, age: int? }
        """

    @Test func utf16AndUTF32InputIsNamedNotTakenForBSON() throws {
        let directory = try Temporary.path("realm-wide-text")
        try Self.schema.write(toFile: directory + "/people.yaml")
        // `{` and a Windows line break: the first bytes a BSON length and a null element once were.
        let json = "{\r\n\"Person\": [{\"name\": \"Ann\", \"age\": 3}]}\r\n"
        let cases: [(String, String.Encoding, String, [String])] = [
            ("people.json", .utf16LittleEndian, "UTF-16LE", []), ("people.json", .utf16BigEndian, "UTF-16BE", []),
            ("people.json", .utf32LittleEndian, "UTF-32LE", []), ("people.json", .utf32BigEndian, "UTF-32BE", []),
            ("people.json", .utf16, "UTF-16LE", []),  // Foundation's .utf16 writes a byte-order mark
            ("people.csv", .utf16LittleEndian, "UTF-16LE", ["--type", "csv", "--class", "Person"]),
        ]
        for (name, encoding, encodingName, options) in cases {
            let text = name.hasSuffix(".csv") ? "name,age\r\nAnn,3\r\n" : json
            let bytes = try #require(text.data(using: encoding))
            try bytes.write(to: URL(fileURLWithPath: directory + "/" + name))
            _ = try Command.run("gzip", ["-knf", name], in: directory)
            for input in [name, name + ".gz", "-"] {
                let result = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "people.yaml"] + options + [input],
                                          in: directory, input: input == "-" ? bytes : Data())
                let shown = input == "-" ? "<stdin>" : input
                #expect(result.status == 1, "\(encodingName) \(input): \(result.stderr)")
                #expect(result.stderr.contains("\(shown):1:1: error: '\(shown)' is \(encodingName) text ("), "\(result.stderr)")
                #expect(result.stderr.contains("note: convert it to UTF-8 first, e.g. with iconv -f \(encodingName) -t UTF-8"))
                #expect(!result.stderr.contains("BSON"), "\(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"))
            }
        }
        // Converted as the note says, the same file imports.
        let converted = try Command.run("sh", ["-c", "iconv -f UTF-16LE -t UTF-8 people.csv > utf8.csv"], in: directory)
        #expect(converted.status == 0, "\(converted.stderr)")
        let result = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "people.yaml", "--type", "csv",
                                                   "--class", "Person", "utf8.csv"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
