import RealmEngine
import RealmSchema

/// The key type of a `Map`: `String`, as in Realm Swift.
public protocol _MapKey: Hashable, Comparable {
    var _mapKeyString: String { get }
    init(_mapKeyString: String)
}

extension String: _MapKey {
    public var _mapKeyString: String { self }
    public init(_mapKeyString: String) { self = _mapKeyString }
}

/// One entry of a `Map` while iterating.
public struct SingleMapEntry<Key: _MapKey, Value: RealmCollectionValue> {
    /// The entry's key.
    public var key: Key
    /// The entry's value.
    public var value: Value
}

/// As in Realm Swift, two entries are equal when their values are, and an entry hashes by its key.
extension SingleMapEntry: Hashable {
    public static func == (lhs: SingleMapEntry, rhs: SingleMapEntry) -> Bool { lhs.value == rhs.value }

    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A dictionary of string keys to values or objects (a `@Persisted` map property, or a
/// dictionary inside an `AnyRealmValue`). Keys iterate in sorted order. Managed maps refuse
/// keys Realm forbids (`.` anywhere, a leading `$`); mutations need a write transaction.
///
/// For example:
///
///     dog.favoriteParksByCity["New York"] = "Domino Park"
///     dog.favoriteParksByCity.keys    // ["New York"]
public final class Map<Key: _MapKey, Value: RealmCollectionValue>: Sequence, CustomStringConvertible, _AnyEntries {
    var storage: [Key: Value] = [:]
    let managed: ManagedCollection?
    /// For a map nested in a managed object's mixed value: as `List.writeBack`.
    var writeBack: (() -> Void)?
    private var cache = ElementCache<[(Key, Value)]>()

    /// An empty, unmanaged map.
    public init() {
        managed = nil
    }

    init(managed: ManagedCollection?) {
        self.managed = managed
    }

    init(entries: [Key: Value]) {
        managed = nil
        storage = entries
    }

    /// The entries in key order.
    var entries: [(Key, Value)] {
        guard let managed else { return storage.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
        return cache.get(managed.realm) {
            guard case .dictionary(let values) = managed.read() else { return [] }
            return values.keys.sorted().map { (Key(_mapKeyString: $0), Value._rlmFromStore(values[$0]!, managed.realm)) }
        }
    }

    var _anyEntries: [String: Any] {
        Dictionary(entries.map { ($0.0._mapKeyString, $0.1 as Any) }, uniquingKeysWith: { first, _ in first })
    }

    /// The number of entries.
    public var count: Int { entries.count }
    /// Every key, sorted.
    public var keys: [Key] { entries.map(\.0) }
    /// Every value, in key order.
    public var values: [Value] { entries.map(\.1) }

    public func makeIterator() -> IndexingIterator<[SingleMapEntry<Key, Value>]> {
        entries.map { SingleMapEntry(key: $0.0, value: $0.1) }.makeIterator()
    }

    /// The value for `key`; setting nil removes the key (traps on a forbidden key when managed).
    public subscript(key: Key) -> Value? {
        get { object(forKey: key) }
        set {
            guard let managed else {
                storage[key] = newValue
                writeBack?()
                return
            }
            managed.mutateInSetter(RealmMessages.mapOutsideWrite, slot: .key(key._mapKeyString)) { builder in
                try write(newValue, forKey: key, managed, builder)
            }
        }
    }

    /// The value for `key`, if the key is present.
    public func object(forKey key: Key) -> Value? {
        entries.first { $0.0 == key }?.1
    }

    /// The value for a string key (key-value coding form).
    public func value(forKey key: String) -> Value? {
        object(forKey: Key(_mapKeyString: key))
    }

    /// Sets the value for a string key (nil removes it).
    public func setValue(_ value: Any?, forKey key: String) {
        guard let typed = value.flatMap({ Value._rlmFromAny($0) }) else {
            removeObject(for: Key(_mapKeyString: key))
            return
        }
        updateValue(typed, forKey: Key(_mapKeyString: key))
    }

    /// Sets the value for `key`, adding the key when absent.
    public func updateValue(_ value: Value, forKey key: Key) {
        guard let managed else {
            storage[key] = value
            writeBack?()
            return
        }
        managed.mutate(RealmMessages.mapOutsideWrite, slot: .key(key._mapKeyString)) { builder in
            try write(value, forKey: key, managed, builder)
        }
    }

    /// Removes `key` and its value, if present.
    public func removeObject(for key: Key) {
        guard let managed else {
            storage[key] = nil
            writeBack?()
            return
        }
        managed.mutate(RealmMessages.mapOutsideWrite) { builder in
            try write(nil, forKey: key, managed, builder)
        }
    }

    /// Removes every entry (linked objects stay in the Realm).
    public func removeAll() {
        guard let managed else {
            storage.removeAll()
            writeBack?()
            return
        }
        managed.removeAll(RealmMessages.mapOutsideWrite, empty: .map([:]))
    }

    /// Merges `sequence` into the map: a key already present gets `combine(current, new)`, a
    /// new key its value (in a write transaction when managed; unmanaged objects are added).
    ///
    /// For example:
    ///
    ///     scores.merge(["ann": 3, "bob": 1], uniquingKeysWith: +)
    public func merge<S: Sequence>(_ sequence: S, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows
    where S.Element == (key: Key, value: Value) {
        for (key, value) in sequence {
            let current = object(forKey: key)
            updateValue(try current.map { try combine($0, value) } ?? value, forKey: key)
        }
    }

    /// Merges another map into this one, as `merge(_:uniquingKeysWith:)` of a sequence does.
    public func merge(_ other: Map<Key, Value>, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows {
        try merge(other.asKeyValueSequence(), uniquingKeysWith: combine)
    }

    /// The map as a sequence of `(key:, value:)` tuples, in key order.
    ///
    /// For example:
    ///
    ///     for (city, park) in dog.favoriteParksByCity.asKeyValueSequence() { print(city, park) }
    public func asKeyValueSequence() -> KeyValueSequence {
        KeyValueSequence(entries: entries.map { (key: $0.0, value: $0.1) })
    }

    /// A `Map`'s entries as `(key:, value:)` tuples (`asKeyValueSequence()`).
    public struct KeyValueSequence: Sequence {
        let entries: [(key: Key, value: Value)]

        public func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> {
            entries.makeIterator()
        }
    }

    /// Whether some entry satisfies `predicate`.
    public func contains(where predicate: (_ key: Key, _ value: Value) throws -> Bool) rethrows -> Bool {
        try entries.contains { try predicate($0.0, $0.1) }
    }

    private func write(_ value: Value?, forKey key: Key, _ managed: ManagedCollection, _ builder: InputBuilder) throws {
        if let value {
            try managed.realm.store.mapSet(managed.owner.key, managed.property, key: key._mapKeyString, try value._rlmInput(builder))
        } else {
            try managed.realm.store.mapRemove(managed.owner.key, managed.property, key: key._mapKeyString)
        }
    }

    /// Realm's description: `Map<string, int> <0x…> (\n[a]: 1,\n[b]: 2\n)`, objects nested to
    /// Realm's depth (RealmDescription).
    public var description: String {
        _rlmDescription(depth: RealmDescription.maxDepth)
    }
}

extension Map: DepthDescribable {
    func _rlmDescription(depth: Int) -> String {
        RealmDescription.map("Map<string, \(Value._rlmBase.yamlName)>", self,
                             entries.map { ($0.0._mapKeyString, AnyValues.unwrap($0.1)) }, depth: depth)
    }
}
