import CSQLite
import Foundation
@testable import RealmEngine
import TestSupport
import Testing

/// `Statement.run(binding:)` binds short texts and blobs from the statement's own parameter
/// slots and longer ones without a copy (borrowed while it runs): every kind reads back byte for
/// byte, and afterwards no parameter points at memory the statement does not own.
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
        let hex = { (bytes: UnsafeRawBufferPointer) in "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'" }
        var storedTimestamp = timestamp.storageBytes
        let blobs = [objectId.withUnsafeBytes(hex), withUnsafeBytes(of: uuid.uuid, hex),
                     withUnsafeBytes(of: &storedTimestamp) { hex(UnsafeRawBufferPointer(rebasing: $0.prefix(12))) },
                     decimal.withStorageBytes(hex)]
        #expect(String(cString: expanded)
                    == "INSERT INTO t VALUES ('short', NULL, '', 'a', x'010203', zeroblob(0), \(blobs.joined(separator: ", ")), 7)",
                "the long text, borrowed, is cleared; the others stay bound from the statement's slots")

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

    /// Texts and blobs of up to `Statement.slotSize` bytes go through the parameter's slot, longer
    /// ones through SQLite's own copy; rebinding a slot replaces its bytes.
    @Test func textsAndBlobsAroundTheSlotSizeReadBack() throws {
        let connection = try Connection(path: directory.path("slots.sqlite"), access: .create)
        try connection.execute("CREATE TABLE t(a, b, c, d)")
        let insert = try connection.cached("INSERT INTO t VALUES (?, ?, ?, ?)")
        let select = try connection.cached("SELECT a, b, c, d FROM t ORDER BY rowid")
        let size = Statement.slotSize
        var rows: [(String, String, [UInt8], [UInt8])] = []
        for (first, second) in [(size, size + 1), (size - 1, 1), (0, size + 7)] {
            let texts = (String(repeating: "x", count: first), String(repeating: "é", count: second))
            let blobs = ((0..<first).map { UInt8(truncatingIfNeeded: $0) }, (0..<second).map { UInt8(truncatingIfNeeded: 255 - $0) })
            insert.bind(1, texts.0)
            insert.bind(2, texts.1)
            insert.bind(3, blob: blobs.0)
            insert.bind(4, blob: blobs.1)
            try insert.run()
            rows.append((texts.0, texts.1, blobs.0, blobs.1))
        }
        defer { select.reset() }
        for row in rows {
            #expect(try select.step())
            #expect(select.string(0) == row.0 && select.string(1) == row.1)
            #expect(select.data(2) == Data(row.2) && select.data(3) == Data(row.3))
        }
        #expect(try !select.step())
    }
}
