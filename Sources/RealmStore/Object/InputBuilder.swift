import RealmEngine
import RealmSchema

/// Turns typed values into store input, deciding what happens to the objects they refer to.
///
/// - `.adopt` (`Realm.add`, property setters, collection mutations): unmanaged objects become
///   managed; each new top-level object is first created with its values that need no other
///   object, then its links are written, so cycles need nothing special. Embedded objects are
///   created through their parent and attached to their rows at the end.
/// - `.copy` (`Realm.create`): unmanaged objects, and managed embedded ones, are copied as
///   nested values (unmanaged ones stay unmanaged).
public final class InputBuilder {
    enum Mode { case adopt, copy }
    /// Where an embedded object sits in its parent.
    enum Slot { case single, index(Int), key(String) }
    /// The parent of an embedded object: already stored, or adopted in this operation.
    enum Parent { case key(ObjectKey), object(ObjectBase) }

    let realm: Realm
    let mode: Mode
    let policy: UpdatePolicy
    /// The property whose input is being built (for embedded attachments).
    var parent: (Parent, String, Slot)?
    private var adopted: [ObjectIdentifier: (object: ObjectBase, key: ObjectKey, info: TypeInfo)] = [:]
    /// Adopted objects in order: `finish` writes their links, then makes them managed.
    private var adoptionOrder: [ObjectBase] = []
    private var attachments: [(child: ObjectBase, parent: Parent, property: String, slot: Slot)] = []

    init(realm: Realm, mode: Mode, policy: UpdatePolicy) {
        self.realm = realm
        self.mode = mode
        self.policy = policy
    }

    /// Sets the slot of the element being built (collections call it per element).
    func at(_ slot: Slot) {
        if let current = parent { parent = (current.0, current.1, slot) }
    }

    /// The input for a link to `object`.
    public func reference(_ object: ObjectBase) throws -> InputValue {
        if let state = object._state {
            guard state.realm === realm else {
                if mode == .copy { return .object(try fields(of: object)) }
                throw RealmMessages.otherRealm
            }
            if state.isInvalidated { throw RealmMessages.addInvalidated }
            // `create` copies a managed embedded object, as Realm does (a setter may not link it).
            if mode == .copy, state.info.kind == .embedded { return .object(try fields(of: object)) }
            return .value(.object(state.key))
        }
        let info = realm.typeInfo(type(of: object))
        if info.kind == .embedded {
            if mode == .adopt, let parent {
                attachments.append((object, parent.0, parent.1, parent.2))
            }
            return .object(try fields(of: object))
        }
        if mode == .copy { return .object(try fields(of: object)) }
        return .value(.object(try adopt(object)))
    }

    /// Creates a new top-level object with its link-free values; its links follow in `finish`.
    /// Objects reached through links and without a primary key are always created anew.
    @discardableResult
    func adopt(_ object: ObjectBase, topLevel: Bool = false) throws -> ObjectKey {
        let id = ObjectIdentifier(object)
        if let known = adopted[id] { return known.key }
        let info = realm.typeInfo(type(of: object))
        let policy = topLevel || info.primaryKey != nil ? self.policy : .error
        let positions = info.linkFreePositions
        let key = try realm.store.createTyped(info.className, info.linkFreeOrder, policy: policy) { index in
            try info.properties[positions[index]].accessor.input(object, self)
        }
        adopted[id] = (object, key, info)
        adoptionOrder.append(object)
        return key
    }

    /// The object's values by property name (all but linking objects).
    func fields(of object: ObjectBase) throws -> [String: InputValue] {
        let info = realm.typeInfo(type(of: object))
        let positions = info.inputPositions
        var result: [String: InputValue] = Dictionary(minimumCapacity: positions.count)
        // Properties that may refer to objects say where they are, for embedded objects.
        let saved = parent
        defer { parent = saved }
        let owner: Parent = adopted[ObjectIdentifier(object)].map { .key($0.key) } ?? .object(object)
        for position in positions {
            let property = info.properties[position]
            if property.needsLinks { parent = (owner, property.name, .single) }
            result[property.name] = try property.accessor.input(object, self)
        }
        return result
    }

    /// Writes the links of adopted objects, then makes them and their embedded objects managed.
    func finish() throws {
        var next = 0
        while next < adoptionOrder.count {
            let object = adoptionOrder[next]
            next += 1
            let (_, key, info) = adopted[ObjectIdentifier(object)]!
            guard info.linkFreePositions.count < info.inputPositions.count else { continue }
            let saved = parent
            var links: [String: InputValue] = [:]
            for property in info.properties where property.needsLinks && !property.type.isLinkingObjects {
                parent = (.key(key), property.name, .single)
                links[property.name] = try property.accessor.input(object, self)
            }
            parent = saved
            try realm.store.updateTyped(key, links, policy: policy == .modified ? .modified : .all)
        }
        for object in adoptionOrder {
            let (_, key, info) = adopted[ObjectIdentifier(object)]!
            object._state = _ObjectState(realm: realm, key: key, info: info)
            for property in info.properties where !property.type.isLinkingObjects {
                property.accessor.dropUnmanagedValue(object)
            }
        }
        for attachment in attachments {
            let parentKey: ObjectKey
            switch attachment.parent {
            case .key(let key): parentKey = key
            case .object(let object):
                guard let state = object._state else { continue }
                parentKey = state.key
            }
            let stored = try realm.store.get(parentKey, attachment.property)
            let element: StoreValue?
            switch (attachment.slot, stored) {
            case (.single, _): element = stored
            case (.index(let index), .list(let values)): element = values.indices.contains(index) ? values[index] : nil
            case (.key(let key), .dictionary(let values)): element = values[key]
            default: element = nil
            }
            if case .object(let key)? = element {
                attachment.child._state = _ObjectState(realm: realm, key: key, info: realm.typeInfo(type(of: attachment.child)))
            }
        }
        realm.didChange()
    }
}
