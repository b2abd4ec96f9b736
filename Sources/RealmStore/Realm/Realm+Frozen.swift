import RealmEngine

extension Realm {
    /// Whether the Realm is a frozen snapshot: pinned at one version, readable from any thread,
    /// never updated, never written.
    public var isFrozen: Bool { core.isFrozen }

    /// A frozen snapshot of the Realm at its current version (the same one for every call at
    /// that version while it is in use); `self` when already frozen. Objects and collections
    /// read from it are frozen too and may be read from any thread.
    ///
    /// The snapshot holds a read transaction open on a connection shared by the frozen objects
    /// of that version, released when the last of them is gone; while it is held the write-ahead
    /// log cannot be checkpointed past it, so the file's `-wal` grows with later commits. Traps
    /// inside a write transaction.
    ///
    /// For example:
    ///
    ///     let frozen = realm.freeze()
    ///     Thread.detachNewThread { print(frozen.objects(Dog.self).count) }
    public func freeze() -> Realm {
        isFrozen ? self : Realm(core: core.frozen())
    }

    /// The live Realm of the calling thread for the same file; `self` when not frozen.
    ///
    /// For example:
    ///
    ///     let live = frozen.thaw()
    public func thaw() -> Realm {
        guard isFrozen else { return self }
        do {
            return try Realm(configuration: configuration)
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }
}

extension ObjectBase {
    /// Whether the object belongs to a frozen Realm (false while unmanaged).
    public var isFrozen: Bool { _state?.realm.isFrozen ?? false }

    /// The same object in the frozen snapshot of its Realm's current version (`self` when
    /// already frozen); traps for an unmanaged or invalidated object, or inside a write.
    ///
    /// For example:
    ///
    ///     let frozenDog = dog.freeze()
    public func freeze() -> Self {
        guard let state = _state else { RealmMessages.trap(RealmMessages.freezeUnmanaged) }
        if state.realm.isFrozen { return self }
        if state.isInvalidated { RealmMessages.trap(RealmMessages.invalidatedObject) }
        return state.realm.core.frozen().object(state.key) as! Self
    }

    /// The live counterpart of a frozen object in the calling thread's Realm, or nil when it
    /// was deleted since; `self` when not frozen.
    ///
    /// For example:
    ///
    ///     if let live = frozenDog.thaw() { try live.realm!.write { live.age += 1 } }
    public func thaw() -> Self? {
        guard let state = _state else { RealmMessages.trap(RealmMessages.freezeUnmanaged) }
        guard state.realm.isFrozen else { return self }
        return state.realm.thaw().core.existing(state.key, primaryKey: state.primaryKeyValue()) as? Self
    }
}
