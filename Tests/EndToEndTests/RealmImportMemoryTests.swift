import Foundation
import Glibc
import TestSupport
import Testing

/// The peak memory of `realm-import` on one large document, read from the kernel's account of
/// the child (`wait4`'s `ru_maxrss`), so the test does not depend on timing.
@Suite struct RealmImportMemoryTests {
    /// Runs the built `realm-import` with `arguments` (stdout to /dev/null, stderr to
    /// `stderrPath`); returns its exit status and its peak resident memory in KiB.
    static func runMeasured(_ arguments: [String], stderrPath: String) throws -> (status: Int32, peakKiB: Int) {
        let executable = Tool.url("realm-import").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        try #require(spawned == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), Int(usage.ru_maxrss))
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
                                        "--class", "Doc", "--quiet", directory + "/doc.json"],
                                       stderrPath: directory + "/stderr.txt")
        #expect(run.status == 0, "\(String(decoding: FileManager.default.contents(atPath: directory + "/stderr.txt") ?? Data(), as: UTF8.self))")
        #expect(run.peakKiB < 200_000, "peak \(run.peakKiB) KiB for a \(size / 1_000_000) MB document")
        try FileManager.default.removeItem(atPath: directory)
    }
}
