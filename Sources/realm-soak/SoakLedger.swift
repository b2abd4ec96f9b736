import Foundation
import RealmEngine

/// The batches known committed: each writer appends a batch's name to its
/// `committed-<writer>.txt` in the soak directory once the batch is committed (a
/// `realm-import` that exited 0, a `write {}` that returned), and never otherwise.
final class SoakLedger {
    static let store = "soak.sqlite"
    private let handle: FileHandle

    init(writer: String, in directory: String) throws {
        let path = directory + "/committed-\(writer).txt"
        try Data().write(to: URL(fileURLWithPath: path))
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Records `batch` as committed (written through at once: nothing buffered to lose).
    func record(_ batch: String) {
        handle.write(Data((batch + "\n").utf8))
    }

    /// Every batch recorded by any writer in `directory`.
    static func committed(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("committed-") && $0.hasSuffix(".txt") }.sorted()
            .flatMap { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8).split(separator: "\n").map(String.init) }
    }
}

/// The soak's closing checks: the final export holds every object of every committed batch
/// and nothing else, every batch whole, and SQLite's integrity check passes.
struct SoakVerification {
    var batches = 0
    var objects = 0
    var integrity = "not checked"
    var problems: [String] = []

    static func run(in directory: String) -> SoakVerification {
        var result = SoakVerification()
        do {
            let committed = try SoakLedger.committed(in: directory)
            result.batches = committed.count
            let export = try SoakExport.run(SoakLedger.store, in: directory, name: "final-export")
            result.objects = export.objects
            let expected = Set(committed.flatMap { Batch(name: $0).skus })
            let missing = expected.filter { !export.skus.contains(Substring($0)) }.sorted()
            let extra = export.skus.filter { !expected.contains(String($0)) }.map(String.init).sorted()
            if !missing.isEmpty { result.problems.append(SoakMessages.lost(missing)) }
            if !extra.isEmpty { result.problems.append(SoakMessages.extra(extra)) }
            result.problems += export.partBatches
            result.integrity = try Store(path: directory + "/" + SoakLedger.store).integrityCheck()
            if result.integrity != "ok" { result.problems.append(SoakMessages.integrity(result.integrity)) }
        } catch {
            result.problems.append("\(error)")
        }
        return result
    }
}
