import Foundation
import RealmEngine
import RealmFile
import RealmSchema

/// The store's values as a Realm file holds them (`StoreValue` → `RealmValue`), and the Realm
/// object keys links point at: each class's objects are numbered 0, 1, 2, … in insertion order
/// (the store's `_key` order), so a link to the store object `k` of class `C` is a link to the
/// position of `k` among `C`'s keys, found in `C`'s runs of consecutive keys (`KeyRuns`, read
/// once, when a link first points into `C`: one run for a class never deleted from).
///
/// Scalars keep their bits (floats and doubles, dates with their nanoseconds, decimals by their
/// 128-bit encoding); lists and sets stay lists and sets (the writer orders sets as realm-core
/// does), Maps and mixed dictionaries keep their keys as the store holds them (already
/// percent-encoded where Realm needs it), mixed values keep nested lists and dictionaries.
///
/// For example:
///
///     try converter.realmValue(.object(dog), type: DeclaredType(.object("Dog"), isOptional: true))
///     // .link(RealmLink(tableName: "class_Dog", objectKey: 0))
final class RealmFileExportKeys {
    let store: Store
    /// The classes written (links and mixed values may only point into these).
    let classes: Set<String>
    /// Each linked class's store keys as runs (the Realm key of a store key is its index).
    private var keyRuns: [String: KeyRuns] = [:]

    init(store: Store, classes: Set<String>) {
        self.store = store
        self.classes = classes
    }

    /// The Realm key of a store object: its position among its class's keys.
    func realmKey(of object: ObjectKey) throws -> Int64 {
        guard let key = try runs(of: object.className).position(of: object.key) else {
            throw ExportError(ExportMessages.storeFailed(RealmFileExportMessages.danglingLink(object.className)), isIOFailure: true)
        }
        return key
    }

    /// The store keys of `className` as runs, read on first use (one run, without reading the
    /// keys, when they have no gaps).
    func runs(of className: String) throws -> KeyRuns {
        if let known = keyRuns[className] { return known }
        var runs = KeyRuns()
        if let range = try store.keyRange(className), range.last - range.first + 1 == range.count {
            runs.append(range.first, count: range.count)
        } else {
            try store.forEachKey(className) { runs.append($0) }
        }
        keyRuns[className] = runs
        return runs
    }

    /// A converter of values whose links point into `targets` (their keys read now, on this
    /// thread, so that the converter needs no store and can run on another thread).
    func converter(targets: [String]) throws -> RealmFileValueConverter {
        var runs: [String: KeyRuns] = [:]
        for name in targets where classes.contains(name) { runs[name] = try self.runs(of: name) }
        return RealmFileValueConverter(classes: classes, runs: runs)
    }
}

/// `StoreValue` → `RealmValue` for one export: links through the runs of their target classes'
/// keys, read beforehand (`RealmFileExportKeys.converter(targets:)`); no store access.
struct RealmFileValueConverter: Sendable {
    /// The classes written (links and mixed values may only point into these).
    let classes: Set<String>
    let runs: [String: KeyRuns]

    /// How a property's values convert: its collection and whether its elements are mixed (what
    /// `realmValue(_:as:)` needs of a `DeclaredType`, without copying it per value).
    struct Shape: Sendable {
        var collection: CollectionKind
        var isMixed: Bool
        /// For a link property: the target's table name and key runs (no lookup per link).
        var target: LinkTarget?

        init(_ type: DeclaredType, runs: [String: KeyRuns] = [:]) {
            collection = type.collection
            isMixed = if case .mixed = type.base { true } else { false }
            if case .object(let name) = type.base, let keys = runs[name] {
                target = LinkTarget(tableName: RealmClass.tablePrefix + name, runs: keys)
            }
        }
    }

    /// A link property's target: one reference, so that a `Shape` is copied without copying its
    /// table name and runs (a `Shape` is passed once per value converted).
    final class LinkTarget: Sendable {
        let tableName: String
        let runs: KeyRuns

        init(tableName: String, runs: KeyRuns) {
            self.tableName = tableName
            self.runs = runs
        }
    }

    /// The shape of a property of `type`, its link target's key runs resolved.
    func shape(_ type: DeclaredType) -> Shape {
        Shape(type, runs: runs)
    }

    /// The shapes of `model`'s persisted properties, in property order.
    func shapes(of model: ModelSchema) -> [Shape] {
        model.persistedProperties.map { shape($0.type) }
    }

    /// The object with Realm key `key` of `model` as the writer takes it: `values` (in property
    /// order, of properties of `shapes`) converted.
    ///
    /// - Throws: `ExportError` naming the object (its Realm key: its position in insertion order)
    ///   and the property whose value a Realm file cannot hold.
    func object(_ key: Int64, of model: ModelSchema, shapes: [Shape], values: [StoreValue],
                backlinks: [[Int64]]) throws(ExportError) -> RealmObject {
        var converted: [RealmValue] = []
        converted.reserveCapacity(values.count)
        for index in values.indices {
            do {
                converted.append(try realmValue(values[index], as: shapes[index]))
            } catch let error as ExportError {
                let name = model.persistedProperties[index].storedName
                throw ExportError(RealmFileExportMessages.inObject(model.name, key, property: name, error.message),
                                  isIOFailure: error.isIOFailure)
            } catch {
                throw ExportError(ExportMessages.storeFailed(String(describing: error)), isIOFailure: true)
            }
        }
        return RealmObject(key: key, values: converted, backlinks: backlinks)
    }

    /// A property's value (`type` is the property's declared type).
    func realmValue(_ value: StoreValue, type: DeclaredType) throws -> RealmValue {
        try realmValue(value, as: shape(type))
    }

    /// A property's value, of a property of `shape`.
    func realmValue(_ value: StoreValue, as shape: Shape) throws -> RealmValue {
        switch (shape.collection, value) {
        case (.list, .list(let elements)):
            return .list(try elements.map { try element($0, shape) })
        case (.set, .list(let elements)):
            return .set(try elements.map { try element($0, shape) })
        case (.map, .dictionary(let entries)):
            return .dictionary(try dictionary(entries) { try self.element($0, shape) })
        default:
            return try element(value, shape)
        }
    }

    /// One value (a single value or a collection's element).
    private func element(_ value: StoreValue, _ shape: Shape) throws -> RealmValue {
        if shape.isMixed { return try mixed(value) }
        if case .object(let object) = value, let target = shape.target {
            guard let key = target.runs.position(of: object.key) else {
                throw ExportError(ExportMessages.storeFailed(RealmFileExportMessages.danglingLink(object.className)), isIOFailure: true)
            }
            return .link(RealmLink(tableName: target.tableName, objectKey: key))
        }
        return try scalar(value)
    }

    /// A mixed value: any scalar, a link (to an exported class), a nested list or dictionary.
    private func mixed(_ value: StoreValue) throws -> RealmValue {
        switch value {
        case .list(let elements):
            return .list(try elements.map { try mixed($0) })
        case .dictionary(let entries):
            return .dictionary(try dictionary(entries) { try self.mixed($0) })
        case .object(let target):
            guard classes.contains(target.className) else {
                throw ExportError(RealmFileExportMessages.linkOutside(target.className))
            }
            return try link(target)
        default:
            return try scalar(value)
        }
    }

    /// A value that is not a collection.
    private func scalar(_ value: StoreValue) throws -> RealmValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let integer): return .int(integer)
        case .float(let number): return .float(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .data(let bytes): return .data([UInt8](bytes))
        case .date(let date): return .timestamp(seconds: date.seconds, nanoseconds: date.nanoseconds)
        case .decimal128(let decimal): return .decimal128(RealmDecimal128(low: decimal.low, high: decimal.high))
        case .objectId(let id): return .objectId(id.bytes)
        case .uuid(let uuid): return .uuid(withUnsafeBytes(of: uuid.uuid) { [UInt8]($0) })
        case .object(let target): return try link(target)
        case .list(let elements): return .list(try elements.map { try mixed($0) })
        case .dictionary(let entries): return .dictionary(try dictionary(entries) { try self.mixed($0) })
        }
    }

    /// A dictionary's entries, in no order (the writer sorts them by their keys' bytes).
    private func dictionary(_ entries: [String: StoreValue],
                            _ convert: (StoreValue) throws -> RealmValue) rethrows -> [RealmDictionaryEntry] {
        try entries.map { RealmDictionaryEntry(key: $0.key, value: try convert($0.value)) }
    }

    /// A link to `target`: its class's table and its position among the class's keys.
    private func link(_ target: ObjectKey) throws -> RealmValue {
        guard let key = runs[target.className]?.position(of: target.key) else {
            throw ExportError(ExportMessages.storeFailed(RealmFileExportMessages.danglingLink(target.className)), isIOFailure: true)
        }
        return .link(RealmLink(tableName: RealmClass.tablePrefix + target.className, objectKey: key))
    }
}


/// A class's store keys, ascending, as runs of consecutive keys: the position of a key among
/// them (its Realm key) in a binary search over the runs. A class that was never deleted from is
/// one run.
struct KeyRuns: Sendable {
    /// The first key of each run, ascending.
    private var starts: [Int64] = []
    /// The position of each run's first key.
    private var positions: [Int64] = []
    /// How many keys.
    private(set) var count: Int64 = 0
    private var last: Int64 = .min

    /// Adds `count` consecutive keys from `first`, all larger than every key before them.
    mutating func append(_ first: Int64, count: Int64) {
        guard count > 0 else { return }
        if starts.isEmpty || first != last + 1 {
            starts.append(first)
            positions.append(self.count)
        }
        last = first + count - 1
        self.count += count
    }

    /// Adds `key`, larger than every key before it.
    mutating func append(_ key: Int64) {
        if starts.isEmpty || key != last + 1 {
            starts.append(key)
            positions.append(count)
        }
        last = key
        count += 1
    }

    /// The position of `key`, or nil when it is not one of the keys.
    func position(of key: Int64) -> Int64? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= key { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = low - 1
        let position = positions[run] + (key - starts[run])
        let end = run + 1 < positions.count ? positions[run + 1] : count
        return position < end ? position : nil
    }
}

/// One backlink: the Realm keys of the target and of the origin.
struct BacklinkPair {
    var target: Int64
    var origin: Int64
}

/// One backlink column's origins for the target objects in key order: from a `LinkPairSource`
/// (store keys, mapped to Realm keys through the origin class's runs) or from pairs in Realm keys.
final class BacklinkSource {
    private let cursor: (any LinkPairSource)?
    private let originKeys: KeyRuns
    private let target: String
    private var pending: (target: Int64, origin: Int64)?
    private let pairs: [BacklinkPair]
    private var index = 0

    init(cursor: any LinkPairSource, originKeys: KeyRuns, target: String) throws {
        self.cursor = cursor
        self.originKeys = originKeys
        self.target = target
        pairs = []
        pending = try cursor.next()
    }

    init(pairs: [BacklinkPair]) {
        cursor = nil
        originKeys = KeyRuns()
        target = ""
        self.pairs = pairs
    }

    /// The origins (Realm keys, ascending) of the target object with store key `storeKey` and
    /// Realm key `realmKey`; objects must be asked for in key order.
    func origins(of storeKey: Int64, realmKey: Int64) throws -> [Int64] {
        var result: [Int64] = []
        if cursor != nil {
            while let link = pending, link.target <= storeKey {
                guard link.target == storeKey, let origin = originKeys.position(of: link.origin) else {
                    throw ExportError(ExportMessages.storeFailed(RealmFileExportMessages.danglingLink(target)), isIOFailure: true)
                }
                result.append(origin)
                pending = try cursor!.next()
            }
        } else {
            while index < pairs.count, pairs[index].target <= realmKey {
                if pairs[index].target == realmKey { result.append(pairs[index].origin) }
                index += 1
            }
        }
        return result
    }

    /// Checks that no link is left over (one to an object that does not exist).
    func finish() throws {
        if pending != nil {
            throw ExportError(ExportMessages.storeFailed(RealmFileExportMessages.danglingLink(target)), isIOFailure: true)
        }
    }
}
