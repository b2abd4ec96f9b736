import Foundation
import RealmEngine
import TestSupport
import Testing

/// Imports where the storage fails: a store nobody may write, a disk that fills up during the
/// import and a write the system refuses (an I/O error). The import fails with a message naming the store, and the store is left as the
/// last commit made it.
@Suite struct FaultInjectionStorageTests {
    @Test func importIntoAReadOnlyStoreFailsAndLeavesItAsItWas() throws {
        let directory = try Faults.workspace("realm-read-only-import")
        try Faults.batch(50, prefix: "new").write(to: URL(fileURLWithPath: directory + "/batch.ndjson"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: directory + "/batch.ndjson")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: directory + "/s.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/s.sqlite"))

        let result = try StoreFileAccessTests.runWithoutWriteAccess(
            "realm-import", ["--store", directory + "/s.sqlite", "--class", "Item", directory + "/batch.ndjson"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(directory)/s.sqlite: the store cannot be written (its file, directory or mount is read-only)"),
                "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/s.sqlite")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            == ["batch.ndjson", "first.ndjson", "s.sqlite", "schema.yaml"])
    }

    /// A 1 MB tmpfs holds the store; an import of 20,000 objects does not fit. Needs `mount`
    /// (root in a VM or container that allows it); skipped with the reason otherwise.
    @Test func aFullDiskFailsTheImportAndKeepsTheLastCommit() throws {
        let mountPoint = try Temporary.path("realm-disk-full")
        let mounted = try Command.run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint])
        guard mounted.status == 0 else {
            print("skipped aFullDiskFailsTheImportAndKeepsTheLastCommit: cannot mount a tmpfs here: \(mounted.stderr)")
            return
        }
        defer { _ = try? Command.run("umount", [mountPoint]) }
        let directory = try Faults.workspace("unused", in: mountPoint)
        let input = try Temporary.path("realm-disk-full-input") + "/batch.ndjson"
        try Faults.batch(20_000, prefix: "big").write(to: URL(fileURLWithPath: input))

        let result = try Tool.run("realm-import", ["--store", "s.sqlite", "--class", "Item", input], in: directory)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: s.sqlite: the disk is full"), "\(result.stderr)")
        #expect(try Faults.checkedCount(directory + "/s.sqlite", "after a full disk") == 3)
    }

    /// An I/O error in the middle of the import's writes: the tool runs with a file-size limit
    /// (`ulimit -f`, SIGXFSZ ignored) of 300 KB, so SQLite's write past it fails with EFBIG.
    @Test func aFailingWriteRollsBackAndNamesTheStore() throws {
        let directory = try Faults.workspace("realm-io-error")
        try Faults.batch(20_000, prefix: "big").write(to: URL(fileURLWithPath: directory + "/batch.ndjson"))
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/s.sqlite"))
        let limited = "trap '' XFSZ; ulimit -f 300; exec \"$0\" \"$@\""
        let result = try Command.run("bash", ["-c", limited, Tool.url("realm-import").path,
                                              "--store", "s.sqlite", "--class", "Item", "batch.ndjson"], in: directory)
        #expect(result.status == 2, "\(result.stderr)")
        // Writing or committing, as the pages reach the write-ahead log; never SQLite's text.
        #expect(result.stderr.hasPrefix("error: s.sqlite: ") && result.stderr.hasSuffix(" the store file failed: an I/O error\n"),
                "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/s.sqlite")) == before)
        #expect(try Faults.checkedCount(directory + "/s.sqlite", "after an I/O error") == 3)
    }
}
