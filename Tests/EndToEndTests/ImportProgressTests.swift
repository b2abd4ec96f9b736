import Foundation
import TestSupport
import Testing

/// The progress lines' percentages are of the input file's bytes: the compressed bytes of a
/// gzip or xz file, the CSV file's bytes (not the JSON made of its rows), ending at 100%.
@Suite struct ImportProgressTests {
    static let schema = """
        models:
          Item:
            primaryKey: stockKeepingUnit
            properties:
              stockKeepingUnit: string
              quantityInStock: int
              descriptiveNote: string
        """
    static let count = 8_000

    /// A directory with the schema, `items.ndjson` and `items.csv` (the same `count` items, with
    /// random notes so that they do not compress to nothing), `.gz` and `.xz` of the NDJSON.
    func workspace(items: Int = count) throws -> String {
        let directory = try Temporary.path("realm-progress")
        try Self.schema.write(toFile: directory + "/schema.yaml", atomically: true, encoding: .utf8)
        var random = SeededRandom(seed: 16)
        var json = "", csv = "stockKeepingUnit,quantityInStock,descriptiveNote\n"
        for index in 0..<items {
            let note = (0..<24).map { _ in String(random.next() % 1_000_000_007, radix: 36) }.joined(separator: " ")
            json += "{\"stockKeepingUnit\": \"S\(index)\", \"quantityInStock\": \(index), \"descriptiveNote\": \"\(note)\"}\n"
            csv += "S\(index),\(index),\(note)\n"
        }
        try json.write(toFile: directory + "/items.ndjson", atomically: true, encoding: .utf8)
        try csv.write(toFile: directory + "/items.csv", atomically: true, encoding: .utf8)
        #expect(try Command.run("gzip", ["-kn", "items.ndjson"], in: directory).status == 0)
        #expect(try Command.run("xz", ["-k", "items.ndjson"], in: directory).status == 0)
        return directory
    }

    /// The percentages of the progress lines of importing `input`, one line per document.
    func percentages(_ input: String, _ extra: [String] = [], in directory: String) throws -> [Double] {
        let arguments = [Tool.url("realm-import").path, "--store", "\(input).realm", "--schema", "schema.yaml",
                         "--class", "Item"] + extra + [input]
        let result = try Command.run("REALM_IMPORT_PROGRESS_INTERVAL=0", arguments, in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(" objects from "), "\(result.stderr.suffix(300))")
        return result.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.compactMap { line in
            guard let match = line.firstMatch(of: #/ \((\d+\.\d)%\) /#) else { return nil }
            return Double(match.1)
        }
    }

    /// Monotone, within 0-100, ending at 100, and following the documents read: after the
    /// i-th of n documents the percentage is close to i/n (the documents are all alike).
    func check(_ percentages: [Double], _ input: String) {
        #expect(percentages.count >= Self.count, "\(input): a line per document")
        #expect(zip(percentages, percentages.dropFirst()).allSatisfy { $0 <= $1 }, "\(input): monotone")
        #expect(percentages.allSatisfy { (0...100).contains($0) }, "\(input)")
        #expect(percentages.last == 100, "\(input): \(percentages.suffix(3))")
        let off = percentages.prefix(Self.count).enumerated().filter { index, percent in
            abs(percent - 100 * Double(index + 1) / Double(Self.count)) > 20
        }
        #expect(off.isEmpty, "\(input): \(off.count) lines far from the documents read, first \(String(describing: off.first))")
    }

    /// (Measured: at most 11 points ahead for gzip, xz and CSV, 0.2 for plain JSON; percentages of
    /// the decompressed or JSON text's bytes were 25 to 55 points off.)
    @Test func percentagesAreOfTheFilesBytesForPlainCompressedAndCSVInput() throws {
        let directory = try workspace()
        check(try percentages("items.ndjson", in: directory), "plain")
        check(try percentages("items.ndjson.gz", in: directory), "gzip")
        check(try percentages("items.ndjson.xz", in: directory), "xz")
        check(try percentages("items.csv", ["--type", "csv"], in: directory), "csv")
    }

    /// Bytes after the last document (an array's `]`, blank lines) still count: the input's
    /// last line says 100%.
    @Test func theLastLineOfAnInputSays100Percent() throws {
        let directory = try workspace(items: 0)
        let array = "[\n" + (0..<3).map { "{\"stockKeepingUnit\": \"A\($0)\", \"quantityInStock\": 1, \"descriptiveNote\": \"n\"}" }
            .joined(separator: ",\n") + "\n]" + String(repeating: "\n", count: 30)
        try array.write(toFile: directory + "/items.json", atomically: true, encoding: .utf8)
        let percentages = try percentages("items.json", in: directory)
        #expect(percentages.count == 4 && percentages.dropLast().allSatisfy { $0 < 95 }, "\(percentages)")
        #expect(percentages.last == 100, "\(percentages)")
    }
}
