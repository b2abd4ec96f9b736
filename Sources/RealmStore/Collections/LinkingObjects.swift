import RealmEngine
import RealmSchema

/// The objects whose `originProperty` links to this object: an inverse relationship,
/// computed from the links (empty while the object is unmanaged).
///
/// For example:
///
///     @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
public final class LinkingObjects<Element: ObjectBase>: RealmCollection, _AnyElements {
    let managed: ManagedCollection?
    private var cache = ElementCache<[Element]>()

    init(managed: ManagedCollection?) {
        self.managed = managed
    }

    public var realm: Realm? { managed?.realm }
    public var isInvalidated: Bool { managed?.isInvalidated ?? false }
    public var _rlmTypeName: String { "LinkingObjects<\(Element.className())>" }
    var _anyElements: [Any] { _rlmElements }

    public var _rlmElements: [Element] {
        managed?.elements(&cache) ?? []
    }
}

extension LinkingObjects: _Persistable {
    public static func _rlmPropertyType(_ options: PersistedOptions) -> PropertyType {
        PropertyType(.linkingObjects(objectType: Element.className(), property: options.originProperty ?? ""))
    }
    public static var _rlmObjectType: ObjectBase.Type? { Element.self }
    public static func _rlmDefault() -> LinkingObjects<Element> { LinkingObjects(managed: nil) }
    public static func _rlmGet(_ object: _ObjectState, _ index: Int) -> LinkingObjects<Element> {
        LinkingObjects(managed: ManagedCollection(object, at: index))
    }
    public static func _rlmSet(_ value: LinkingObjects<Element>, _ object: _ObjectState, _ index: Int) {
        RealmError.trap(RealmError.linkingObjectsSet(object.info.className, object.info.properties[index].name))
    }
    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue { .value(.null) }
    public static func _rlmFromAny(_ value: Any) -> LinkingObjects<Element>? { nil }
}
