import Foundation

/// `realm-soak run DIR SECONDS [IMPORTERS]`: the soak. On one store in DIR, for SECONDS, at
/// once: IMPORTERS (default 2) `realm-import` loops, a `realm-export` loop, a query process
/// (`realm-soak query`) and the Swift API writer (`realm-soak writer`), whose resident set is
/// sampled from /proc every few seconds (with the size of the store's write-ahead log). Then
/// the closing checks (`SoakVerification`).
enum SoakDriver {
    static func run(in directory: String, seconds: Double, importers: Int) throws -> SoakReport {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: directory + "/" + SoakLedger.store)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasPrefix("committed-") {
            try FileManager.default.removeItem(atPath: directory + "/" + file)
        }
        try SoakItem.schemaYAML.write(toFile: directory + "/schema.yaml", atomically: true, encoding: .utf8)
        try Batch(name: "init-0").documents(qty: 0).write(toFile: directory + "/init.ndjson", atomically: true, encoding: .utf8)
        let first = try ChildProcess.run("realm-import", ["--store", SoakLedger.store, "--schema", "schema.yaml", "--class", "SoakItem",
                                                          "--quiet", "init.ndjson"], in: directory, name: "init")
        guard first.status == 0 else { throw SoakFailure(SoakMessages.toolFailed("realm-import", first.status, first.stderr)) }
        try SoakLedger(writer: "init", in: directory).record("init-0")

        var report = SoakReport(seconds: seconds, importers: importers)
        let started = Date()
        let deadline = started.addingTimeInterval(seconds)
        let writer = try ChildProcess("realm-soak", ["writer", SoakLedger.store, String(seconds)], in: directory, name: "writer")
        let query = try ChildProcess("realm-soak", ["query", SoakLedger.store, String(seconds)], in: directory, name: "query")

        let counts = Locked(SoakCounts())
        let samples = Locked([(Double, Int)]())
        let largestWAL = Locked(0)
        let finished = DispatchSemaphore(value: 0)
        // One thread per loop (concurrentPerform would run only as many as there are cores).
        var loops: [@Sendable () -> Void] = (0..<importers).map { loop in
            {
                do { try SoakLoops.imports(loop, in: directory, until: deadline, counts: counts) } catch {
                    counts { $0.failures.append("\(error)") }
                }
            }
        }
        loops.append { SoakLoops.exports(in: directory, until: deadline, counts: counts) }
        let pid = writer.pid
        loops.append {
            let interval = min(5, max(0.25, seconds / 40))
            let wal = directory + "/" + SoakLedger.store + "-wal"
            while Date() < deadline, let kib = ChildProcess.residentKiB(pid) {
                samples { $0.append((Date().timeIntervalSince(started), kib)) }
                let walBytes = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
                largestWAL { $0 = max($0, walBytes) }
                Thread.sleep(forTimeInterval: interval)
            }
        }
        for loop in loops { Thread { loop(); finished.signal() }.start() }
        for _ in loops { finished.wait() }

        let grace = 60 + seconds / 10
        report.writer = SoakReport.child("writer", writer, status: writer.wait(atMost: grace))
        report.query = SoakReport.child("query", query, status: query.wait(atMost: grace))
        report.duration = Date().timeIntervalSince(started)
        report.counts = counts { $0 }
        report.rss = samples { $0 }
        report.verification = SoakVerification.run(in: directory)
        report.walBytes = largestWAL { $0 }
        return report
    }
}
