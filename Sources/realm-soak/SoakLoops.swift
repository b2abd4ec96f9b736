import Foundation
import RealmEngine

/// A value shared by the driver's threads, behind a lock.
// @unchecked: `value` is reached only through `callAsFunction`, under `lock`.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func callAsFunction<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// What the tool loops did.
struct SoakCounts {
    var importRuns = 0
    var importBatches = 0
    var upserts = 0
    var lockTimeouts: [String] = []
    var committedImports: [String] = []
    var exports = 0
    var exportedObjects = 0
    var failures: [String] = []
}

/// The driver's loops around the command-line tools, each on a thread of its own until the deadline.
enum SoakLoops {
    /// Existing objects (of the loop's own earlier batches) each import also upserts.
    static let upsertsPerImport = 5

    /// `realm-import --mode upsert` of a new batch plus a few upserts, again and again. A run
    /// that exits 0 is recorded in the ledger `import<loop>`; one that gave up waiting for the
    /// write lock (`StoreError.busyPhrase`) counts as not committed; any other failure is a problem.
    static func imports(_ loop: Int, in directory: String, until deadline: Date, counts: Locked<SoakCounts>) throws {
        let ledger = try SoakLedger(writer: "import\(loop)", in: directory)
        let input = "import\(loop).ndjson"
        var committed: [Int] = []   // the numbers of this loop's committed batches
        var number = 0
        while Date() < deadline {
            let batch = Batch(name: "i\(loop)-\(number)")
            number += 1
            var text = batch.documents(qty: number)
            let upserts = committed.isEmpty ? 0 : upsertsPerImport
            for _ in 0..<upserts {
                let earlier = Batch(name: "i\(loop)-\(committed.randomElement()!)")
                let seq = Int.random(in: 0..<Batch.size)
                text += Batch.document(sku: earlier.sku(seq), batch: earlier.name, seq: seq, qty: number)
            }
            try text.write(toFile: directory + "/" + input, atomically: false, encoding: .utf8)
            let run = try ChildProcess.run("realm-import", ["--store", SoakLedger.store, "--class", "SoakItem", "--mode", "upsert",
                                                            "--quiet", input], in: directory, name: "import\(loop)")
            if run.status == 0 {
                ledger.record(batch.name)
                committed.append(number - 1)
            }
            counts { counts in
                counts.importRuns += 1
                if run.status == 0 {
                    counts.importBatches += 1
                    counts.upserts += upserts
                    counts.committedImports.append(batch.name)
                } else if run.stderr.contains(StoreError.busyPhrase) {
                    counts.lockTimeouts.append(SoakMessages.lockTimeout(batch.name, run.stderr))
                } else {
                    counts.failures.append(SoakMessages.toolFailed("realm-import", run.status, run.stderr))
                }
            }
        }
    }

    /// `realm-export` again and again: every output holds whole batches only, every batch
    /// committed by an import before the export started, and never fewer objects than the last.
    static func exports(in directory: String, until deadline: Date, counts: Locked<SoakCounts>) {
        while Date() < deadline {
            let before = Set(counts { $0.committedImports })
            var problems: [String] = []
            var objects = 0
            do {
                let export = try SoakExport.run(SoakLedger.store, in: directory, name: "export")
                objects = export.objects
                problems = export.partBatches
                let missing = before.filter { export.batches[Substring($0)] == nil }.sorted()
                if !missing.isEmpty { problems.append(SoakMessages.exportMissed(missing)) }
            } catch {
                problems.append("\(error)")
            }
            counts { counts in
                if objects < counts.exportedObjects {
                    problems.append(SoakMessages.countWentDown(from: counts.exportedObjects, to: objects))
                }
                counts.exports += 1
                counts.exportedObjects = max(objects, counts.exportedObjects)
                counts.failures += problems
            }
        }
    }
}
