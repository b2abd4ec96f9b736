import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// `StoreWatcher`: commits by other connections and other processes are noticed, and the
/// change log tells what they changed.
@Suite struct StoreWatcherTests {
    let directory = TemporaryDirectory()

    /// The versions a watcher reported, in order.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var versions: [UInt64] = []

        func add(_ version: UInt64) { lock.withLock { versions.append(version) } }
        var all: [UInt64] { lock.withLock { versions } }

        /// Waits up to 10 s for a report of `version` or later; returns the reports.
        func wait(for version: UInt64) -> [UInt64] {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, (all.last ?? 0) < version { Thread.sleep(forTimeInterval: 0.002) }
            return all
        }
    }

    @Test func aCommitByAnotherStoreInThisProcessIsReportedWithItsVersion() throws {
        let store = try Store.temporary(directory)
        let reports = Reports()
        let watcher = try StoreWatcher(path: directory.path()) { reports.add($0) }
        defer { watcher.stop() }
        #expect(watcher.startVersion == store.version)
        let item = try store.write { try store.create("Item", value: ["sku": "A"]) }
        #expect(reports.wait(for: store.version) == [store.version])
        #expect(try store.changes(from: watcher.startVersion, to: reports.all[0])?["Item"].inserted == [item.key])
        watcher.stop()
        let stopped = reports.all
        try store.write { try store.set(item, "qty", 2) }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(reports.all == stopped, "a stopped watcher reports nothing more")
    }

    @Test func aCommitByAChildProcessIsReportedAndItsChangesAreExact() throws {
        let path = directory.path()
        let reader = try Store(path: path, schema: VersionProcessTests.schema)
        try reader.pinVersions()
        let existing = try reader.write { try reader.create("Log", value: ["id": 7, "payload": "parent"]) }
        let seen = reader.version
        let reports = Reports()
        let watcher = try StoreWatcher(path: path) { reports.add($0) }
        defer { watcher.stop() }
        let child = Process()
        child.executableURL = Tool.url("realm-store-tool")
        child.arguments = ["hold-write", path, "1", "0"]
        child.standardOutput = Pipe()
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        let reported = reports.wait(for: seen + 1)
        #expect(reported == [seen + 1])
        #expect(try reader.refresh())
        #expect(reader.version == seen + 1)
        let changes = try reader.changes(from: seen, to: reader.version)
        let created = try reader.object("Log", primaryKey: .int(1))
        #expect(changes?["Log"] == StoreChanges.ClassChanges(inserted: [try #require(created).key]))
        #expect(changes?["Log"].modified[existing.key] == nil)
    }
}
