import Foundation
import RealmEngine
import RealmSchema

/// realm-store-tool: helper processes for the store's crash, reader and benchmark tests.
///
///     realm-store-tool write-forever DB        commit 1000 Log objects, then write without end
///     realm-store-tool write-forever DB --bulk-load   the same in a bulk load (rollback journal)
///     realm-store-tool count DB CLASS          print the number of objects of CLASS
///     realm-store-tool hold-write DB ID SECONDS create Log ID, hold the write SECONDS, commit
///     realm-store-tool bench-insert DB SCHEMA.yaml NDJSON CLASS [--atomic]
///                                              insert NDJSON rows through the dynamic API
///                                              (bulk mode; --atomic: a savepoint per create)
///     realm-store-tool bench-query-fill DB N   a store of N Item objects for the query benchmark
///     realm-store-tool bench-query DB QUERY    run an RQL query on Item, print the keys
///     realm-store-tool bench-versions DB N     the costs of versions, microseconds per operation
///     realm-store-tool bench-insert ... --no-log   the same without the change log (its cost)
///     realm-store-tool bench-notify-watch DB N   watch DB until N more commits, print latencies
///     realm-store-tool bench-notify-write DB N MS   commit N times, MS milliseconds apart
let arguments = CommandLine.arguments
let usage = """
    usage: realm-store-tool write-forever DB [--bulk-load]
           realm-store-tool count DB CLASS
           realm-store-tool hold-write DB ID SECONDS
           realm-store-tool bench-insert DB SCHEMA.yaml NDJSON CLASS [--atomic]
           realm-store-tool bench-query-fill DB N
           realm-store-tool bench-query DB QUERY
           realm-store-tool bench-versions DB N
           realm-store-tool bench-notify-watch DB N
           realm-store-tool bench-notify-write DB N MS
    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

do {
    switch (arguments.dropFirst().first, arguments.count) {
    case ("write-forever", 3):
        try WriteForever.run(path: arguments[2], bulkLoad: false)
    case ("write-forever", 4) where arguments[3] == "--bulk-load":
        try WriteForever.run(path: arguments[2], bulkLoad: true)
    case ("hold-write", 5):
        try HoldWrite.run(path: arguments[2], id: Int64(arguments[3]) ?? 0, seconds: Double(arguments[4]) ?? 0)
    case ("count", 4):
        print(try Store(path: arguments[2]).count(arguments[3]))
    case ("bench-query-fill", 4):
        try BenchQuery.fill(store: arguments[2], count: Int(arguments[3]) ?? 0)
    case ("bench-versions", 4):
        try BenchVersions.run(path: arguments[2], count: Int(arguments[3]) ?? 0)
    case ("bench-query", 4):
        try BenchQuery.run(store: arguments[2], query: arguments[3])
    case ("bench-insert", 6):
        try BenchInsert.run(store: arguments[2], schema: arguments[3], input: arguments[4], className: arguments[5], atomic: false)
    case ("bench-insert", 7) where arguments[6] == "--atomic":
        try BenchInsert.run(store: arguments[2], schema: arguments[3], input: arguments[4], className: arguments[5], atomic: true)
    case ("bench-insert", 7) where arguments[6] == "--no-log":
        try BenchInsert.run(store: arguments[2], schema: arguments[3], input: arguments[4], className: arguments[5], atomic: false,
                            logging: false)
    case ("bench-notify-watch", 4):
        try BenchNotify.watch(path: arguments[2], commits: Int(arguments[3]) ?? 0)
    case ("bench-notify-write", 5):
        try BenchNotify.write(path: arguments[2], commits: Int(arguments[3]) ?? 0, pause: Double(arguments[4]) ?? 0)
    default:
        fail(usage, status: 64)
    }
} catch {
    fail("error: \(error)", status: 2)
}
