import RealmEngine
import RealmSchema

/// A type a `@Persisted` property can have: every `RealmCollectionValue` (single values),
/// `List`, `MutableSet`, `Map` and `LinkingObjects`.
///
/// The requirements carry the property's schema type and its managed accessors statically,
/// so nothing needs reflection. Users never conform to it directly.
///
/// For example:
///
///     List<Int>._rlmPropertyType(PersistedOptions())   // int[]
public protocol _Persistable {
    /// The schema type of a property of this type.
    static func _rlmPropertyType(_ options: PersistedOptions) -> DeclaredType
    /// The object type the property links to (for the schema's link closure).
    static var _rlmObjectType: ObjectBase.Type? { get }
    /// The value of a property declared without an initial value.
    static func _rlmDefault() -> Self
    /// Reads the property at `index` of a managed object.
    static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Self
    /// Writes the property of a managed object (traps with Realm's message on error).
    static func _rlmSet(_ value: Self, _ object: _ObjectState, _ index: Int)
    /// The (unmanaged) value as store input; objects go through `builder`.
    func _rlmInput(_ builder: InputBuilder) throws -> InputValue
    /// The value built from a dictionary, array or value given to `init(value:)`.
    static func _rlmFromAny(_ value: Any) -> Self?
    /// The store input of the value an unmanaged `Persisted<Self>` at `wrapper` holds, nil
    /// when it holds none (the default: compiled for each conforming type).
    static func _rlmLocalInput(_ wrapper: UnsafeMutableRawPointer, _ builder: InputBuilder) throws -> InputValue?
}

extension _Persistable {
    public static func _rlmLocalInput(_ wrapper: UnsafeMutableRawPointer, _ builder: InputBuilder) throws -> InputValue? {
        guard let local = wrapper.assumingMemoryBound(to: Persisted<Self>.self).pointee.local else { return nil }
        return try local._rlmInput(builder)
    }
}

/// The arguments of `@Persisted(...)`.
public struct PersistedOptions: Sendable, Hashable {
    /// `@Persisted(primaryKey: true)`.
    public var primaryKey = false
    /// `@Persisted(indexed: true)`.
    public var indexed = false
    /// `@Persisted(originProperty: "dogs")` of a `LinkingObjects` property.
    public var originProperty: String?

    @inlinable
    public init(primaryKey: Bool = false, indexed: Bool = false, originProperty: String? = nil) {
        self.primaryKey = primaryKey
        self.indexed = indexed
        self.originProperty = originProperty
    }
}

extension RealmCollectionValue {
    public static func _rlmPropertyType(_ options: PersistedOptions) -> DeclaredType {
        DeclaredType(_rlmBase, isOptional: _rlmIsOptional || _rlmBase.isObject)
    }

    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Self {
        object.withStoredValue(at: index) { value, realm in _rlmFromStore(value, realm) }
    }

    public static func _rlmSet(_ value: Self, _ object: _ObjectState, _ index: Int) {
        object.set(index) { builder in try value._rlmInput(builder) }
    }

    public static func _rlmFromAny(_ value: Any) -> Self? {
        value as? Self
    }
}
