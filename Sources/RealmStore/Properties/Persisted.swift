import RealmEngine
import RealmSchema

/// Declares a stored property of a Realm model, as in Realm Swift.
///
/// An unmanaged object keeps the value in the wrapper; once the object is managed every read
/// and write goes to the store. The property is found by reflection (its name is the
/// wrapper's field name without the underscore), once per class.
///
/// For example:
///
///     final class Dog: Object {
///         @Persisted(primaryKey: true) var _id: ObjectId
///         @Persisted var name = ""
///         @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
///     }
@propertyWrapper
public struct Persisted<Value: _Persistable> {
    /// The unmanaged value; nil until first read or written (then Realm's default). A
    /// `LinkingObjects` property holds its (empty) unmanaged value from the start, which
    /// carries `originProperty`.
    @usableFromInline var local: Value?
    /// `primaryKey` (1) and `indexed` (2): flags, so that a wrapper holds nothing to release
    /// besides its value.
    @usableFromInline let flags: UInt8

    /// The `@Persisted(...)` arguments.
    var options: PersistedOptions {
        PersistedOptions(primaryKey: flags & 1 != 0, indexed: flags & 2 != 0,
                         originProperty: (local as? any _LinkingObjectsOrigin)?._rlmOriginProperty)
    }

    /// Not available: `@Persisted` works only inside `Object`, `EmbeddedObject` and
    /// `AsymmetricObject` subclasses.
    @available(*, unavailable, message: "@Persisted can only be used on properties of Realm objects")
    public var wrappedValue: Value {
        get { RealmMessages.trap(RealmMessages.persistedOutsideObject) }
        set { RealmMessages.trap(RealmMessages.persistedOutsideObject) }
    }

    /// A property with Realm's default value (0, "", a new ObjectId, an empty List, …).
    @inlinable
    public init() {
        self.flags = 0
    }

    /// A property with an initial value.
    @inlinable
    public init(wrappedValue: Value) {
        self.local = wrappedValue
        self.flags = 0
    }

    /// The primary key (`primaryKey: true`) or an ordinary property.
    @inlinable
    public init(primaryKey: Bool) {
        self.flags = primaryKey ? 3 : 0
    }

    /// The primary key with an initial value.
    @inlinable
    public init(wrappedValue: Value, primaryKey: Bool) {
        self.local = wrappedValue
        self.flags = primaryKey ? 3 : 0
    }

    /// An indexed property.
    @inlinable
    public init(indexed: Bool) {
        self.flags = indexed ? 2 : 0
    }

    /// An indexed property with an initial value.
    @inlinable
    public init(wrappedValue: Value, indexed: Bool) {
        self.local = wrappedValue
        self.flags = indexed ? 2 : 0
    }

    /// A `LinkingObjects` property: the objects whose `originProperty` links here.
    @inlinable
    public init<Origin>(originProperty: String) where Value == LinkingObjects<Origin> {
        self.local = LinkingObjects(originProperty: originProperty)
        self.flags = 0
    }

    /// Reads and writes the property through its object: the store when it is managed, the
    /// wrapper otherwise. Inlined into the model's accessors, so an unmanaged object's wrapper
    /// is read and written directly.
    @inlinable
    public static subscript<Root: ObjectBase>(
        _enclosingInstance object: Root,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Root, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Root, Persisted<Value>>
    ) -> Value {
        @inline(__always) get {
            guard object._rlmUsesWrappers else { return _rlmValue(object, storageKeyPath) }
            if let value = object[keyPath: storageKeyPath].local { return value }
            let value = Value._rlmDefault()
            object[keyPath: storageKeyPath].local = value
            return value
        }
        @inline(__always) set {
            if object._rlmUsesWrappers {
                object[keyPath: storageKeyPath].local = newValue
            } else {
                _rlmSetValue(newValue, object, storageKeyPath)
            }
        }
    }

    /// The value of a managed object's property, or of a prototype's while it reports its
    /// properties. Inlined, so that a page object's read of a resolved property calls its
    /// type's reader directly.
    @inlinable
    static func _rlmValue<Root: ObjectBase>(_ object: Root, _ storageKeyPath: ReferenceWritableKeyPath<Root, Persisted<Value>>) -> Value {
        if let index = object.resolvedPosition(of: ObjectIdentifier(storageKeyPath)) {
            return Value._rlmGet(object, index)
        }
        return _rlmUnresolvedValue(object, storageKeyPath)
    }

    /// `_rlmValue` of a property the object's page has not resolved yet.
    @usableFromInline
    static func _rlmUnresolvedValue<Root: ObjectBase>(_ object: Root,
                                                     _ storageKeyPath: ReferenceWritableKeyPath<Root, Persisted<Value>>) -> Value {
        if object.isManaged {
            let index = object.knownPosition(of: storageKeyPath) ?? object.managedInfo!.index(ofStorage: storageKeyPath, in: object)
            return Value._rlmGet(object, index)
        }
        return _rlmPrototypeValue(object, storageKeyPath)
    }

    /// `_rlmValue` of an object that is not managed (kept apart: the managed read needs no
    /// generic metadata).
    @inline(never)
    static func _rlmPrototypeValue<Root: ObjectBase>(_ object: Root, _ storageKeyPath: ReferenceWritableKeyPath<Root, Persisted<Value>>) -> Value {
        if let recorder = object._discovery {
            recorder.record(storageKeyPath, object[keyPath: storageKeyPath].options,
                            object: object, offset: TypeInfo.offset(of: storageKeyPath, in: object))
            if let linked = recorder.prototype(of: Value._rlmObjectType) as? Value { return linked }
        }
        if let value = object[keyPath: storageKeyPath].local { return value }
        let value = Value._rlmDefault()
        object[keyPath: storageKeyPath].local = value
        return value
    }

    /// Writes a managed object's property (or a prototype's wrapper).
    @usableFromInline
    static func _rlmSetValue<Root: ObjectBase>(_ value: Value, _ object: Root,
                                               _ storageKeyPath: ReferenceWritableKeyPath<Root, Persisted<Value>>) {
        if let state = object._state {
            Value._rlmSet(value, state, state.info.index(ofStorage: storageKeyPath, in: object))
        } else {
            object[keyPath: storageKeyPath].local = value
        }
    }
}
