import RealmEngine
import RealmSchema

/// The objects whose `originProperty` links to this object: an inverse relationship,
/// computed from the links (empty while the object is unmanaged).
///
/// For example:
///
///     @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
public final class LinkingObjects<Element: ObjectBase>: RealmCollection, _AnyElements {
    public typealias Iterator = RealmCollectionIterator<Element>
    public typealias SubSequence = Slice<LinkingObjects<Element>>
    public typealias Indices = Range<Int>

    let managed: ManagedCollection?
    /// The `originProperty` of the `@Persisted` declaration an unmanaged one comes from.
    let declaredOrigin: String?
    private var cache = ElementCache<[Element]>()
    private var objectQuery: _ObjectQuery?

    init(managed: ManagedCollection?) {
        self.managed = managed
        self.declaredOrigin = nil
    }

    /// The unmanaged value of `@Persisted(originProperty:)`.
    @usableFromInline
    init(originProperty: String) {
        self.managed = nil
        self.declaredOrigin = originProperty
    }

    public var _rlmTypeName: String { "LinkingObjects<\(Element.className())>" }
    var _anyElements: [Any] { _rlmElements }

    public var _rlmElements: [Element] {
        managed?.elements(&cache) ?? []
    }

    /// Managed linking objects are read in SQL: the origin objects whose link (or collection
    /// of links) holds the owner.
    public var _rlmQuery: _ObjectQuery? {
        guard let managed else { return nil }
        guard case .linkingObjects(_, let origin) = managed.owner.info.property(named: managed.property)?.type.base else { return nil }
        return managed.query(&objectQuery, for: Element.self) { owner, _ in .linkingObjects(target: owner, property: origin) }
    }
}

/// What `Persisted` reads its `originProperty` from.
protocol _LinkingObjectsOrigin {
    var _rlmOriginProperty: String? { get }
}

extension LinkingObjects: _LinkingObjectsOrigin {
    var _rlmOriginProperty: String? { declaredOrigin }
}

extension LinkingObjects: _Persistable {
    public static func _rlmPropertyType(_ options: PersistedOptions) -> DeclaredType {
        DeclaredType(.linkingObjects(objectType: Element.className(), property: options.originProperty ?? ""))
    }
    public static var _rlmObjectType: ObjectBase.Type? { Element.self }
    public static func _rlmDefault() -> LinkingObjects<Element> { LinkingObjects(managed: nil) }
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> LinkingObjects<Element> {
        LinkingObjects(managed: ManagedCollection(object._state!, at: index))
    }
    public static func _rlmSet(_ value: LinkingObjects<Element>, _ object: _ObjectState, _ index: Int) {
        RealmMessages.trap(RealmMessages.linkingObjectsSet(object.info.className, object.info.properties[index].name))
    }
    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue { .value(.null) }
    public static func _rlmFromAny(_ value: Any) -> LinkingObjects<Element>? { nil }
}
