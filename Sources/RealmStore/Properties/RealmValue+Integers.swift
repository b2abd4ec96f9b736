import RealmEngine
import RealmSchema

/// The integer types: all stored as 64-bit, the width picks the schema type (`int8` …).
public protocol _RealmInteger: _RealmScalar, FixedWidthInteger {
    static var _rlmWidth: IntWidth { get }
}

extension _RealmInteger {
    public static var _rlmBase: BaseType { .int(_rlmWidth) }
    public static func _rlmDefault() -> Self { 0 }
    public var _rlmStoreValue: StoreValue { .int(Int64(self)) }
    public init?(storeValue: StoreValue) {
        guard case .int(let v) = storeValue, let value = Self(exactly: v) else { return nil }
        self = value
    }
}

extension Int: _RealmInteger {
    public static var _rlmWidth: IntWidth { .int }
}

extension Int8: _RealmInteger {
    public static var _rlmWidth: IntWidth { .int8 }
}

extension Int16: _RealmInteger {
    public static var _rlmWidth: IntWidth { .int16 }
}

extension Int32: _RealmInteger {
    public static var _rlmWidth: IntWidth { .int32 }
}

extension Int64: _RealmInteger {
    public static var _rlmWidth: IntWidth { .int64 }
}
