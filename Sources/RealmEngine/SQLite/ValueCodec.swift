import Foundation
import RealmSchema

/// A readable SQLite value: a live statement column or a materialised `SQLValue`.
protocol ColumnSource {
    /// SQLITE_INTEGER 1, FLOAT 2, TEXT 3, BLOB 4, NULL 5.
    var sqlType: Int32 { get }
    var int: Int64 { get }
    var real: Double { get }
    var text: String { get }
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T
}

/// One column of the current row of a statement.
struct LiveColumn: ColumnSource {
    let statement: Statement
    let index: Int32
    var sqlType: Int32 { statement.columnType(index) }
    var int: Int64 { statement.int64(index) }
    var real: Double { statement.double(index) }
    var text: String { statement.string(index) }
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T { statement.withBytes(index, body) }
}

extension SQLValue: ColumnSource {
    var sqlType: Int32 {
        switch self {
        case .null: 5
        case .int: 1
        case .double: 2
        case .text: 3
        default: 4
        }
    }
    var int: Int64 { intValue ?? 0 }
    var real: Double {
        if case .double(let v) = self { return v }
        return 0
    }
    var text: String {
        if case .text(let v) = self { return v }
        return ""
    }
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T { withBlob(body) }
}

/// Converts between `StoreValue` and the stored SQLite value of one typed (non-mixed) slot.
enum ValueCodec {
    /// The stored form of `value` for a slot of type `base`, or nil when the value has another
    /// type (or is out of the int width's range). `null` encodes as NULL; optionality is
    /// checked by the caller.
    static func encode(_ value: StoreValue, base: BaseType) -> SQLValue? {
        switch (base, value) {
        case (_, .null): return .null
        case (.bool, .bool(let v)): return .int(v ? 1 : 0)
        case (.int(let width), .int(let v)): return width.range.contains(v) ? .int(v) : nil
        case (.float, .float(let v)):
            return v.isNaN ? .bytes(bigEndianBytes(UInt64(v.bitPattern), count: 4)) : .double(Double(v))
        case (.double, .double(let v)):
            return v.isNaN ? .bytes(bigEndianBytes(v.bitPattern, count: 8)) : .double(v)
        case (.string, .string(let v)): return .text(v)
        case (.data, .data(let v)): return .data(v)
        case (.date, .date(let v)): return .timestamp(v)
        case (.decimal128, .decimal128(let v)): return .decimal(v)
        case (.objectId, .objectId(let v)): return .objectId(v)
        case (.uuid, .uuid(let v)): return .uuid(v)
        case (.object(let target), .object(let key)): return key.className == target ? .int(key.key) : nil
        default: return nil
        }
    }

    /// Reads a stored typed value; nil when the stored value is malformed.
    static func decode(_ source: some ColumnSource, base: BaseType) -> StoreValue? {
        let type = source.sqlType
        if type == 5 { return .null }
        switch base {
        case .bool:
            return type == 1 ? .bool(source.int != 0) : nil
        case .int:
            return type == 1 ? .int(source.int) : nil
        case .float:
            if type == 2 { return .float(Float(source.real)) }
            return source.withBytes { $0.count == 4 ? .float(Float(bitPattern: UInt32(readBigEndian($0)))) : nil }
        case .double:
            if type == 2 { return .double(source.real) }
            return source.withBytes { $0.count == 8 ? .double(Double(bitPattern: readBigEndian($0))) : nil }
        case .string:
            return type == 3 ? .string(source.text) : nil
        case .data:
            return type == 4 ? .data(source.withBytes { Data($0) }) : nil
        case .date:
            return source.withBytes { Timestamp(storage: $0).map { .date($0) } }
        case .decimal128:
            return source.withBytes { Decimal128(storage: $0).map { .decimal128($0) } }
        case .objectId:
            return source.withBytes { ObjectId(bytes: $0).map { .objectId($0) } }
        case .uuid:
            return source.withBytes { bytes in
                guard bytes.count == 16 else { return nil }
                // Start from zeros: `UUID()` would ask the kernel for random bytes on every read.
                var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: bytes) }
                return .uuid(UUID(uuid: uuid))
            }
        case .object(let target):
            return type == 1 ? .object(ObjectKey(className: target, key: source.int)) : nil
        case .mixed, .linkingObjects:
            return nil
        }
    }

    static func bigEndianBytes(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    static func readBigEndian(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
