import Foundation
import RealmEngine
import TestSupport
import Testing

/// `realm-soak` (bench/soak_bench.sh) for a few seconds, so the soak cannot rot: every kind of
/// process commits, reads and is checked; and its checks do catch a lost, an extra or a half
/// batch.
@Suite("realm-soak")
struct SoakTests {
    /// `SOAK_TEST_SECONDS`: how long the soak runs in the test (default 5).
    static var seconds: String { ProcessInfo.processInfo.environment["SOAK_TEST_SECONDS"] ?? "5" }

    /// The first number in the report row `label`.
    static func number(_ report: String, _ label: String) -> Int? {
        guard let row = report.split(separator: "\n").first(where: { $0.hasPrefix("| \(label) |") }) else { return nil }
        let cell = row.dropFirst(label.count + 4)
        return cell.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int($0) }
    }

    /// A soak's directory after a short run that passed (the test's thread is free meanwhile).
    static func soaked() async throws -> String {
        let directory = try Temporary.path("realm-soak")
        let run = try await Tool.runWithoutBlocking("realm-soak", ["run", directory, seconds])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("soak: pass"), "\(run.stdout)")
        for label in ["realm-import batches committed", "Swift API batches committed", "exports checked", "queries run",
                      "notifications received", "writer RSS start / middle / end"] {
            #expect((number(run.stdout, label) ?? 0) > 0, "\(label): \(run.stdout)")
        }
        #expect(run.stdout.contains("| integrity_check | ok |"), "\(run.stdout)")
        return directory
    }

    @Test func aShortSoakPassesAndTheChecksCatchLostExtraAndHalfBatches() async throws {
        let directory = try await Self.soaked()
        let ledger = directory + "/committed-import0.txt"
        let committed = try String(contentsOfFile: ledger, encoding: .utf8)
        let verified = try Tool.run("realm-soak", ["verify", directory])
        #expect(verified.status == 0 && verified.stdout.contains("soak: pass"), "\(verified.stdout)")

        // A batch the ledger calls committed that the store does not hold: lost.
        try (committed + "i0-999999\n").write(toFile: ledger, atomically: true, encoding: .utf8)
        let lost = try Tool.run("realm-soak", ["verify", directory])
        #expect(lost.status == 1)
        #expect(lost.stdout.contains("lost: 20 committed objects missing from the final export: i0-999999/0"), "\(lost.stdout)")

        // A batch the store holds that no ledger calls committed: extra.
        let lines = committed.split(separator: "\n")
        try (lines.dropFirst().joined(separator: "\n") + "\n").write(toFile: ledger, atomically: true, encoding: .utf8)
        let extra = try Tool.run("realm-soak", ["verify", directory])
        #expect(extra.status == 1)
        #expect(extra.stdout.contains("extra: 20 objects in the final export never committed: \(lines[0])/0"), "\(extra.stdout)")

        // One object of a batch deleted: lost, and the batch is no longer whole.
        try committed.write(toFile: ledger, atomically: true, encoding: .utf8)
        let store = try Store(path: directory + "/soak.sqlite")
        try store.write { try store.delete(try #require(try store.object("SoakItem", primaryKey: .string("\(lines[0])/3")))) }
        let half = try Tool.run("realm-soak", ["verify", directory])
        #expect(half.status == 1)
        #expect(half.stdout.contains("lost: 1 committed object missing from the final export: \(lines[0])/3"), "\(half.stdout)")
        #expect(half.stdout.contains("batch \(lines[0]) has 19 objects, not 20"), "\(half.stdout)")

        // The query process sees the half batch too.
        let query = try Tool.run("realm-soak", ["query", "soak.sqlite", "0.5"], in: directory)
        #expect(query.status == 1)
        #expect(query.stderr.contains("not whole batches of 20"), "\(query.stderr)")
    }
}
