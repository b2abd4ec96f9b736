import RealmEngine
import RealmSchema

/// Access to a reflected property: its `@Persisted` wrapper at a known offset in the object
/// (unmanaged), or its position in the store (managed) — what the wrapper's own accessors do,
/// without a key path.
///
/// For example:
///
///     FieldAccessor<String>(offset: 16, position: 0).get(dog)   // "Rex"
final class FieldAccessor<Value: _Persistable>: PropertyAccessor {
    let offset: Int
    let position: Int

    init(offset: Int, position: Int) {
        self.offset = offset
        self.position = position
    }

    private func wrapper(_ object: ObjectBase) -> UnsafeMutablePointer<Persisted<Value>> {
        ModelReflection.field(object, offset).assumingMemoryBound(to: Persisted<Value>.self)
    }

    override func get(_ object: ObjectBase) -> Any {
        read(object)
    }

    // The wrapper is reached through `object`, which the caller keeps alive for the call.
    private func read(_ object: ObjectBase) -> Value {
        if object.isManaged { return Value._rlmGet(object, position) }
        let field = wrapper(object)
        if let value = field.pointee.local { return value }
        let value = Value._rlmDefault()
        field.pointee.local = value
        return value
    }

    override func set(_ object: ObjectBase, _ value: Any) -> Bool {
        guard let typed = Value._rlmFromAny(value) else { return false }
        if let state = object._state {
            Value._rlmSet(typed, state, position)
        } else {
            wrapper(object).pointee.local = typed
        }
        return true
    }

    override func input(_ object: ObjectBase, _ builder: InputBuilder) throws -> InputValue {
        if !object.isManaged, let input = try Value._rlmLocalInput(ModelReflection.field(object, offset), builder) {
            return input
        }
        return try read(object)._rlmInput(builder)
    }

    override func propertyType(_ options: PersistedOptions) -> DeclaredType {
        Value._rlmPropertyType(options)
    }

    override var objectType: ObjectBase.Type? { Value._rlmObjectType }

    override func value(fromStore value: StoreValue, _ realm: Realm?) -> Any? {
        PropertyAccessor.value(of: Value.self, fromStore: value, realm)
    }

    override func dropUnmanagedValue(_ object: ObjectBase) {
        withExtendedLifetime(object) { wrapper(object).pointee.local = nil }
    }
}
