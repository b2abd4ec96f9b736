import CSQLite
import Foundation
@testable import RealmEngine
import TestSupport
import Testing

/// `Statement.run(binding:)` binds texts and blobs without a copy (borrowed while it runs):
/// every kind reads back byte for byte, and no parameter still points at them afterwards.
@Suite struct StatementBindingTests {
    let directory = TemporaryDirectory()

    @Test func borrowedTextsAndBlobsReadBackAndAreClearedAfterTheRun() throws {
        let connection = try Connection(path: directory.path("bind.sqlite"), access: .create)
        try connection.execute("CREATE TABLE t(a, b, c, d, e, f, g, h, i, j, k)")
        let objectId = ObjectId.generate()
        let uuid = UUID()
        let timestamp = Timestamp(seconds: 1_700_000_000, nanoseconds: 123)
        let decimal = try Decimal128(string: "12345.678")
        let long = String(repeating: "é", count: 40_000)
        let values: [SQLValue] = [.text("short"), .text(long), .text(""), .text("a\u{0}b"), .data(Data([1, 2, 3])),
                                  .bytes([]), .objectId(objectId), .uuid(uuid), .timestamp(timestamp), .decimal(decimal), .int(7)]
        let insert = try connection.cached("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        try insert.run(binding: values)
        let expanded = try #require(sqlite3_expanded_sql(insert.handle))
        defer { sqlite3_free(expanded) }
        #expect(String(cString: expanded) == "INSERT INTO t VALUES (NULL, NULL, '', NULL, NULL, zeroblob(0), NULL, NULL, NULL, NULL, 7)",
                "borrowed parameters are cleared (the empty text and blob are copied, as before)")

        let select = try connection.cached("SELECT a, b, c, d, e, f, g, h, i, j, k, typeof(f) FROM t")
        defer { select.reset() }
        #expect(try select.step())
        #expect(select.string(0) == "short")
        #expect(select.string(1) == long)
        #expect(select.string(2) == "" && select.columnType(2) == SQLITE_TEXT)
        #expect(select.string(3) == "a\u{0}b")
        #expect(select.data(4) == Data([1, 2, 3]))
        #expect(select.string(11) == "blob", "an empty blob stays a blob, not NULL")
        #expect(select.data(6) == objectId.withUnsafeBytes { Data($0) })
        #expect(select.data(7) == withUnsafeBytes(of: uuid.uuid) { Data($0) })
        var stored = timestamp.storageBytes
        #expect(select.data(8) == withUnsafeBytes(of: &stored) { Data($0.prefix(12)) })
        #expect(select.data(9) == decimal.withStorageBytes { Data($0) })
        #expect(select.int64(10) == 7)
    }
}
