/// One value read from a `.realm` file, exactly as stored: floats and doubles keep their bits
/// (NaN payloads, -0.0), dates keep seconds and nanoseconds, decimals keep their 128-bit encoding.
///
/// For example:
///
/// ```swift
/// if case .timestamp(let seconds, let nanoseconds) = value { print(seconds, nanoseconds) }
/// ```
public enum RealmValue: Sendable, Equatable {
    /// No value (an optional property, a null list element, a null mixed).
    case null
    /// A 64-bit integer.
    case int(Int64)
    /// A boolean.
    case bool(Bool)
    /// A 32-bit float, bit-exact.
    case float(Float)
    /// A 64-bit double, bit-exact.
    case double(Double)
    /// A string (Realm stores UTF-8; a string that is not valid UTF-8 is reported as an error).
    case string(String)
    /// Binary data.
    case data([UInt8])
    /// A date: seconds since 1970-01-01 UTC and nanoseconds with the same sign (Realm's Timestamp).
    case timestamp(seconds: Int64, nanoseconds: Int32)
    /// An IEEE 754-2008 decimal128 (BID encoding).
    case decimal128(RealmDecimal128)
    /// A 12-byte ObjectId.
    case objectId([UInt8])
    /// A 16-byte UUID.
    case uuid([UInt8])
    /// A link to an object (links, links in collections, typed links in mixed values and
    /// dictionaries, and embedded objects, which are links to their embedded table).
    case link(RealmLink)
    /// A list (a list property, or a list nested in a mixed value).
    case list([RealmValue])
    /// A set, in stored (sorted) order.
    case set([RealmValue])
    /// A dictionary, its entries in stored (key-sorted) order and keys as stored.
    case dictionary([RealmDictionaryEntry])
}

/// One entry of a dictionary.
public struct RealmDictionaryEntry: Sendable, Equatable {
    /// The key, as stored.
    public var key: String
    /// The value.
    public var value: RealmValue

    /// An entry.
    public init(key: String, value: RealmValue) {
        self.key = key
        self.value = value
    }
}

/// A link to an object of a table.
public struct RealmLink: Sendable, Hashable {
    /// The target table's name as stored (e.g. `class_Dog`); empty for an untyped link in a mixed
    /// value, which does not record its table.
    public var tableName: String
    /// The target object's key in that table.
    public var objectKey: Int64

    /// A link.
    public init(tableName: String, objectKey: Int64) {
        self.tableName = tableName
        self.objectKey = objectKey
    }

    /// The target class's name: the table name without the `class_` prefix, or nil for a table
    /// that is not an object-store class.
    public var className: String? { RealmClass.className(forTable: tableName) }
}
