import Foundation
import RealmEngine
import TestSupport
import Testing

/// `realm-import` killed with SIGKILL at random moments of a 20,000-object import into an
/// existing store: every time, the store passes SQLite's integrity check and holds exactly
/// what the last commit left (all of the batch or none of it). `FAULT_KILLS` sets how many
/// kills (default 20), `FAULT_SEED` replays one run's moments.
@Suite struct FaultInjectionKillTests {
    @Test func sigkillAtRandomMomentsLeavesTheLastCommit() throws {
        let directory = try Faults.workspace("realm-kill")
        let path = directory + "/s.sqlite"
        let seed = Faults.seed
        var random = SeededRandom(seed: seed)
        // How long a whole import takes here: the kills fall anywhere in it and a little after.
        try Faults.batch(20_000, prefix: "full").write(to: URL(fileURLWithPath: directory + "/batch.ndjson"))
        let start = Date()
        let full = try Tool.run("realm-import", ["--store", "s.sqlite", "--class", "Item", "--quiet", "batch.ndjson"],
                                in: directory)
        let duration = Date().timeIntervalSince(start)
        try #require(full.status == 0, "\(full.stderr)")
        var count = try Faults.checkedCount(path, "seed \(seed)")
        #expect(count == 20_003)

        var outcomes: [String] = []
        for kill in 0..<Faults.kills {
            let prefix = "k\(kill)-"
            try Faults.batch(20_000, prefix: prefix).write(to: URL(fileURLWithPath: directory + "/batch.ndjson"))
            let process = Process()
            process.executableURL = Tool.url("realm-import")
            process.arguments = ["--store", "s.sqlite", "--class", "Item", "--quiet", "batch.ndjson"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let delay = Double.random(in: 0...(duration * 1.1), using: &random)
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let comment = "seed \(seed), kill \(kill) after \(Int(delay * 1000)) ms"
            let after = try Faults.checkedCount(path, comment)
            let store = try Store(path: path)
            let batch = try store.count("Item", matching: "sku BEGINSWITH $0", arguments: [.string(prefix)])
            #expect(after == count + batch, "\(comment)")
            #expect(batch == 0 || batch == 20_000, "\(comment): \(batch) objects of the batch")
            outcomes.append(batch == 0 ? "none" : "all")
            count = after
        }
        print("sigkill: \(outcomes.count) kills within \(Int(duration * 1100)) ms (seed \(seed)): \(outcomes.joined(separator: " "))")
    }
}
