import RealmEngine

extension Realm {
    /// Adds an unmanaged object whose model refers to no other object (no links, mixed values
    /// or embedded objects) as `add(_:update:)` does, in one create: it needs none of the
    /// bookkeeping of adopting a graph of objects (`InputBuilder.adopt`/`finish`). Returns
    /// false, having done nothing, for any other object.
    ///
    /// For example:
    ///
    ///     if !realm.addUnlinked(item, update: .error) { realm.add(CollectionOfOne(item)) }
    func addUnlinked(_ object: Object, update: UpdatePolicy) -> Bool {
        // Anything `perform` would refuse takes the general path, which refuses it.
        guard !object.isManaged, !core.isFrozen else { return false }
        core.verifyThread()
        guard isInWriteTransaction else { return false }
        let info = typeInfo(type(of: object))
        guard info.linkFreePositions.count == info.inputPositions.count else { return false }
        perform(()) {
            let builder = InputBuilder(realm: self, mode: .adopt, policy: update)
            let positions = info.linkFreePositions
            let key = try store.createTyped(info.className, info.linkFreeOrder, policy: update) { index in
                try info.properties[positions[index]].accessor.input(object, builder)
            }
            object._state = _ObjectState(realm: self, key: key, info: info)
        }
        return true
    }
}
