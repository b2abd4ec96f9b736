import Foundation
@testable import RealmEngine
import TestSupport
import Testing

/// Crash safety and cross-process reads, with `realm-store-tool write-forever` as the writer:
/// it commits 1000 `Log` objects, then writes a large transaction that never commits.
@Suite(.serialized) struct ProcessTests {
    let directory = TemporaryDirectory()

    /// Starts the writer and returns once it reports `writing` (uncommitted data in flight).
    private func startWriter(_ path: String, bulkLoad: Bool = false) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = Tool.url("realm-store-tool")
        process.arguments = ["write-forever", path] + (bulkLoad ? ["--bulk-load"] : [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var received = ""
        while !received.contains("writing\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += String(decoding: chunk, as: UTF8.self)
        }
        #expect(received == "committed 1000\nwriting\n")
        return (process, output)
    }

    private func kill(_ process: Process) {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    @Test func sigkillDuringALargeWriteLeavesTheLastCommittedState() async throws {
        let path = directory.path()
        let (writer, _) = try startWriter(path)
        try await Task.sleep(for: .milliseconds(500))
        kill(writer)
        #expect(writer.terminationReason == .uncaughtSignal)
        let store = try Store(path: path)
        #expect(try store.count("Log") == 1000)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.object("Log", primaryKey: 1000) == nil)
        #expect(try store.get(try #require(try store.object("Log", primaryKey: 999)), "id") == 999)
        try store.write { try store.create("Log", value: ["id": 1000, "payload": "after the crash"]) }
        #expect(try store.count("Log") == 1001)
    }

    @Test func sigkillDuringABulkLoadLeavesTheLastCommittedState() async throws {
        let path = directory.path()
        let (writer, _) = try startWriter(path, bulkLoad: true)
        // Long enough for the uncommitted transaction to outgrow the 64 MB page cache, so that
        // SQLite has written some of it into the file itself (journaling what it overwrote).
        try await Task.sleep(for: .milliseconds(1500))
        kill(writer)
        #expect(writer.terminationReason == .uncaughtSignal)
        let store = try Store(path: path)
        #expect(try store.count("Log") == 1000)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.connection.scalarText("PRAGMA journal_mode") == "wal")
    }

    @Test func aReaderInAnotherProcessSeesTheLastCommittedStateDuringALongWrite() async throws {
        let path = directory.path()
        let (writer, _) = try startWriter(path)
        defer { kill(writer) }
        let store = try Store(path: path)
        #expect(try store.count("Log") == 1000)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try store.count("Log") == 1000)
        #expect(writer.isRunning, "the write is still in progress")

        let reader = try Tool.run("realm-store-tool", ["count", path, "Log"])
        #expect(reader.stdout == "1000\n")
        #expect(reader.status == 0)
    }

    @Test func aWriterKeptWaitingByAnotherProcessSaysSoAndNamesTheBusyStore() async throws {
        let path = directory.path()
        let (writer, _) = try startWriter(path)
        defer { kill(writer) }
        let input = directory.path("logs.json")
        try #"[{"id": 5000000, "payload": "late"}]"#.write(toFile: input)

        let started = ContinuousClock.now
        // Ten seconds of waiting for the lock: no test thread is held meanwhile.
        let result = try await Tool.runWithoutBlocking("realm-import", ["--store", path, "--class", "Log", input])
        let waited = ContinuousClock.now - started

        #expect(result.status == 2)
        #expect(result.stderr == """
            waiting for \(path): another process is writing to it\u{2026}
            error: \(path) is busy: another process is writing to it (gave up after waiting 10 s)

            """)
        #expect(waited >= .seconds(10) && waited < .seconds(20))
        #expect(writer.isRunning, "the other write is still in progress")
    }

    @Test func aReaderOfAStoreAnotherProcessIsCreatingSaysSo() throws {
        let path = directory.path()
        let (writer, _) = try startWriter(path, bulkLoad: true)
        defer { kill(writer) }
        let export = try Tool.run("realm-export", ["--store", path])
        #expect(export.status == 2)
        #expect(export.stderr == "error: \(path) is being created by another process\n")
        let dump = try Tool.run("realm-schema", ["dump", "--store", path])
        #expect(dump.status == 2)
        #expect(dump.stderr == "error: \(path) is being created by another process\n")
        #expect(writer.isRunning, "the store is still being created")
    }
}
