import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// Stores pinning one version (Store+Versions), their frozen snapshots, and the version
/// counter every commit bumps.
@Suite struct StoreVersionTests {
    let directory = TemporaryDirectory()

    private func item(_ sku: String) -> [String: InputValue] {
        ["sku": .value(.string(sku)), "qty": 1]
    }

    /// `PRAGMA wal_checkpoint` from `store`'s connection: (log frames, checkpointed frames).
    private func checkpoint(_ store: Store) throws -> (Int64, Int64) {
        let statement = try Statement(database: store.connection.handle, sql: "PRAGMA wal_checkpoint(PASSIVE)")
        #expect(try statement.step())
        return (statement.int64(1), statement.int64(2))
    }

    @Test func aPinnedStoreReadsOneVersionUntilItRefreshes() throws {
        let reader = try Store.temporary(directory)
        let writer = try Store.temporary(directory)
        try reader.pinVersions()
        let version = reader.version
        try writer.write { try writer.create("Item", value: item("A")) }
        try writer.write { try writer.create("Item", value: item("B")) }
        #expect(writer.version == version + 2)
        #expect(try reader.count("Item") == 0)
        #expect(reader.version == version)
        #expect(try reader.refresh())
        #expect(try reader.count("Item") == 2 && reader.version == version + 2)
        #expect(try !reader.refresh())
    }

    @Test func aPinnedStoreCheckpointsTheLogAndReadsTheNewestVersionAfter() throws {
        let store = try Store.temporary(directory)
        let writer = try Store.temporary(directory)
        try store.pinVersions()
        try store.write { try store.create("Item", value: item("A")) }
        try writer.write { try writer.create("Item", value: item("B")) }
        #expect(try store.count("Item") == 1)
        try store.checkpoint()
        let log = (try? FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int) ?? 0
        #expect(log == 0)
        #expect(store.isPinningVersions && !store.connection.isAutocommit)
        #expect(try store.count("Item") == 2)
    }

    @Test func aStoreNotPinningReadsTheNewestStateAsBefore() throws {
        let reader = try Store.temporary(directory)
        let writer = try Store.temporary(directory)
        #expect(try reader.count("Item") == 0)
        try writer.write { try writer.create("Item", value: item("A")) }
        #expect(try reader.count("Item") == 1)
        #expect(!reader.isPinningVersions && reader.connection.isAutocommit)
    }

    @Test func aPinnedWriteStartsFromTheNewestVersion() throws {
        let first = try Store.temporary(directory)
        let second = try Store.temporary(directory)
        try first.pinVersions()
        try second.pinVersions()
        try second.write { try second.create("Item", value: item("A")) }
        #expect(try first.count("Item") == 0)
        try first.write {
            #expect(try first.count("Item") == 1)
            try first.create("Item", value: item("B"))
        }
        #expect(try first.count("Item") == 2 && first.version == second.version + 1)
    }

    @Test func aFrozenSnapshotKeepsItsVersionAndTheLiveStoreMovesToANewConnection() throws {
        let store = try Store.temporary(directory)
        try store.pinVersions()
        try store.write { try store.create("Item", value: item("A")) }
        let snapshot = try store.frozenSnapshot()
        let shared = store.connection
        #expect(snapshot.connection === shared && shared.frozenUsers == 1)
        #expect(snapshot.isFrozen && snapshot.version == store.version)
        try store.write { try store.create("Item", value: item("B")) }
        #expect(store.connection !== shared)
        #expect(try snapshot.serialized { try snapshot.count("Item") } == 1)
        #expect(try store.count("Item") == 2)
        #expect {
            try snapshot.beginWrite()
        } throws: { error in
            (error as? StoreError).map { $0.code == .frozenRealm && $0.message == "Can't perform transactions on a frozen Realm" } ?? false
        }
    }

    @Test func aSnapshotHoldsWALPagesUntilTheLastUserIsGone() throws {
        let store = try Store.temporary(directory)
        try store.pinVersions()
        try store.write { try store.create("Item", value: item("A")) }
        var snapshot: Store? = try store.frozenSnapshot()
        try store.write { try store.create("Item", value: item("B")) }
        let writer = try Store.temporary(directory)
        let (held, copied) = try checkpoint(writer)
        #expect(copied < held, "the snapshot's version keeps the later frames in the log")
        #expect(try snapshot?.count("Item") == 1)
        snapshot = nil
        let (log, done) = try checkpoint(writer)
        #expect(done == log)
        #expect(try store.count("Item") == 2)
    }

    @Test func aPinnedStoreWhoseWriteCannotBeginStillReadsOneVersion() throws {
        let store = try Store.temporary(directory)
        let holder = try Store.temporary(directory)
        try store.pinVersions()
        try holder.beginWrite()
        try holder.create("Item", value: item("A"))
        let started = ContinuousClock.now
        #expect(throws: StoreError.self) { try store.beginWrite() }
        #expect(ContinuousClock.now - started >= .seconds(10))
        #expect(!store.isInWriteTransaction && !store.connection.isAutocommit)
        try holder.commitWrite()
        #expect(try store.count("Item") == 0)
        #expect(try store.refresh())
        #expect(try store.count("Item") == 1)
    }

    @Test func aFrozenSnapshotIsAskedOutsideAWriteOfAPinnedStore() throws {
        let store = try Store.temporary(directory)
        #expect(throws: StoreError.self) { try store.frozenSnapshot() }
        try store.pinVersions()
        try store.beginWrite()
        #expect(throws: StoreError.self) { try store.frozenSnapshot() }
        try store.cancelWrite()
        #expect(try store.frozenSnapshot().isFrozen)
    }
}
