import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// A store opened again in a process that already has it open must not drop that process's
/// SQLite locks on the file (closing any descriptor of a file drops all of a process's POSIX
/// locks on it): a Realm's pinned read transaction keeps its SHARED lock while other threads
/// open their own Realms, snapshots or watchers of the file.
@Suite struct ProcessLockTests {
    let directory = TemporaryDirectory()

    /// The POSIX locks this process holds on the file at `path`, from `/proc/locks`.
    private func ownLocks(_ path: String) throws -> Int {
        var status = stat()
        #expect(stat(path, &status) == 0)
        let inode = ":\(status.st_ino)"
        let pid = String(getpid())
        return try String(contentsOfFile: "/proc/locks", encoding: .utf8).split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.count >= 8 && fields[1] == "POSIX" && fields[4] == pid && fields[5].hasSuffix(inode)
        }.count
    }

    @Test func openingTheStoreAgainKeepsThePinnedReadersLock() throws {
        let store = try Store.temporary(directory)
        try store.write { try store.create("Item", value: ["sku": "A", "qty": 1]) }
        try store.pinVersions()
        #expect(try store.count("Item") == 1)
        let held = try ownLocks(store.path)
        #expect(held > 0)
        do {
            let other = try Store(path: store.path, readOnly: true)
            #expect(try other.count("Item") == 1)
        }
        _ = try Store.storedSchema(at: store.path)
        let writer = try Store(path: store.path, schema: ordersSchema)
        try writer.write { try writer.create("Item", value: ["sku": "B", "qty": 1]) }
        #expect(try ownLocks(store.path) >= held)
        #expect(try store.count("Item") == 1)
    }
}
