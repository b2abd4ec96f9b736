import Foundation
import RealmEngine
import RealmSchema

/// A value of any Realm type (Realm's Mixed), as in Realm Swift: a scalar, a link to an
/// object, or a nested list or dictionary of further values.
///
/// Nested `.list`/`.dictionary` values read from the store are unmanaged copies; assign the
/// property again to change them.
///
/// For example:
///
///     dog.companion = .string("Fluffy the Cat")
///     dog.companion = .object(Dog(value: ["name": "Spot"]))
public enum AnyRealmValue {
    case none
    case int(Int)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case object(Object)
    case objectId(ObjectId)
    case decimal128(Decimal128)
    case uuid(UUID)
    case dictionary(Map<String, AnyRealmValue>)
    case list(List<AnyRealmValue>)

    /// The value of a plain store value (links need `realm`).
    init(_ value: StoreValue, realm: Realm?) {
        switch value {
        case .null: self = .none
        case .bool(let v): self = .bool(v)
        case .int(let v): self = .int(Int(v))
        case .float(let v): self = .float(v)
        case .double(let v): self = .double(v)
        case .string(let v): self = .string(v)
        case .data(let v): self = .data(v)
        case .date(let v): self = .date(v.date)
        case .decimal128(let v): self = .decimal128(v)
        case .objectId(let v): self = .objectId(v)
        case .uuid(let v): self = .uuid(v)
        case .object(let key):
            guard let realm, let object = realm.core.object(key) as? Object else { self = .none; return }
            self = .object(object)
        case .list(let values): self = .list(List(elements: values.map { AnyRealmValue($0, realm: realm) }))
        case .dictionary(let values): self = .dictionary(Map(entries: values.mapValues { AnyRealmValue($0, realm: realm) }))
        }
    }

    public var intValue: Int? { if case .int(let v) = self { v } else { nil } }
    public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
    public var floatValue: Float? { if case .float(let v) = self { v } else { nil } }
    public var doubleValue: Double? { if case .double(let v) = self { v } else { nil } }
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    public var dataValue: Data? { if case .data(let v) = self { v } else { nil } }
    public var dateValue: Date? { if case .date(let v) = self { v } else { nil } }
    public var objectIdValue: ObjectId? { if case .objectId(let v) = self { v } else { nil } }
    public var decimal128Value: Decimal128? { if case .decimal128(let v) = self { v } else { nil } }
    public var uuidValue: UUID? { if case .uuid(let v) = self { v } else { nil } }
    public var listValue: List<AnyRealmValue>? { if case .list(let v) = self { v } else { nil } }
    public var dictionaryValue: Map<String, AnyRealmValue>? { if case .dictionary(let v) = self { v } else { nil } }

    /// The linked object as `T`, if this is an object of that type.
    public func objectValue<T: Object>(_ type: T.Type) -> T? {
        if case .object(let v) = self { v as? T } else { nil }
    }
}

extension AnyRealmValue: RealmCollectionValue, Hashable {
    public static var _rlmBase: BaseType { .mixed }
    public static func _rlmDefault() -> AnyRealmValue { .none }
    public static func _rlmFromStore(_ value: StoreValue, _ realm: Realm?) -> AnyRealmValue {
        AnyRealmValue(value, realm: realm)
    }

    /// A managed object's mixed property: a list or dictionary in it (at any depth) writes the
    /// property back when it changes, so that `dog.extra.listValue?.append(.int(1))` in a write
    /// transaction reaches the store, as in Realm (where nested collections are managed).
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> AnyRealmValue {
        let value = object.withStoredValue(at: index) { value, realm in AnyRealmValue(value, realm: realm) }
        if let state = object._state { value.attachWriteBack(NestedPlace(state: state, index: index, path: [])) }
        return value
    }

    /// Sets the write-back of every list and dictionary in this value, which sits at `place`.
    fileprivate func attachWriteBack(_ place: NestedPlace) {
        switch self {
        case .list(let list):
            list.writeBack = { [weak list] in
                guard let list else { return }
                place.write(.list(list))
            }
            for (offset, element) in list.storage.enumerated() { element.attachWriteBack(place.appending(.index(offset))) }
        case .dictionary(let map):
            map.writeBack = { [weak map] in
                guard let map else { return }
                place.write(.dictionary(map))
            }
            for (key, element) in map.storage { element.attachWriteBack(place.appending(.key(key))) }
        default:
            break
        }
    }

    /// This value with the element at `path` replaced by `replacement`; nil when the path
    /// leads nowhere.
    fileprivate func replacing(_ path: ArraySlice<NestedPlace.Slot>, with replacement: AnyRealmValue) -> AnyRealmValue? {
        guard let slot = path.first else { return replacement }
        switch (self, slot) {
        case (.list(let list), .index(let index)):
            var elements = list._rlmElements
            guard elements.indices.contains(index), let element = elements[index].replacing(path.dropFirst(), with: replacement) else { return nil }
            elements[index] = element
            return .list(List(elements: elements))
        case (.dictionary(let map), .key(let key)):
            var entries = Dictionary(uniqueKeysWithValues: map.entries)
            guard let element = entries[key]?.replacing(path.dropFirst(), with: replacement) else { return nil }
            entries[key] = element
            return .dictionary(Map(entries: entries))
        default:
            return nil
        }
    }

    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue {
        switch self {
        case .object(let object): return try builder.reference(object)
        case .list(let list): return .collection(try list._rlmElements.map { try $0._rlmInput(builder) })
        case .dictionary(let map): return .map(try Dictionary(uniqueKeysWithValues: map.entries.map { ($0.0, try $0.1._rlmInput(builder)) }))
        default: return .value(_rlmStoreValue)
        }
    }

    public var _rlmStoreValue: StoreValue {
        switch self {
        case .none: .null
        case .int(let v): .int(Int64(v))
        case .bool(let v): .bool(v)
        case .float(let v): .float(v)
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        case .data(let v): .data(v)
        case .date(let v): .date(Timestamp(v))
        case .object(let v): v._rlmStoreValue
        case .objectId(let v): .objectId(v)
        case .decimal128(let v): .decimal128(v)
        case .uuid(let v): .uuid(v)
        case .dictionary(let v): .dictionary(Dictionary(uniqueKeysWithValues: v.entries.map { ($0.0, $0.1._rlmStoreValue) }))
        case .list(let v): .list(v._rlmElements.map(\._rlmStoreValue))
        }
    }

    public static func _rlmFromAny(_ value: Any) -> AnyRealmValue? {
        guard let value = AnyValues.unwrap(value) else { return AnyRealmValue.none }
        if let mixed = value as? AnyRealmValue { return mixed }
        if let object = value as? Object { return .object(object) }
        return AnyValues.storeValue(value).map { AnyRealmValue($0, realm: nil) }
    }

    /// Equal kinds with equal values; objects by identity (managed: same stored object),
    /// lists and dictionaries element by element.
    public static func == (lhs: AnyRealmValue, rhs: AnyRealmValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)): a == b
        case let (.list(a), .list(b)): a._rlmElements == b._rlmElements
        case let (.dictionary(a), .dictionary(b)): a.keys == b.keys && a.values == b.values
        default: lhs._rlmStoreValue == rhs._rlmStoreValue
        }
    }

    public func hash(into hasher: inout Hasher) {
        if case .object(let object) = self { hasher.combine(object) } else { hasher.combine(_rlmStoreValue) }
    }
}


/// Where a collection nested in a managed object's mixed property sits: the object's property
/// and the path from its value down to the collection.
private struct NestedPlace {
    enum Slot { case index(Int), key(String) }

    let state: _ObjectState
    let index: Int
    let path: [Slot]

    func appending(_ slot: Slot) -> NestedPlace {
        NestedPlace(state: state, index: index, path: path + [slot])
    }

    /// Writes `value` at this place: the property's stored value with `value` at the path (the
    /// path of a collection whose place was changed meanwhile writes nothing), then points the
    /// write-backs of the collections in `value` at their places again.
    func write(_ value: AnyRealmValue) {
        let stored = AnyRealmValue(state.value(at: index), realm: state.realm)
        guard let updated = stored.replacing(path[...], with: value) else { return }
        AnyRealmValue._rlmSet(updated, state, index)
        value.attachWriteBack(self)
    }
}
