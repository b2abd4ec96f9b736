import CBSON
import RealmFormats

/// A 12-byte MongoDB/Realm ObjectId: 4-byte big-endian seconds, 5 random bytes, 3-byte counter.
///
/// Generation, parsing and the string form come from libbson (`bson_oid_t`). Ordering is by
/// the bytes, which is also the stored order. `ObjectId()` is the all-zero id.
///
/// For example:
///
///     let id = try ObjectId(string: "64b7f0c2a1b2c3d4e5f60718")
///     id.stringValue        // "64b7f0c2a1b2c3d4e5f60718"
public struct ObjectId: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// Bytes 0…7, big-endian.
    private var head: UInt64
    /// Bytes 8…11, big-endian.
    private var tail: UInt32

    /// The all-zero ObjectId.
    public init() {
        head = 0
        tail = 0
    }

    /// An ObjectId from exactly 12 bytes.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 12 else { return nil }
        var head: UInt64 = 0
        var tail: UInt32 = 0
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { head = head << 8 | UInt64(byte) } else { tail = tail << 8 | UInt32(byte) }
        }
        self.head = head
        self.tail = tail
    }

    /// Parses 24 hex digits of either case.
    ///
    /// - Throws: `StoreError.notObjectId` for anything else.
    public init(string: String) throws {
        let valid = string.utf8.count == 24 && string.withCString { bson_oid_is_valid($0, 24) }
        guard valid else {
            throw StoreError.notObjectId(string)
        }
        var oid = bson_oid_t()
        string.withCString { bson_oid_init_from_string(&oid, $0) }
        self.init(oid: oid)
    }

    /// A string literal that must be a valid ObjectId; an invalid literal is a programming error.
    public init(stringLiteral value: String) {
        do {
            try self.init(string: value)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// A new, unique ObjectId (current time, process-random bytes, counter), from libbson.
    public static func generate() -> ObjectId {
        var oid = bson_oid_t()
        bson_oid_init(&oid, nil)
        return ObjectId(oid: oid)
    }

    private init(oid: bson_oid_t) {
        let bytes = Swift.withUnsafeBytes(of: oid.bytes) { Array($0) }
        self.init(bytes: bytes)!
    }

    /// The 12 bytes, most significant first.
    public var bytes: [UInt8] {
        withUnsafeBytes { Array($0) }
    }

    /// Calls `body` with the 12 stored bytes, without allocating.
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        var bigEndian = (head.bigEndian, tail.bigEndian)
        return try Swift.withUnsafeBytes(of: &bigEndian) { try body(UnsafeRawBufferPointer(rebasing: $0.prefix(12))) }
    }

    /// The creation time encoded in the first four bytes, in seconds since 1970.
    public var timestamp: UInt32 { UInt32(truncatingIfNeeded: head >> 32) }

    /// 24 lowercase hex digits.
    public var stringValue: String {
        var oid = bson_oid_t()
        withUnsafeBytes { source in
            Swift.withUnsafeMutableBytes(of: &oid.bytes) { $0.copyMemory(from: source) }
        }
        var buffer = [CChar](repeating: 0, count: 25)
        bson_oid_to_string(&oid, &buffer)
        return String(decoding: buffer.prefix(24).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { stringValue }

    public static func < (lhs: ObjectId, rhs: ObjectId) -> Bool {
        (lhs.head, lhs.tail) < (rhs.head, rhs.tail)
    }
}

extension ObjectId {
    /// An ObjectId from exactly 24 hex digits of either case (the importer's hot path); nil for
    /// anything else.
    public init?(hexDigits text: UnsafeBufferPointer<UInt8>) {
        var raw: (UInt64, UInt64) = (0, 0)
        let valid = withUnsafeMutableBytes(of: &raw) { HexText.decode(text, into: UnsafeMutableRawBufferPointer(rebasing: $0.prefix(12))) }
        guard valid, let id = Swift.withUnsafeBytes(of: &raw, { ObjectId(bytes: UnsafeRawBufferPointer(rebasing: $0.prefix(12))) }) else {
            return nil
        }
        self = id
    }
}
