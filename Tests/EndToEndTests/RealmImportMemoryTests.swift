import Foundation
import TestSupport
import Testing

/// The peak memory of `realm-import` on one large document, as `/usr/bin/time` reports it, so
/// the test does not depend on timing.
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

    /// A 20 MB string value: decoding it used to keep every buffer jansson outgrew and the
    /// trees of each attempt made while the document was still being read in (263 MB peak in a
    /// debug build); those are now freed as jansson drops them (160 MB).
    @Test func oneLargeDocumentCostsAFewTimesItsSize() throws {
        let directory = try Temporary.path("realm-memory")
        try """
            models:
              Doc: { primaryKey: _id, properties: { _id: int, s: string } }
            """.write(toFile: directory + "/schema.yaml")
        let size = 20_000_000
        try ("{\"_id\": 1, \"s\": \"" + String(repeating: "x", count: size) + "\"}\n").write(toFile: directory + "/doc.json")
        let run = try Self.runMeasured(["--store", directory + "/s.sqlite", "--schema", directory + "/schema.yaml",
                                        "--class", "Doc", "--quiet", directory + "/doc.json"], directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakKiB < 200_000, "peak \(run.peakKiB) KiB for a \(size / 1_000_000) MB document")
        try FileManager.default.removeItem(atPath: directory)
    }
}
