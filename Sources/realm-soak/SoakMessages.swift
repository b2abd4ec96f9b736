import Foundation
import RealmFormats

/// Every message of `realm-soak`: its usage, the invariants it reports broken, and the report's words.
enum SoakMessages {
    static let usage = """
        usage: realm-soak run DIR SECONDS [IMPORTERS]   the soak on DIR/soak.sqlite; prints the report, exits 1 on a problem
               realm-soak verify DIR                    only the closing checks of a soak's DIR
               realm-soak writer STORE SECONDS          (started by run) the Swift API writer
               realm-soak query STORE SECONDS           (started by run) the query process

        """

    /// At most this many problems of one process are kept (the first ones say what broke).
    static let problemsShown = 20

    static func processes(_ importers: Int) -> String {
        "\(importers + 3): \(importers) realm-import loops, a realm-export loop, a query process, the Swift API writer"
    }

    /// The first `count` items of `items`, and how many more there were.
    private static func list(_ items: [String], count: Int = 5) -> String {
        items.prefix(count).joined(separator: ", ") + (items.count > count ? " and \(items.count - count) more" : "")
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? "(nothing on stderr)"
    }

    static func toolFailed(_ tool: String, _ status: Int32, _ stderr: String) -> String {
        "\(tool) exited \(status): \(firstLine(stderr))"
    }

    static func lockTimeout(_ batch: String, _ stderr: String) -> String {
        "batch \(batch) not committed: realm-import gave up waiting for the write lock (\(firstLine(stderr)))"
    }

    static func partBatch(_ batch: String, objects: Int) -> String {
        "batch \(batch) has \(objects) objects, not \(Batch.size)"
    }

    static func partBatchVisible(objects: Int, batches: Int) -> String {
        "\(objects) objects in \(batches) batches: not whole batches of \(Batch.size)"
    }

    static func countWentDown(from before: Int, to after: Int) -> String {
        "the object count went down from \(before) to \(after)"
    }

    static func seqSum(_ sum: Int, batches: Int) -> String {
        "seq sums to \(sum) over \(batches) batches, not \(batches * Batch.seqSum)"
    }

    static func exportMissed(_ batches: [String]) -> String {
        "an export missed batches committed before it started: \(list(batches))"
    }

    static func lost(_ skus: [String]) -> String {
        "lost: \(Plural.counted(skus.count, "committed object")) missing from the final export: \(list(skus))"
    }

    static func extra(_ skus: [String]) -> String {
        "extra: \(Plural.counted(skus.count, "object")) in the final export never committed: \(list(skus))"
    }

    static func integrity(_ result: String) -> String {
        "PRAGMA integrity_check: \(firstLine(result))"
    }

    static func readBack(_ batch: String, objects: Int) -> String {
        "batch \(batch) read back through Results as \(objects) objects, not the \(Batch.size) just written"
    }

    static func writeFailed(_ batch: String, _ error: any Error) -> String {
        "the write of batch \(batch) failed: \(error)"
    }

    static func changeset(before: Int, after: Int, deletions: Int, insertions: Int, modifications: Int) -> String {
        "a changeset does not fit: \(before) → \(after) objects with \(deletions) deletions, \(insertions) insertions, "
            + "\(modifications) modifications (or indices out of order or range)"
    }

    static func observeFailed(_ error: any Error) -> String {
        "the Results observation failed: \(error)"
    }

    static func childProblem(_ role: String, _ line: String) -> String {
        "\(role): \(line)"
    }

    static func childExit(_ role: String, _ status: Int32?) -> String {
        status.map { "the \(role) process exited \($0)" } ?? "the \(role) process did not stop in time and was killed"
    }

    static let memoryGrew = "the writer's resident set grew by more than \(Int(SoakReport.flatTolerance * 100))% "
        + "from the first minute to the last"

    static func verdict(_ passed: Bool) -> String {
        passed ? "soak: pass" : "soak: FAIL"
    }
}
