@_spi(Reflection) import Swift
import RealmEngine
import RealmSchema

/// The `@Persisted` properties of a model class, found by reflection as Realm Swift finds
/// them: the class's stored fields in declaration order, superclass fields first; every field
/// whose type is `Persisted<Value>` is a property named after its wrapper (`_name` → `name`).
/// Other fields (plain `var`, `lazy`) are ignored, and computed properties have no field.
///
/// For example:
///
///     ModelReflection.properties(of: Dog.self).map(\.name)   // ["name", "age"]
enum ModelReflection {
    /// One reflected property: its name, its wrapper's offset in the object, its options and
    /// an accessor reading the wrapper at that offset.
    struct Field {
        let name: String
        let offset: Int
        let options: PersistedOptions
        let accessor: PropertyAccessor
    }

    /// The `@Persisted` properties of `type`, read from the stored fields of a prototype, but
    /// those named in `ignored` (the class's `ignoredProperties()`).
    static func properties(of type: ObjectBase.Type, ignoring ignored: Set<String> = []) -> [Field] {
        let prototype = type.init()
        var fields: [Field] = []
        _forEachField(of: type, options: classType) { cName, offset, fieldType, _ in
            guard let wrapper = fieldType as? any PersistedField.Type else { return true }
            let storedName = String(cString: cName)
            let name = storedName.hasPrefix("_") ? String(storedName.dropFirst()) : storedName
            guard !ignored.contains(name) else { return true }
            let options = wrapper._rlmOptions(of: prototype, at: offset)
            fields.append(Field(name: name, offset: offset, options: options,
                                accessor: wrapper._rlmAccessor(offset: offset, position: fields.count)))
            return true
        }
        return fields
    }

    /// `_EachFieldOptions.classType` (walk a class's fields, its superclasses' first), by its
    /// value: the standard library declares it as a mutable static, which Swift 6 rejects.
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)

    /// The address of the field at `offset` of `object`.
    static func field(_ object: ObjectBase, _ offset: Int) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
    }
}

/// The type of a `@Persisted` wrapper, as reflection finds it among an object's fields.
protocol PersistedField {
    /// The options of the wrapper stored at `offset` of `object`.
    static func _rlmOptions(of object: ObjectBase, at offset: Int) -> PersistedOptions
    /// An accessor of the property whose wrapper is stored at `offset`, the model's
    /// `position`th property.
    static func _rlmAccessor(offset: Int, position: Int) -> PropertyAccessor
}

extension Persisted: PersistedField {
    static func _rlmOptions(of object: ObjectBase, at offset: Int) -> PersistedOptions {
        withExtendedLifetime(object) {
            ModelReflection.field(object, offset).assumingMemoryBound(to: Persisted<Value>.self).pointee.options
        }
    }

    static func _rlmAccessor(offset: Int, position: Int) -> PropertyAccessor {
        FieldAccessor<Value>(offset: offset, position: position)
    }
}
