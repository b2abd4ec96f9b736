import RealmEngine
import RealmSchema

/// A type with a persisted form: `PersistedType` is what the store holds for it.
public protocol _HasPersistedType {
    /// The type the store holds (a type `@Persisted` takes: `String`, `Int`, an
    /// `EmbeddedObject` subclass …).
    associatedtype PersistedType: RealmCollectionValue
}

/// What `CustomPersistable` and `FailableCustomPersistable` share: the conversions the store
/// uses. Users conform to one of those two, not to this.
public protocol _CustomPersistable: RealmCollectionValue, _HasPersistedType {
    /// The value to store.
    var persistableValue: PersistedType { get }
    /// The value made from a stored one; nil when it cannot be (failable types only).
    static func _rlmConverted(_ persistedValue: PersistedType) -> Self?
}

/// A type stored as another, which the store supports, as in Realm Swift: `@Persisted var
/// temperature: Celsius` in a model, and Lists, MutableSets and Maps of it, hold
/// `Celsius.PersistedType` values; queries compare the persisted values.
///
/// For example:
///
///     struct Celsius: CustomPersistable {
///         typealias PersistedType = Double
///         var degrees: Double
///         init(persistedValue: Double) { degrees = persistedValue }
///         var persistableValue: Double { degrees }
///     }
public protocol CustomPersistable: _CustomPersistable {
    /// The value made from the stored one.
    init(persistedValue: PersistedType)
    /// The value to store.
    var persistableValue: PersistedType { get }
}

/// `CustomPersistable` for types that cannot be made from every stored value: reading one
/// that does not convert traps in a non-optional property (with Realm's message) and reads as
/// nil in an optional one, as in Realm Swift.
///
/// For example:
///
///     struct Email: FailableCustomPersistable {
///         typealias PersistedType = String
///         var address: String
///         init?(persistedValue: String) { guard persistedValue.contains("@") else { return nil }; address = persistedValue }
///         var persistableValue: String { address }
///     }
public protocol FailableCustomPersistable: _CustomPersistable {
    /// The value made from the stored one, nil when it cannot be.
    init?(persistedValue: PersistedType)
    /// The value to store.
    var persistableValue: PersistedType { get }
}

extension CustomPersistable {
    public static func _rlmConverted(_ persistedValue: PersistedType) -> Self? { Self(persistedValue: persistedValue) }
}

extension FailableCustomPersistable {
    public static func _rlmConverted(_ persistedValue: PersistedType) -> Self? { Self(persistedValue: persistedValue) }

    /// Nil for a stored value that does not convert, for an optional property.
    public static func _rlmFromStoreIfValid(_ value: StoreValue, _ realm: Realm?) -> Self? {
        _rlmConverted(PersistedType._rlmFromStore(value, realm))
    }
}

extension _CustomPersistable {
    public static var _rlmBase: BaseType { PersistedType._rlmBase }
    public static var _rlmIsOptional: Bool { PersistedType._rlmIsOptional }
    public static var _rlmObjectType: ObjectBase.Type? { PersistedType._rlmObjectType }

    /// The value made from the persisted type's default (traps, with Realm's message, when it
    /// does not convert).
    public static func _rlmDefault() -> Self {
        guard let value = _rlmConverted(PersistedType._rlmDefault()) else {
            RealmMessages.trap(RealmMessages.noCustomDefault(Self.self, PersistedType.self))
        }
        return value
    }

    public static func _rlmFromStore(_ value: StoreValue, _ realm: Realm?) -> Self {
        let persisted = PersistedType._rlmFromStore(value, realm)
        guard let converted = _rlmConverted(persisted) else {
            RealmMessages.trap(RealmMessages.notConvertible(persisted, to: Self.self))
        }
        return converted
    }

    public var _rlmStoreValue: StoreValue { persistableValue._rlmStoreValue }

    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue {
        try persistableValue._rlmInput(builder)
    }

    /// The value itself, or the value made from a persisted one (`init(value:)`, `create`).
    public static func _rlmFromAny(_ value: Any) -> Self? {
        if let typed = value as? Self { return typed }
        return PersistedType._rlmFromAny(value).flatMap(_rlmConverted)
    }
}

/// Whether `type` (or the type an optional wraps) is a custom type, whose values are made from
/// the stored ones: a collection of a custom type stored as objects reads its elements rather
/// than handing out the objects of a lazy query.
func isCustomPersistable(_ type: Any.Type) -> Bool {
    if type is any _CustomPersistable.Type { return true }
    guard let optional = type as? any OptionalProtocol.Type else { return false }
    return isCustomPersistable(optional._rlmWrappedType)
}

extension OptionalProtocol {
    static var _rlmWrappedType: Any.Type { Wrapped.self }
}

/// Whether `value` is of a custom type stored as an (embedded) object, which a query cannot
/// compare as a whole (Realm compares its members; compare them through `persistableValue`).
func isStoredAsObject(_ value: Any) -> Bool {
    guard let type = type(of: value) as? any _CustomPersistable.Type else { return false }
    return type._rlmObjectType != nil
}
