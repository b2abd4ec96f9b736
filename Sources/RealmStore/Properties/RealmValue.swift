import Foundation
import RealmEngine
import RealmSchema

/// A type that a `@Persisted` property, a collection element or a Map value can hold: the
/// scalar types, their optionals, `AnyRealmValue`, object links and `PersistableEnum`s.
///
/// The conversions are static, so a property's schema type follows from its Swift type. Users
/// do not conform to this protocol; `PersistableEnum` conforms enums. Every value is
/// `Hashable`, as Realm Swift's are, so generic code may compare values and put them in sets.
///
/// For example:
///
///     let type = Int8._rlmBase    // .int(.int8)
public protocol RealmCollectionValue: _Persistable, Hashable {
    /// The schema element type (`int8`, `string`, a model name …).
    static var _rlmBase: BaseType { get }
    /// Whether values may be null (optionals).
    static var _rlmIsOptional: Bool { get }
    /// The value read from the store.
    static func _rlmFromStore(_ value: StoreValue, _ realm: Realm?) -> Self
    /// The value as a plain store value for comparisons (objects as their key or identity).
    var _rlmStoreValue: StoreValue { get }
    /// The value read from the store, nil when it does not convert (a
    /// `FailableCustomPersistable`); an optional property reads that as nil.
    static func _rlmFromStoreIfValid(_ value: StoreValue, _ realm: Realm?) -> Self?
    /// `_rlmLocalInput` of a `Persisted<Self?>` (compiled for each conforming type, so an
    /// optional property's input is read without generic `Optional` code).
    static func _rlmOptionalLocalInput(_ wrapper: UnsafeMutableRawPointer, _ builder: InputBuilder) throws -> InputValue?
}

extension RealmCollectionValue {
    public static func _rlmFromStoreIfValid(_ value: StoreValue, _ realm: Realm?) -> Self? { _rlmFromStore(value, realm) }
    public static var _rlmIsOptional: Bool { false }
    public static var _rlmObjectType: ObjectBase.Type? { nil }
    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue { .value(_rlmStoreValue) }
    public static func _rlmOptionalLocalInput(_ wrapper: UnsafeMutableRawPointer, _ builder: InputBuilder) throws -> InputValue? {
        guard let local = wrapper.assumingMemoryBound(to: Persisted<Self?>.self).pointee.local else { return nil }
        guard let value = local else { return .value(.null) }
        return try value._rlmInput(builder)
    }
}

/// A scalar that converts to and from one `StoreValue` case.
public protocol _RealmScalar: RealmCollectionValue {
    init?(storeValue: StoreValue)
}

extension _RealmScalar {
    /// A scalar needs no Realm to be made: none is handed over.
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Self {
        _rlmFromStore(object.storedValue(at: index), nil)
    }

    public static func _rlmFromStore(_ value: StoreValue, _ realm: Realm?) -> Self {
        guard let result = Self(storeValue: value) else {
            RealmMessages.trap(RealmMessages.invalidStoredValue(value, of: Self.self))
        }
        return result
    }
}

extension Bool: _RealmScalar {
    public static var _rlmBase: BaseType { .bool }
    public static func _rlmDefault() -> Bool { false }
    public var _rlmStoreValue: StoreValue { .bool(self) }
    public init?(storeValue: StoreValue) {
        guard case .bool(let v) = storeValue else { return nil }
        self = v
    }
}

extension String: _RealmScalar {
    public static var _rlmBase: BaseType { .string }
    public static func _rlmDefault() -> String { "" }
    public var _rlmStoreValue: StoreValue { .string(self) }
    public init?(storeValue: StoreValue) {
        guard case .string(let v) = storeValue else { return nil }
        self = v
    }
}

extension Data: _RealmScalar {
    public static var _rlmBase: BaseType { .data }
    public static func _rlmDefault() -> Data { Data() }
    public var _rlmStoreValue: StoreValue { .data(self) }
    public init?(storeValue: StoreValue) {
        guard case .data(let v) = storeValue else { return nil }
        self = v
    }
}

extension Date: _RealmScalar {
    public static var _rlmBase: BaseType { .date }
    public static func _rlmDefault() -> Date { Date() }
    public var _rlmStoreValue: StoreValue { .date(Timestamp(self)) }
    public init?(storeValue: StoreValue) {
        guard case .date(let v) = storeValue else { return nil }
        self = v.date
    }
}

extension Float: _RealmScalar {
    public static var _rlmBase: BaseType { .float }
    public static func _rlmDefault() -> Float { 0 }
    public var _rlmStoreValue: StoreValue { .float(self) }
    public init?(storeValue: StoreValue) {
        guard case .float(let v) = storeValue else { return nil }
        self = v
    }
}

extension Double: _RealmScalar {
    public static var _rlmBase: BaseType { .double }
    public static func _rlmDefault() -> Double { 0 }
    public var _rlmStoreValue: StoreValue { .double(self) }
    public init?(storeValue: StoreValue) {
        guard case .double(let v) = storeValue else { return nil }
        self = v
    }
}

extension Decimal128: _RealmScalar {
    public static var _rlmBase: BaseType { .decimal128 }
    public static func _rlmDefault() -> Decimal128 { Decimal128() }
    public var _rlmStoreValue: StoreValue { .decimal128(self) }
    public init?(storeValue: StoreValue) {
        guard case .decimal128(let v) = storeValue else { return nil }
        self = v
    }
}

extension ObjectId: _RealmScalar {
    public static var _rlmBase: BaseType { .objectId }
    public static func _rlmDefault() -> ObjectId { .generate() }
    public var _rlmStoreValue: StoreValue { .objectId(self) }
    public init?(storeValue: StoreValue) {
        guard case .objectId(let v) = storeValue else { return nil }
        self = v
    }
}

extension UUID: _RealmScalar {
    public static var _rlmBase: BaseType { .uuid }
    public static func _rlmDefault() -> UUID { UUID() }
    public var _rlmStoreValue: StoreValue { .uuid(self) }
    public init?(storeValue: StoreValue) {
        guard case .uuid(let v) = storeValue else { return nil }
        self = v
    }
}

extension Optional: _Persistable where Wrapped: RealmCollectionValue {}

extension Optional: RealmCollectionValue where Wrapped: RealmCollectionValue {
    public static var _rlmBase: BaseType { Wrapped._rlmBase }
    public static var _rlmIsOptional: Bool { true }
    public static var _rlmObjectType: ObjectBase.Type? { Wrapped._rlmObjectType }
    public static func _rlmDefault() -> Optional<Wrapped> { nil }
    public static func _rlmFromStore(_ value: StoreValue, _ realm: Realm?) -> Optional<Wrapped> {
        value.isNull ? nil : Wrapped._rlmFromStoreIfValid(value, realm)
    }
    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue {
        try map { try $0._rlmInput(builder) } ?? .value(.null)
    }
    public static func _rlmLocalInput(_ wrapper: UnsafeMutableRawPointer, _ builder: InputBuilder) throws -> InputValue? {
        try Wrapped._rlmOptionalLocalInput(wrapper, builder)
    }
    public var _rlmStoreValue: StoreValue { map(\._rlmStoreValue) ?? .null }
    public static func _rlmFromAny(_ value: Any) -> Optional<Wrapped>? {
        guard let unwrapped = AnyValues.unwrap(value) else { return .some(nil) }
        return Wrapped._rlmFromAny(unwrapped).map { .some($0) }
    }
}

extension _RealmScalar {
    public static func _rlmFromAny(_ value: Any) -> Self? {
        if let typed = value as? Self { return typed }
        return AnyValues.storeValue(value).flatMap { Self(storeValue: AnyValues.coerce($0, to: _rlmBase)) }
    }
}
