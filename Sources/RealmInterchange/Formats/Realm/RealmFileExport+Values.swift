import Foundation
import RealmEngine
import RealmFile
import RealmSchema

/// The store's values as a Realm file holds them (`StoreValue` → `RealmValue`), and the Realm
/// object keys links point at: each class's objects are numbered 0, 1, 2, … in insertion order
/// (the store's `_key` order), so a link to the store object `k` of class `C` is a link to the
/// position of `k` among `C`'s keys (a binary search in `C`'s sorted keys, read once, when a
/// link first points into `C`).
///
/// Scalars keep their bits (floats and doubles, dates with their nanoseconds, decimals by their
/// 128-bit encoding); lists and sets stay lists and sets (the writer orders sets as realm-core
/// does), Maps and mixed dictionaries keep their keys as the store holds them (already
/// percent-encoded where Realm needs it), mixed values keep nested lists and dictionaries.
///
/// For example:
///
///     try keys.realmValue(.object(dog), type: DeclaredType(.object("Dog"), isOptional: true))
///     // .link(RealmLink(tableName: "class_Dog", objectKey: 0))
final class RealmFileExportKeys {
    let store: Store
    /// The classes written (links and mixed values may only point into these).
    let classes: Set<String>
    /// Each linked class's store keys, ascending (the Realm key of a store key is its index).
    private var sortedKeys: [String: [Int64]] = [:]

    init(store: Store, classes: Set<String>) {
        self.store = store
        self.classes = classes
    }

    /// A property's value (`type` is the property's declared type).
    func realmValue(_ value: StoreValue, type: DeclaredType) throws -> RealmValue {
        switch (type.collection, value) {
        case (.list, .list(let elements)):
            return .list(try elements.map { try realmValue($0, base: type.base) })
        case (.set, .list(let elements)):
            return .set(try elements.map { try realmValue($0, base: type.base) })
        case (.map, .dictionary(let entries)):
            return .dictionary(try dictionary(entries) { try self.realmValue($0, base: type.base) })
        default:
            return try realmValue(value, base: type.base)
        }
    }

    /// One value of base type `base` (a single value or a collection's element).
    private func realmValue(_ value: StoreValue, base: BaseType) throws -> RealmValue {
        if case .mixed = base { return try mixed(value) }
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

    /// A dictionary's entries in the order of their keys' bytes (the writer's order too).
    private func dictionary(_ entries: [String: StoreValue],
                                     _ convert: (StoreValue) throws -> RealmValue) rethrows -> [RealmDictionaryEntry] {
        try entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { RealmDictionaryEntry(key: $0.key, value: try convert($0.value)) }
    }

    /// A link to `target`: its class's table and its position among the class's keys.
    private func link(_ target: ObjectKey) throws -> RealmValue {
        let keys = try self.keys(of: target.className)
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < target.key { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == target.key else {
            throw ExportError(ExportMessages.storeFailed(RealmFileExportMessages.danglingLink(target.className)), isIOFailure: true)
        }
        return .link(RealmLink(tableName: RealmClass.tablePrefix + target.className, objectKey: Int64(low)))
    }

    /// The store keys of `className`, ascending, read on first use.
    private func keys(of className: String) throws -> [Int64] {
        if let known = sortedKeys[className] { return known }
        let keys = try store.objects(className, order: .insertion).map(\.key)
        sortedKeys[className] = keys
        return keys
    }
}
