import Foundation
@testable import RealmEngine
import TestSupport
import Testing

/// `WALLimit`: a write-ahead log that readers never let go of all at once (each always a
/// version behind, as Realms and exports are in the soak) is started again from a threshold on,
/// instead of growing with every commit.
@Suite struct WALLimitTests {
    let directory = TemporaryDirectory()

    /// Whether the reader thread should stop.
    final class Stop: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        var isSet: Bool { lock.withLock { stopped } }
        func set() { lock.withLock { stopped = true } }
    }

    /// Commits 400 transactions of 20 items on a store whose commits restart the log from
    /// `restartFrames` frames, while another thread's store pins a version and moves to the
    /// newest one every 2 ms, as a Realm that keeps up does. Returns the largest log seen after
    /// a commit (bytes) and the restarts tried and done.
    func largestLog(restartFrames: Int32, name: String) throws -> (bytes: Int, restarts: (tried: Int, done: Int)) {
        let writer = try Store.temporary(directory, name: name)
        writer.walRestartFrames = restartFrames
        let path = writer.path
        let stop = Stop()
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            defer { stopped.signal() }
            guard let reader = try? Store(path: path), (try? reader.pinVersions()) != nil else { return }
            while !stop.isSet {
                _ = try? reader.refresh()
                Thread.sleep(forTimeInterval: 0.002)
            }
        }.start()
        var largest = 0
        for commit in 0..<400 {
            try writer.write {
                for index in 0..<20 {
                    try writer.create("Item", value: ["sku": .value(.string("\(commit)-\(index)-" + String(repeating: "x", count: 100))), "qty": 1])
                }
            }
            largest = max(largest, (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0)
        }
        stop.set()
        stopped.wait()
        #expect(try writer.integrityCheck() == "ok")
        #expect(try writer.count("Item") == 8000)
        return (largest, writer.walRestarts ?? (0, 0))
    }

    @Test func aLogReadersNeverLetGoOfIsRestartedFromTheThreshold() throws {
        let frame = 4096 + 24
        // SQLite's autocheckpoint alone (no restart): the log keeps growing.
        let unlimited = try largestLog(restartFrames: .max, name: "unlimited.sqlite")
        #expect(unlimited.bytes > 3 * 300 * frame, "the reader did not hold the log: \(unlimited.bytes) bytes")
        // From 300 frames on: restarted (some tries run out of time while the reader holds on)
        // and smaller than the unlimited log (one quiet run: 2.2 MB against 16.6 MB; a loaded CI
        // run let the unlimited log grow less, so no ratio is asked of the two).
        let limited = try largestLog(restartFrames: 300, name: "limited.sqlite")
        let report = "\(limited.bytes) bytes (\(unlimited.bytes) unlimited), restarts \(limited.restarts)"
        #expect(limited.restarts.done > 0, "\(report)")
        #expect(limited.bytes < unlimited.bytes, "\(report)")
        // The log's size is the longest run between restarts that succeeded: held under a bound
        // when most of them did. On a loaded machine the reader thread, descheduled while it
        // holds its snapshot, makes most tries time out (a clean-clone CI run in parallel with
        // the rest of the suite: 6 done of 30, 7.8 MB), and then no bound holds.
        if limited.restarts.done * 2 >= limited.restarts.tried {
            #expect(limited.bytes < 4 * 300 * frame, "\(report)")
        }
    }
}
