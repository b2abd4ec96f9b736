import RealmEngine
import RealmSchema

/// What `List` and `MutableSet` share as `@Persisted` property types: their schema type, how
/// a managed one is read and written, and how elements convert. A conforming collection says
/// which kind it is and how to make a managed or an unmanaged instance; the rest comes from
/// the extension below.
public protocol _PersistableCollection: _Persistable, RealmCollection {
    /// `.list` or `.set`.
    static var _rlmCollectionKind: CollectionKind { get }
    /// The collection property at `index` of a managed object.
    static func _rlmManaged(_ object: _ObjectState, _ index: Int) -> Self
    /// An unmanaged collection of `elements`.
    static func _rlmUnmanaged(_ elements: [Element]) -> Self
    /// The elements, read from the store when managed.
    var _rlmElements: [Element] { get }
}

extension _PersistableCollection {
    public static func _rlmPropertyType(_ options: PersistedOptions) -> DeclaredType {
        DeclaredType(Element._rlmBase, collection: _rlmCollectionKind, isOptional: Element._rlmIsOptional)
    }
    public static var _rlmObjectType: ObjectBase.Type? { Element._rlmObjectType }
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Self { _rlmManaged(object._state!, index) }
    public static func _rlmSet(_ value: Self, _ object: _ObjectState, _ index: Int) {
        let elements = value._rlmElements
        object.set(index) { builder in try CollectionInput.elements(elements, builder) }
    }
    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue {
        try CollectionInput.elements(_rlmElements, builder)
    }
    public static func _rlmFromAny(_ value: Any) -> Self? {
        CollectionInput.typedElements(value).map(_rlmUnmanaged)
    }
}

/// Element-wise conversions shared by List and MutableSet.
enum CollectionInput {
    static func elements<Element: RealmCollectionValue>(_ elements: [Element], _ builder: InputBuilder) throws -> InputValue {
        var inputs: [InputValue] = []
        inputs.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            builder.at(.index(index))
            inputs.append(try element._rlmInput(builder))
        }
        return .collection(inputs)
    }

    static func typedElements<Element: RealmCollectionValue>(_ value: Any) -> [Element]? {
        let items: [Any]
        if let array = value as? [Any] { items = array } else if let collection = value as? _AnyElements { items = collection._anyElements } else { return nil }
        var result: [Element] = []
        for item in items {
            guard let element = Element._rlmFromAny(AnyValues.unwrap(item) ?? (Optional<Any>.none as Any)) else { return nil }
            result.append(element)
        }
        return result
    }
}
