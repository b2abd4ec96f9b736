import Foundation
import RealmEngine
import RealmSchema

/// The query benchmark driver (bench/query_bench.sh):
///
///     realm-store-tool bench-query-fill DB N    a store of N `Item` objects (seeded values)
///     realm-store-tool bench-query DB QUERY     run QUERY on `Item`, print the keys, one a line
///
/// The keys go out through one buffer, as the sqlite3 shell writes its rows, so the two sides
/// of the comparison do the same work: run the query, step every row, print it.
enum BenchQuery {
    static let schema = CompiledSchema(schemaVersion: 1, models: [
        ModelSchema(name: "Item", primaryKey: "id", properties: [
            PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
            PropertySchema(name: "age", type: DeclaredType(.int(.int))),
            PropertySchema(name: "score", type: DeclaredType(.double)),
            PropertySchema(name: "name", type: DeclaredType(.string)),
            PropertySchema(name: "city", type: DeclaredType(.string), indexed: .regular),
        ]),
    ])

    /// Creates `count` items through the dynamic API in one write transaction.
    static func fill(store path: String, count: Int) throws {
        let store = try Store(path: path, schema: schema)
        store.atomicOperations = false
        var state: UInt64 = 42
        func next(_ bound: UInt64) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % bound)
        }
        let cities = ["Oslo", "Bergen", "Berlin", "Zürich", "Lima", "Kyoto"]
        try store.write {
            for id in 0..<count {
                _ = try store.create("Item", value: [
                    "id": .value(.int(Int64(id))), "age": .value(.int(next(100))),
                    "score": .value(.double(Double(next(1_000_000)) / 100)),
                    "name": .value(.string("item-\(next(1_000_000))")), "city": .value(.string(cities[Int(next(6))])),
                ])
            }
        }
        try store.checkpoint()
    }

    /// Runs `query` and writes every key, one a line, to stdout.
    static func run(store path: String, query: String) throws {
        let store = try Store(path: path)
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        try store.forEachMatch("Item", query) { object in
            appendDecimal(object.key, to: &output)
            if output.count >= 1 << 20 {
                flush(&output)
            }
        }
        flush(&output)
    }

    /// Appends `value` in decimal and a newline, without allocating a String.
    static func appendDecimal(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(truncatingIfNeeded: magnitude % 10) + 48
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[index]) }
        }
        output.append(10)
    }

    static func flush(_ output: inout [UInt8]) {
        output.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { fail("cannot write the keys", status: 2) }
                offset += written
            }
        }
        output.removeAll(keepingCapacity: true)
    }
}
