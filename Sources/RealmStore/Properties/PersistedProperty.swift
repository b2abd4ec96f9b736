import RealmEngine
import RealmSchema

/// One row of a model's property table: the property's name and its key path.
///
/// Models need no table: their `@Persisted` properties are found by reflection. A model may
/// still list them in `persistedProperties()`, in declaration order, which then replaces the
/// discovery (older generated code does).
///
/// For example:
///
///     final class Dog: Object {
///         @Persisted var name = ""
///         @Persisted var age: Int
///
///         override class func persistedProperties() -> [PersistedProperty] {
///             [PersistedProperty("name", \Dog.name), PersistedProperty("age", \Dog.age)]
///         }
///     }
public struct PersistedProperty {
    /// The property's Swift name.
    public let name: String
    let accessor: PropertyAccessor

    /// A property of `Root` reached through `keyPath`.
    public init<Root: ObjectBase, Value: _Persistable>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.name = name
        self.accessor = TypedPropertyAccessor(keyPath)
    }
}

/// Type-erased access to one property of an object.
class PropertyAccessor {
    /// Reads the property (through the wrapper) as `Any`.
    func get(_ object: ObjectBase) -> Any { RealmMessages.trap(RealmMessages.abstractMethod) }
    /// Writes a value converted from `Any`; false when it has the wrong type.
    func set(_ object: ObjectBase, _ value: Any) -> Bool { RealmMessages.trap(RealmMessages.abstractMethod) }
    /// The property's current value as store input.
    func input(_ object: ObjectBase, _ builder: InputBuilder) throws -> InputValue { RealmMessages.trap(RealmMessages.abstractMethod) }
    /// The schema type for these options.
    func propertyType(_ options: PersistedOptions) -> DeclaredType { RealmMessages.trap(RealmMessages.abstractMethod) }
    /// The linked object type, if any.
    var objectType: ObjectBase.Type? { nil }
    /// A stored single value of the property as `get` returns it (nil for collections).
    func value(fromStore value: StoreValue, _ realm: Realm?) -> Any? { nil }
    /// `value(fromStore:_:)` for a property of type `type`.
    static func value(of type: Any.Type, fromStore value: StoreValue, _ realm: Realm?) -> Any? {
        guard let type = type as? any RealmCollectionValue.Type else { return nil }
        return type._rlmFromStore(value, realm)
    }
    /// Reads the property of a prototype, which makes the wrapper report its options.
    func discover(_ object: ObjectBase) { _ = get(object) }
    /// Remembers the key path of the property's wrapper (found by `discover`).
    func useStorage(_ storage: AnyKeyPath) {}
    /// Drops the unmanaged value of an object that became managed (its reads go to the store
    /// now), so that unmanaged objects linked in a cycle free each other.
    func dropUnmanagedValue(_ object: ObjectBase) {}
}

final class TypedPropertyAccessor<Root: ObjectBase, Value: _Persistable>: PropertyAccessor {
    let keyPath: ReferenceWritableKeyPath<Root, Value>
    /// The wrapper's own key path: unmanaged values are read from it directly.
    private var storage: ReferenceWritableKeyPath<Root, Persisted<Value>>?

    init(_ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.keyPath = keyPath
    }

    override func useStorage(_ storage: AnyKeyPath) {
        self.storage = storage as? ReferenceWritableKeyPath<Root, Persisted<Value>>
    }

    override func get(_ object: ObjectBase) -> Any {
        (object as! Root)[keyPath: keyPath]
    }

    override func set(_ object: ObjectBase, _ value: Any) -> Bool {
        guard let typed = Value._rlmFromAny(value) else { return false }
        (object as! Root)[keyPath: keyPath] = typed
        return true
    }

    override func input(_ object: ObjectBase, _ builder: InputBuilder) throws -> InputValue {
        let root = unsafeDowncast(object, to: Root.self)
        if !object.isManaged, let storage, let local = root[keyPath: storage].local {
            return try local._rlmInput(builder)
        }
        return try root[keyPath: keyPath]._rlmInput(builder)
    }

    override func propertyType(_ options: PersistedOptions) -> DeclaredType {
        Value._rlmPropertyType(options)
    }

    override var objectType: ObjectBase.Type? { Value._rlmObjectType }

    override func value(fromStore value: StoreValue, _ realm: Realm?) -> Any? {
        PropertyAccessor.value(of: Value.self, fromStore: value, realm)
    }

    override func dropUnmanagedValue(_ object: ObjectBase) {
        guard let storage else { return }
        unsafeDowncast(object, to: Root.self)[keyPath: storage].local = nil
    }
}
