import Foundation
import RealmEngine
import RealmSchema

/// The benchmark driver: streams NDJSON in chunks of 10,000 lines, converts each chunk to
/// `InputValue` trees (timed as "parse"), then creates the objects through the dynamic API
/// with `.all` (timed as "insert"), all in one write transaction, so the two costs are
/// reported separately. Like realm-import, it runs without a savepoint per create
/// (`atomicOperations = false`) unless `atomic` is set.
enum BenchInsert {
    static func run(store path: String, schema schemaPath: String, input: String, className: String, atomic: Bool,
                    logging: Bool = true) throws {
        let text = try String(contentsOfFile: schemaPath, encoding: .utf8)
        let compilation = SchemaCompiler.compile([SchemaSource(path: schemaPath, text: text)])
        guard let schema = compilation.schema, !compilation.diagnostics.hasErrors else {
            fail(compilation.diagnostics.all.map(\.description).joined(separator: "\n"), status: 1)
        }
        guard let model = schema.model(named: className) else { fail("no class \(className)", status: 1) }
        let converter = EJSONInput(schema: schema)
        let clock = ContinuousClock()
        var parse = Duration.zero, insert = Duration.zero
        var insertCPU = 0.0
        var rows = 0
        let openStart = clock.now
        let store = try Store(path: path, schema: schema)
        store.atomicOperations = atomic
        store.logsChanges = logging
        let open = clock.now - openStart
        guard let file = fopen(input, "r") else { fail("cannot read \(input)", status: 2) }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        try store.beginWrite()
        var done = false
        while !done {
            let parseStart = clock.now
            var values: [[String: InputValue]] = []
            values.reserveCapacity(10_000)
            while values.count < 10_000 {
                let length = getline(&buffer, &capacity, file)
                guard length > 0, let buffer else {
                    done = true
                    break
                }
                if length == 1 { continue }
                let line = Data(bytes: buffer, count: length)
                guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                    fail("line is not an object", status: 1)
                }
                values.append(converter.fields(object, model))
            }
            let insertStart = clock.now
            let cpuStart = cpuSeconds()
            parse += insertStart - parseStart
            for value in values {
                try store.create(className, value: value, update: .all)
            }
            insert += clock.now - insertStart
            insertCPU += cpuSeconds() - cpuStart
            rows += values.count
        }
        free(buffer)
        let commitStart = clock.now
        let commitCPUStart = cpuSeconds()
        try store.commitWrite()
        let commit = clock.now - commitStart
        insert += commit
        insertCPU += cpuSeconds() - commitCPUStart
        print("rows \(rows)")
        print("open_seconds \(seconds(open))")
        print("parse_seconds \(seconds(parse))")
        print("insert_seconds \(seconds(insert))")
        print("commit_seconds \(seconds(commit))")
        print("insert_cpu_seconds \(String(format: "%.4f", insertCPU))")
    }

    /// User + system CPU time of this process, in seconds.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        return String(format: "%.4f", Double(whole) + Double(attoseconds) / 1e18)
    }
}
