import RealmEngine
import RealmSchema

/// The common base of `Object`, `EmbeddedObject` and `AsymmetricObject`.
///
/// An object starts unmanaged (its values live in its `@Persisted` wrappers); `Realm.add`
/// makes it managed, after which reads and writes go through to the store. Its `@Persisted`
/// properties are found by reflection, in declaration order (superclass first).
///
/// For example:
///
///     let dog = Dog(value: ["name": "Rex"])
///     try realm.write { realm.add(dog) }
///     dog.realm != nil    // true
open class ObjectBase: CustomStringConvertible {
    /// The managed state of its own, once it has one.
    /// (The object's fields are read on every property access: no runtime exclusivity checks.
    /// A live object is used on one thread; a frozen one never changes them.)
    @exclusivity(unchecked) private final var ownState: _ObjectState?
    /// An object a lazy collection made from a page of rows: what the page's objects share and
    /// its row there, until it makes a state of its own (`PageState`). Held by `pageState`,
    /// reached on the hot path through `page`, which takes no reference counting.
    @exclusivity(unchecked) private(set) final var pageState: PageState?
    @exclusivity(unchecked) private final var page: Unmanaged<PageState>?
    @exclusivity(unchecked) private(set) final var pageSlot = 0
    /// Set on a prototype while its wrappers report their options.
    @exclusivity(unchecked) var _discovery: DiscoveryRecorder?
    /// Whether the `@Persisted` wrappers hold the values: unmanaged, and not a prototype
    /// reporting its properties.
    @usableFromInline final var _rlmUsesWrappers: Bool { ownState == nil && page == nil && _discovery == nil }

    /// The managed state; nil while unmanaged. An object made from a page makes its own here.
    final var _state: _ObjectState? {
        get {
            if let ownState { return ownState }
            guard let pageState else { return nil }
            let state = pageState.state(pageSlot)
            (ownState, self.pageState, page) = (state, nil, nil)
            return state
        }
        set { (ownState, pageState, page) = (newValue, nil, nil) }
    }

    /// Makes the object a managed one of the page `shared` holds, at `slot`.
    final func _rlmAdopt(_ shared: PageState, slot: Int) {
        _rlmAdopt(.passUnretained(shared), slot: slot)
    }

    /// The same, for a caller that holds `shared` (the object takes a reference of its own).
    final func _rlmAdopt(_ shared: Unmanaged<PageState>, slot: Int) {
        (ownState, pageState, page, pageSlot) = (nil, shared.retain().takeRetainedValue(), shared, slot)
    }

    /// Points a page's object that nothing else reaches at the row at `slot` of `shared`'s
    /// page (`ObjectRecycling`); false, changing nothing, for an object not reading from a page.
    @inline(__always)
    final func _rlmRepoint(_ shared: Unmanaged<PageState>, slot: Int) -> Bool {
        guard let page else { return false }
        if page.toOpaque() != shared.toOpaque() {
            (pageState, self.page) = (shared.retain().takeRetainedValue(), shared)
        }
        pageSlot = slot
        return true
    }

    /// Whether the object reads its row from `shared`'s page.
    @inline(__always)
    final func _rlmReads(_ shared: Unmanaged<PageState>) -> Bool {
        page?.toOpaque() == shared.toOpaque()
    }

    /// Whether the object is managed (without making a state of its own).
    final var isManaged: Bool { ownState != nil || page != nil }

    /// The model of a managed object.
    final var managedInfo: TypeInfo? { ownState?.info ?? pageState?.info }

    /// Calls `body` with the stored value of the property at `index` of a managed object and
    /// its Realm: from its page while that is current, otherwise through its own state (traps
    /// if the object is gone).
    @inline(__always)
    final func withStoredValue<T>(at index: Int, _ body: (StoreValue, Realm) -> T) -> T {
        if let page, let value = page._withUnsafeGuaranteedRef({ $0.value(pageSlot, at: index) }) {
            return body(value, page._withUnsafeGuaranteedRef(\.realm))
        }
        let state = _state!
        return body(state.value(at: index), state.realm)
    }

    /// `body`'s answer from the object's page and row there while the page is current (see
    /// `PageState.read`); nil for other objects.
    @inline(__always)
    final func pageRead<T>(_ body: (RowPage, Int) -> T?) -> T? {
        page?._withUnsafeGuaranteedRef { $0.read(pageSlot, body) }
    }

    /// The same value alone (for scalars, which need no Realm to be made).
    @inline(__always)
    final func storedValue(at index: Int) -> StoreValue {
        if let value = page?._withUnsafeGuaranteedRef({ $0.value(pageSlot, at: index) }) { return value }
        return _state!.value(at: index)
    }

    /// The position of the property whose wrapper's storage key path has the identifier `id`
    /// if the object's page has seen it (see `PageState`).
    @usableFromInline
    final func resolvedPosition(of id: ObjectIdentifier) -> Int? {
        page?._withUnsafeGuaranteedRef { $0.resolvedPosition(of: id) }
    }

    /// The position of the property whose wrapper `storage` is, when the model knows it
    /// without reflecting on the object (managed objects only).
    @inline(never)
    final func knownPosition(of storage: AnyKeyPath) -> Int? {
        if let pageState { return pageState.position(of: storage) }
        return ownState?.info.storage.position(of: storage)
    }

    /// The Realm of a managed object, without making a state of its own.
    final var managingRealm: Realm? { ownState?.realm ?? pageState?.realm }

    /// An unmanaged object with default values.
    public required init() {}

    /// An unmanaged object from a dictionary (by property name), an array (values in property
    /// order) or another object; nested dictionaries and arrays become linked objects.
    ///
    /// Traps with Realm's message on a value of the wrong type.
    public convenience init(value: Any) {
        self.init()
        ObjectValues.assign(value, to: self)
    }

    /// The model's name in the schema (the class name unless overridden).
    open class func className() -> String {
        String(describing: self)
    }

    /// Swift property name → stored name, for properties stored under another name.
    open class func propertiesMapping() -> [String: String] {
        [:]
    }

    /// The string properties with a full-text index (`indexed: fulltext` in a schema), for
    /// `TEXT` searches (`where { $0.body.matches(text: "swift") }`): an extension beyond Realm
    /// Swift, which has no full-text index. Names of properties that are not strings are ignored.
    ///
    ///     override class func fullTextIndexedProperties() -> [String] { ["body"] }
    open class func fullTextIndexedProperties() -> [String] {
        []
    }

    /// The model's persisted properties in declaration order, when the class lists them
    /// itself; empty (the default) means they are found by reflection, as Realm Swift does.
    open class func persistedProperties() -> [PersistedProperty] {
        []
    }

    /// The schema of the class, as `objectSchema` of any of its objects shows it (Realm
    /// Swift's `sharedSchema()`).
    public class func sharedSchema() -> ObjectSchema? {
        ObjectSchema(TypeInfo.of(self).model)
    }

    /// Names of `@Persisted` properties that are not stored (`Object.ignoredProperties()` and
    /// `EmbeddedObject.ignoredProperties()`).
    class var _rlmIgnoredProperties: [String] { [] }

    /// The kind of model.
    class var _rlmKind: ModelKind { .object }

    /// The Realm managing the object, or nil while it is unmanaged.
    public var realm: Realm? { managingRealm }

    /// Whether the object was deleted or its Realm invalidated.
    public var isInvalidated: Bool { _state?.isInvalidated ?? false }

    /// The object's schema.
    public var objectSchema: ObjectSchema { ObjectSchema(TypeInfo.of(type(of: self)).model) }

    /// The value of the property named `key`, or nil for an unknown key.
    public func value(forKey key: String) -> Any? {
        guard let property = TypeInfo.of(type(of: self)).property(named: key) else { return nil }
        let value = ObjectValues.unwrap(property.accessor.get(self))
        // An unset mixed value reads as nil, as in Realm.
        if let mixed = value as? AnyRealmValue, mixed == .none { return nil }
        return value
    }

    /// Sets the property named `key` (traps on an unknown key or a value of the wrong type).
    public func setValue(_ value: Any?, forKey key: String) {
        ObjectValues.set(value, forKey: key, of: self)
    }

    /// The property named `key`, as `value(forKey:)` and `setValue(_:forKey:)`.
    public subscript(key: String) -> Any? {
        get { value(forKey: key) }
        set { setValue(newValue, forKey: key) }
    }

    /// `Dog {\n\tname = Rex;\n}` as Realm prints objects (linked objects and collections
    /// nested 5 levels deep, then `<Maximum depth exceeded>`).
    open var description: String {
        _rlmDescription(depth: RealmDescription.maxDepth)
    }

    /// The description with nested objects and collections `depth - 1` levels deep at most.
    func _rlmDescription(depth: Int) -> String {
        ObjectValues.describe(self, depth: depth)
    }
}

extension ObjectBase: DepthDescribable {}

extension ObjectBase: Hashable {
    /// Managed objects are equal when they are the same stored object; unmanaged ones only
    /// to themselves.
    public static func == (lhs: ObjectBase, rhs: ObjectBase) -> Bool {
        if lhs === rhs { return true }
        guard let a = lhs._state, let b = rhs._state else { return false }
        return a.realm === b.realm && a.key == b.key
    }

    public func hash(into hasher: inout Hasher) {
        if let state = _state {
            hasher.combine(state.key)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }
}

/// A top-level Realm object: queryable, optionally with a primary key.
///
/// For example:
///
///     final class Person: Object {
///         @Persisted(primaryKey: true) var _id: ObjectId
///         @Persisted var name = ""
///     }
open class Object: ObjectBase {
    /// The name of the primary-key property, as Realm Swift's models may declare it instead of
    /// `@Persisted(primaryKey: true)` (nil, the default: the wrappers decide). It must name an
    /// `Int`, `String`, `ObjectId` or `UUID` property (optional or not); anything else traps
    /// with Realm's message when the class is first used.
    ///
    ///     override class func primaryKey() -> String? { "code" }
    open class func primaryKey() -> String? { nil }

    /// Names of properties to index, besides those declared `@Persisted(indexed: true)`.
    open class func indexedProperties() -> [String] { [] }

    /// Names of `@Persisted` properties the schema leaves out (Realm Swift reads this list
    /// for models whose properties it finds by reflection).
    open class func ignoredProperties() -> [String] { [] }

    override class var _rlmIgnoredProperties: [String] { ignoredProperties() }
}

/// An object owned by exactly one parent object; it has no primary key and is created and
/// deleted with its parent.
///
/// For example:
///
///     final class Address: EmbeddedObject { @Persisted var city = "" }
open class EmbeddedObject: ObjectBase {
    override class var _rlmKind: ModelKind { .embedded }

    /// Names of `@Persisted` properties the schema leaves out.
    open class func ignoredProperties() -> [String] { [] }

    override class var _rlmIgnoredProperties: [String] { ignoredProperties() }
}

/// A write-only object: `Realm.create` puts it in the store's outbox; it cannot be queried.
///
/// For example:
///
///     try realm.write { realm.create(Reading.self, value: ["_id": ObjectId.generate(), "value": 1.5]) }
open class AsymmetricObject: ObjectBase {
    override class var _rlmKind: ModelKind { .asymmetric }
}
