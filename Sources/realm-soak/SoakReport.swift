import Foundation
import RealmFormats

/// What a soak did and found, as the Markdown table `bench/soak_bench.sh` puts in
/// docs/BENCHMARKS.md, and its verdict.
struct SoakReport {
    /// A long-running child: its exit status (nil: killed after it overran), its `name value`
    /// lines, and its problems (stderr).
    struct Child {
        var status: Int32?
        var values: [String: Int] = [:]
        var problems: [String] = []

        subscript(_ name: String) -> Int { values[name] ?? 0 }
    }

    /// Memory is judged flat only over runs this long (a shorter run is still warming up).
    static let judgedSeconds = 120.0
    /// Flat: the last minute's median within this fraction of the first minute's.
    static let flatTolerance = 0.10

    let seconds: Double
    let importers: Int
    var duration = 0.0
    var writer = Child()
    var query = Child()
    var counts = SoakCounts()
    var rss: [(Double, Int)] = []
    var verification = SoakVerification()
    var walBytes = 0

    static func child(_ role: String, _ process: ChildProcess, status: Int32?) -> Child {
        var child = Child(status: status)
        for line in process.stdout.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, let value = Int(words[1]) { child.values[String(words[0])] = value }
        }
        child.problems = process.stderr.split(separator: "\n").map { SoakMessages.childProblem(role, String($0)) }
        if status != 0 { child.problems.append(SoakMessages.childExit(role, status)) }
        return child
    }

    /// The writer's resident set: the medians of the first and the last minute (a fifth of
    /// the run when shorter), the sample nearest the middle, in KiB.
    var memory: (start: Int, middle: Int, end: Int)? {
        guard let last = rss.last?.0, !rss.isEmpty else { return nil }
        let window = min(60, max(last / 5, 0.001))
        func median(_ values: [Int]) -> Int { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
        let middle = rss.min { abs($0.0 - last / 2) < abs($1.0 - last / 2) }!.1
        return (median(rss.filter { $0.0 <= window }.map(\.1)), middle, median(rss.filter { $0.0 >= last - window }.map(\.1)))
    }

    /// nil when the run is too short to judge.
    var memoryFlat: Bool? {
        guard seconds >= Self.judgedSeconds, let memory, memory.start > 0 else { return nil }
        return Double(memory.end) <= Double(memory.start) * (1 + Self.flatTolerance)
    }

    var problems: [String] {
        counts.failures + writer.problems + query.problems + verification.problems
            + (memoryFlat == false ? [SoakMessages.memoryGrew] : [])
    }

    var passed: Bool { problems.isEmpty }

    var markdown: String {
        let mib = { (kib: Int) in String(format: "%.1f", Double(kib) / 1024) }
        let rssText = memory.map { m in
            let change = m.start > 0 ? String(format: "%+.1f%%", (Double(m.end) / Double(m.start) - 1) * 100) : "?"
            return "\(mib(m.start)) / \(mib(m.middle)) / \(mib(m.end)) MiB (\(rss.count) samples; last minute vs first \(change): "
                + (memoryFlat.map { $0 ? "flat" : "grew" } ?? "not judged under \(Int(Self.judgedSeconds)) s") + ")"
        } ?? "no samples"
        let rows: [(String, String)] = [
            ("duration", String(format: "%.0f s (asked %.0f s)", duration, seconds)),
            ("processes at once", SoakMessages.processes(importers)),
            ("realm-import batches committed", "\(counts.importBatches) of \(counts.importRuns) runs (\(counts.upserts) upserts of existing objects); "
                + "lock timeouts (not committed): \(counts.lockTimeouts.count)"),
            ("Swift API batches committed", "\(writer["writes"]) (\(writer["changes"]) changes of existing objects); lock timeouts: \(writer["busy"])"),
            ("objects at the end", "\(verification.objects) in the final export; \(verification.batches) committed batches × \(Batch.size)"),
            ("exports checked", "\(counts.exports)"),
            ("queries run", "\(query["queries"]) in \(query["rounds"]) rounds"),
            ("notifications received", "\(writer["notifications"])"),
            ("writer RSS start / middle / end", rssText),
            ("largest WAL seen", "\(mib(walBytes / 1024)) MiB"),
            ("integrity_check", verification.integrity),
            ("verdict", passed ? "pass" : "FAIL (\(Plural.counted(problems.count, "problem")))"),
        ]
        var text = "| | |\n|---|---|\n" + rows.map { "| \($0.0) | \($0.1) |" }.joined(separator: "\n") + "\n"
        let notes = counts.lockTimeouts.prefix(SoakMessages.problemsShown) + problems.prefix(SoakMessages.problemsShown)
        if !notes.isEmpty { text += "\n" + notes.map { "- " + $0 }.joined(separator: "\n") + "\n" }
        return text
    }
}
