import Foundation
import RealmEngine
import TestSupport
import Testing

/// The peak memory of `realm-import` on one large document, as `/usr/bin/time` reports it, so
/// the tests do not depend on timing: one long string, and millions of set elements and of
/// map entries (docs/realm-import.md, section 3). Each bound is about 4× the document plus the
/// tool's own ~30 MB (a debug build) and fails on the code before the fix.
@Suite struct RealmImportMemoryTests {
    /// Runs the built `realm-import` with `arguments` under `/usr/bin/time`; returns its exit
    /// status, its standard error and its peak resident memory in KiB.
    ///
    /// `time` forks the tool from its own small process. A child spawned straight from this
    /// (large, multi-threaded) test process starts on the test process's memory (`posix_spawn`
    /// shares it until `exec`), and the kernel counts that into the child's peak.
    static func runMeasured(_ arguments: [String], directory: String) throws -> (status: Int32, stderr: String, peakKiB: Int) {
        let report = directory + "/time.txt"
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/time"),
                                    ["-f", "%M", "-o", report, Tool.url("realm-import").path] + arguments)
        let peak = try String(contentsOfFile: report, encoding: .utf8)
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (result.status, result.stderr, try #require(peak))
    }

    /// Imports `document` as the one `Doc` with property `property` of type `type`; returns the
    /// peak in KiB and the open store.
    static func importOne(_ document: String, property: String, type: String) throws -> (peakKiB: Int, store: Store, directory: String) {
        let directory = try Temporary.path("realm-memory")
        try """
            models:
              Doc: { primaryKey: _id, properties: { _id: int, \(property): "\(type)" } }
            """.write(toFile: directory + "/schema.yaml")
        try document.write(toFile: directory + "/doc.json")
        let run = try runMeasured(["--store", directory + "/s.sqlite", "--schema", directory + "/schema.yaml",
                                   "--class", "Doc", "--quiet", directory + "/doc.json"], directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        return (run.peakKiB, try Store(path: directory + "/s.sqlite"), directory)
    }

    /// A 20 MB string value. Before: 161 MB (the buffer, jansson's copy, the Swift string,
    /// SQLite's bound copy, its record); now 92 MB: jansson's copy is freed once converted and
    /// SQLite binds the string without copying it.
    @Test func aLongStringCostsAFewTimesItsSize() throws {
        let size = 20_000_000
        let (peak, store, directory) = try Self.importOne("{\"_id\": 1, \"s\": \"" + String(repeating: "x", count: size) + "\"}\n",
                                                          property: "s", type: "string")
        #expect(peak < 120_000, "peak \(peak) KiB for a \(size / 1_000_000) MB string")
        let doc = try #require(try store.object("Doc", primaryKey: .int(1)))
        guard case .string(let text) = try store.get(doc, "s") else { Issue.record("not a string"); return }
        #expect(text.utf8.count == size && text.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
        try FileManager.default.removeItem(atPath: directory)
    }

    /// A set of 1,666,666 integers in 20 MB. Before: 344 MB (jansson's tree, the trees of each
    /// attempt to decode it while it was read, the converted elements twice); now 60 MB: it is
    /// read, converted and stored a piece at a time.
    @Test func millionsOfSetElementsCostAFewTimesTheirSize() throws {
        let count = 1_666_666
        let elements = (0..<count).map { String(10_000_000_000 + $0 * 7) }.joined(separator: ",")
        let (peak, store, directory) = try Self.importOne("{\"_id\": 1, \"s\": [" + elements + "]}\n", property: "s", type: "int<>")
        #expect(peak < 100_000, "peak \(peak) KiB for a 20 MB set")
        let doc = try #require(try store.object("Doc", primaryKey: .int(1)))
        guard case .list(let set) = try store.get(doc, "s") else { Issue.record("not a set"); return }
        #expect(set.count == count)
        let values = Set(set)
        #expect(values.count == count)
        #expect(values.contains(.int(10_000_000_000)) && values.contains(.int(10_000_000_000 + Int64(count - 1) * 7)))
        try FileManager.default.removeItem(atPath: directory)
    }

    /// A map of 1,250,000 entries in 18.6 MB. Before: 796 MB (jansson's tree and hash tables,
    /// then a Swift dictionary of every converted entry, twice); now 72 MB.
    @Test func millionsOfMapEntriesCostAFewTimesTheirSize() throws {
        let count = 1_250_000
        let entries = (0..<count).map { "\"k\($0)\":\($0 % 1000)" }.joined(separator: ",")
        let (peak, store, directory) = try Self.importOne("{\"_id\": 1, \"m\": {" + entries + "}}\n", property: "m", type: "int{}")
        #expect(peak < 110_000, "peak \(peak) KiB for an 18.6 MB map")
        let doc = try #require(try store.object("Doc", primaryKey: .int(1)))
        guard case .dictionary(let map) = try store.get(doc, "m") else { Issue.record("not a map"); return }
        #expect(map.count == count)
        #expect(map["k0"] == .int(0) && map["k1249999"] == .int(999) && map["k123456"] == .int(456))
        try FileManager.default.removeItem(atPath: directory)
    }

    /// From a pipe, the bytes of a large document cannot be read again: it keeps a copy, from
    /// which its big map is read piece by piece, and an element's error is located in it.
    @Test func aLargeDocumentFromAPipeIsStoredPieceByPiece() throws {
        let directory = try Temporary.path("realm-memory")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
            models:
              Doc: { primaryKey: _id, properties: { _id: int, m: "int{}" } }
            """.write(toFile: directory + "/schema.yaml")
        let count = 625_000
        let entries = (0..<count).map { "\"k\($0)\":\($0 % 1000)" }
        try ("{\"_id\": 1, \"m\": {" + entries.joined(separator: ",") + "}}\n").write(toFile: directory + "/doc.json")
        var bad = entries
        bad[600_000] = "\"k600000\":true"
        try ("{\"_id\": 2, \"m\": {" + bad.joined(separator: ",") + "}}\n").write(toFile: directory + "/bad.json")
        let tool = Tool.url("realm-import").path
        let failed = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                    ["-c", "cat bad.json | '\(tool)' --store s.sqlite --schema schema.yaml --class Doc -"], in: directory)
        #expect(failed.status == 1)
        // `{"_id": 2, "m": {` is 17 bytes; the value follows `"k600000":`.
        let column = 17 + entries.prefix(600_000).reduce(0) { $0 + $1.utf8.count + 1 } + 11
        #expect(failed.stderr.contains("<stdin>:1:\(column): error: Invalid value 'true' of type 'bool' for 'int' dictionary property 'Doc.m'."),
                "\(failed.stderr)")
        let result = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                    ["-c", "cat doc.json | '\(tool)' --store s.sqlite --schema schema.yaml --class Doc --quiet -"],
                                    in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let store = try Store(path: directory + "/s.sqlite")
        let doc = try #require(try store.object("Doc", primaryKey: .int(1)))
        guard case .dictionary(let map) = try store.get(doc, "m") else { Issue.record("not a map"); return }
        #expect(map.count == count && map["k624999"] == .int(999) && map["k1000"] == .int(0))
    }
}
