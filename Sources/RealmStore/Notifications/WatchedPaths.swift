import RealmEngine
import RealmSchema

/// Which values of an object a notification watches, as Realm's key-path rules say: with no
/// key paths, every property of the object and of the objects it links to (through links,
/// Lists, MutableSets and Maps, up to `defaultDepth` links away); with key paths, only those:
/// `"toys"` watches the toys list itself (membership and order), `"toys.brand"` the list and
/// the `brand` of each toy in it.
///
/// For example:
///
///     let paths = try WatchedPaths(["toys.brand"], className: "Dog", schema: store.schema)
///     let digest = paths.digest(of: key, in: store)
struct WatchedPaths: Sendable {
    /// How many links away the default (all properties) follows linked objects.
    static let defaultDepth = 4

    /// Property name → what is watched of the objects it links to (empty: only the property).
    private let children: [(name: String, paths: WatchedPaths)]?

    /// Every property, and linked objects' properties.
    static let all = WatchedPaths(children: nil)

    private init(children: [(name: String, paths: WatchedPaths)]?) {
        self.children = children
    }

    /// The watched paths of `keyPaths` (nil or empty: all) on `className`; a path naming no
    /// property of its class, or going on past a property that is not a link, traps with
    /// Realm's message.
    init(_ keyPaths: [String]?, className: String, schema: CompiledSchema) {
        guard let keyPaths, !keyPaths.isEmpty else {
            self.init(children: nil)
            return
        }
        self = WatchedPaths.tree(keyPaths.map { $0.split(separator: ".").map(String.init) }, className, schema)
    }

    private static func tree(_ paths: [[String]], _ className: String, _ schema: CompiledSchema) -> WatchedPaths {
        var names: [String] = []
        var rest: [String: [[String]]] = [:]
        var targets: [String: String] = [:]
        for path in paths where !path.isEmpty {
            let name = path[0]
            guard let property = schema.model(named: className)?.property(named: name) else {
                RealmMessages.trap(RealmMessages.unknownKeyPath(path.joined(separator: "."), className))
            }
            if rest[name] == nil { names.append(name) }
            rest[name, default: []] += path.count > 1 ? [Array(path.dropFirst())] : []
            switch property.type.base {
            case .object(let target), .linkingObjects(let target, _): targets[name] = target
            default:
                if path.count > 1 { RealmMessages.trap(RealmMessages.keyPathNotALink(path.joined(separator: "."), className)) }
            }
        }
        return WatchedPaths(children: names.map { name in
            let sub = rest[name] ?? []
            guard let target = targets[name], !sub.isEmpty else { return (name, WatchedPaths(children: [])) }
            return (name, tree(sub, target, schema))
        })
    }

    /// The classes of the objects a digest of an object of `className` reads through links
    /// (its own class only if it links to itself), or nil when any class can be reached (a
    /// mixed value may link anywhere).
    func linkedClasses(from className: String, schema: CompiledSchema, depth: Int = 0) -> Set<String>? {
        var result: Set<String> = []
        guard let model = schema.model(named: className) else { return result }
        let named: [(PropertySchema, WatchedPaths)]
        if let children {
            named = children.compactMap { child in model.property(named: child.name).map { ($0, child.paths) } }
        } else {
            guard depth < WatchedPaths.defaultDepth else { return result }
            named = model.persistedProperties.map { ($0, WatchedPaths.all) }
        }
        for (property, paths) in named {
            switch property.type.base {
            case .mixed where children == nil: return nil
            case .object(let target), .linkingObjects(let target, _):
                if paths.children?.isEmpty == true { continue }
                guard let more = paths.linkedClasses(from: target, schema: schema, depth: depth + 1) else { return nil }
                result.insert(target)
                result.formUnion(more)
            default: continue
            }
        }
        return result
    }

    /// The watched property names at the top (nil: all of them), for object notifications.
    var names: [String]? { children?.map(\.name) }

    /// A digest of the watched values of an object (equal digests: nothing watched changed).
    func digest(of key: ObjectKey, in store: Store) -> Int {
        var hasher = Hasher()
        var visited: Set<ObjectKey> = [key]
        feed(key, store, depth: 0, &hasher, &visited)
        return hasher.finalize()
    }

    private func feed(_ key: ObjectKey, _ store: Store, depth: Int, _ hasher: inout Hasher, _ visited: inout Set<ObjectKey>) {
        guard let children else {
            guard let values = try? store.values(of: key) else { return hasher.combine(0) }
            hasher.combine(values)
            guard depth < WatchedPaths.defaultDepth else { return }
            for value in values {
                for link in WatchedPaths.links(in: value) where visited.insert(link).inserted {
                    feed(link, store, depth: depth + 1, &hasher, &visited)
                }
            }
            return
        }
        for (name, paths) in children {
            let value = (try? store.get(key, name)) ?? .null
            hasher.combine(value)
            if paths.children?.isEmpty == true { continue }
            for link in WatchedPaths.links(in: value) {
                var inner: Set<ObjectKey> = [link]
                paths.feed(link, store, depth: depth + 1, &hasher, &inner)
            }
        }
    }

    /// A digest per watched property of an object (every persisted property when all are
    /// watched), for object notifications; empty when the object is gone.
    func propertyDigests(of key: ObjectKey, in store: Store) -> [(name: String, digest: Int)] {
        let named: [(String, WatchedPaths)]
        if let children {
            named = children
        } else {
            guard let model = store.schema.model(named: key.className) else { return [] }
            named = model.persistedProperties.map { ($0.name, WatchedPaths.all) }
        }
        guard store.isValid(key) else { return [] }
        return named.map { name, paths in
            var hasher = Hasher()
            let value = (try? store.get(key, name)) ?? .null
            hasher.combine(value)
            if paths.children?.isEmpty != true {
                for link in WatchedPaths.links(in: value) {
                    var visited: Set<ObjectKey> = [key, link]
                    paths.feed(link, store, depth: 1, &hasher, &visited)
                }
            }
            return (name, hasher.finalize())
        }
    }

    /// The objects a stored value links to.
    static func links(in value: StoreValue) -> [ObjectKey] {
        switch value {
        case .object(let key): [key]
        case .list(let values): values.flatMap(links(in:))
        case .dictionary(let entries): entries.keys.sorted().flatMap { links(in: entries[$0]!) }
        default: []
        }
    }
}
