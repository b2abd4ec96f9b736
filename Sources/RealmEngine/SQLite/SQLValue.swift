import Foundation

/// One SQLite value as the store binds or reads it, with the byte-encoded Realm types kept
/// unencoded until bind time so the hot path does not allocate.
///
/// Encodings: ObjectId 12 bytes, UUID 16 bytes, date 12 bytes (`Timestamp.storageBytes`),
/// decimal128 35 bytes (`Decimal128.withStorageBytes`), a NaN float or double as its 4 or 8
/// bit-pattern bytes big-endian (SQLite would store a NaN REAL as NULL).
enum SQLValue {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case data(Data)
    case bytes([UInt8])
    case objectId(ObjectId)
    case uuid(UUID)
    case timestamp(Timestamp)
    case decimal(Decimal128)
}

extension Statement {
    /// Binds an encoded value at a 1-based parameter index.
    func bind(_ index: Int32, _ value: SQLValue) {
        switch value {
        case .null:
            bindNull(index)
        case .int(let v):
            bind(index, v)
        case .double(let v):
            bind(index, v)
        case .text(let v):
            bind(index, v)
        case .data(let v):
            bind(index, data: v)
        case .bytes(let v):
            bind(index, blob: v)
        case .objectId(let v):
            v.withUnsafeBytes { bind(index, bytes: $0) }
        case .uuid(let v):
            withUnsafeBytes(of: v.uuid) { bind(index, bytes: $0) }
        case .timestamp(let v):
            var stored = v.storageBytes
            withUnsafeBytes(of: &stored) { bind(index, bytes: UnsafeRawBufferPointer(rebasing: $0.prefix(12))) }
        case .decimal(let v):
            v.withStorageBytes { bind(index, bytes: $0) }
        }
    }

    /// The column as a raw value (text, integer, real, blob as bytes), for results that must be
    /// materialised before the statement is reused.
    func raw(_ column: Int32) -> SQLValue {
        switch columnType(column) {
        case 1: .int(int64(column))
        case 2: .double(double(column))
        case 3: .text(string(column))
        case 4: .bytes(withBytes(column) { Array($0) })
        default: .null
        }
    }
}

extension SQLValue {
    /// Calls `body` with the bytes of a blob value (empty for other kinds).
    func withBlob<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        switch self {
        case .bytes(let bytes): bytes.withUnsafeBytes(body)
        case .data(let data): data.withUnsafeBytes(body)
        default: body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    var intValue: Int64? {
        if case .int(let v) = self { return v }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
