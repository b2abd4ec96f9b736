import Foundation
import RealmEngine
import TestSupport
import Testing

/// Two `realm-import` processes writing batches of 50 items into one store while a
/// `realm-export` process reads it, for `FAULT_SECONDS` (default 3; the minute is
/// `FAULT_SECONDS=60`). Every import succeeds, every export sees whole batches only, and at
/// the end the store holds exactly the batches that were committed, intact.
@Suite struct FaultInjectionParallelTests {
    static let batchSize = 50

    /// What one process loop did: successful runs and the failures' messages (or counts
    /// that were not whole batches, for the reader).
    final class Tally: @unchecked Sendable {
        var runs = 0
        var failures: [String] = []
    }

    @Test func twoWritersAndAReaderKeepEveryBatchWhole() throws {
        let directory = try Faults.workspace("realm-parallel", initial: Self.batchSize)
        let deadline = Date().addingTimeInterval(Double(Faults.seconds))
        let tallies = [Tally(), Tally(), Tally()]
        // One thread per process (concurrentPerform would run only as many as there are cores).
        let finished = DispatchSemaphore(value: 0)
        for role in 0..<3 {
            Thread {
                Self.loop(role: role, tally: tallies[role], in: directory, until: deadline)
                finished.signal()
            }.start()
        }
        for _ in 0..<3 { finished.wait() }

        for (role, tally) in tallies.enumerated() {
            #expect(tally.failures.isEmpty, "process \(role): \(tally.failures.prefix(3))")
            #expect(tally.runs > 0, "process \(role) never ran")
        }
        let store = try Store(path: directory + "/s.sqlite")
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.count("Item") == Self.batchSize * (1 + tallies[0].runs + tallies[1].runs))
        for writer in 0..<2 {
            for run in 0..<tallies[writer].runs {
                let batch = try store.count("Item", matching: "sku BEGINSWITH $0", arguments: [.string("w\(writer)-\(run)-")])
                #expect(batch == Self.batchSize, "writer \(writer), run \(run)")
            }
        }
        print("parallel: \(Faults.seconds) s, imports \(tallies[0].runs) + \(tallies[1].runs), exports \(tallies[2].runs)")
    }

    /// Runs `realm-import` (roles 0 and 1) or `realm-export` (role 2) again and again until
    /// `deadline`, counting runs and failures in `tally`.
    static func loop(role: Int, tally: Tally, in directory: String, until deadline: Date) {
        while Date() < deadline {
            do {
                if role < 2 {
                    let prefix = "w\(role)-\(tally.runs)-"
                    let result = try Tool.run("realm-import", ["--store", "s.sqlite", "--class", "Item", "--quiet", "-"],
                                              in: directory, input: Faults.batch(Self.batchSize, prefix: prefix))
                    if result.status != 0 { tally.failures.append(result.stderr); continue }
                } else {
                    let result = try Tool.run("realm-export", ["--store", "s.sqlite", "--ndjson", "--class", "Item"],
                                              in: directory)
                    let lines = result.stdout.split(separator: "\n").count
                    if result.status != 0 || lines % Self.batchSize != 0 {
                        tally.failures.append("status \(result.status), \(lines) objects: \(result.stderr)")
                        continue
                    }
                }
                tally.runs += 1
            } catch {
                tally.failures.append("\(error)")
            }
        }
    }
}
