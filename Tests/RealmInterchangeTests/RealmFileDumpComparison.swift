import Foundation
import TestSupport
import RealmEngine

/// Compares a store filled from a `.realm` file with realm-core's own reading of that file (the
/// vendored `*.open-check.json`: schema version, every object of every top-level class, links by
/// primary key, embedded objects inline, mixed values tagged with their type), as
/// `RealmFileTests.DumpComparison` compares the decoder's values. Objects are matched by primary
/// key; a class without one by its objects' order (the import keeps the file's object order).
/// Collects every difference as text, and counts the values compared.
final class RealmFileDumpComparison {
    let store: Store
    let dump: [String: Any]
    private(set) var differences: [String] = []
    private(set) var valuesCompared = 0

    init(store: Store, dumpPath: String) throws {
        self.store = store
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dumpPath)))
        dump = json as? [String: Any] ?? [:]
    }

    private func differ(_ text: String) {
        differences.append(text)
    }

    /// Compares every object of every top-level class and, through them, every embedded object;
    /// the object counts (embedded ones too) and the schema version.
    func compareAll() throws {
        let expectedVersion = (dump["schema_version"] as? NSNumber)?.uint64Value ?? 0
        if store.schema.schemaVersion != expectedVersion { differ("schema version \(store.schema.schemaVersion) != \(expectedVersion)") }
        let objects = dump["objects"] as? [String: Any] ?? [:]
        for model in store.schema.models where model.kind != .embedded {
            let expected = objects[model.name] as? [[String: Any]] ?? []
            let stored = try store.objects(model.name)
            if stored.count != expected.count { differ("\(model.name): \(stored.count) objects, dump has \(expected.count)") }
            for (index, object) in expected.enumerated() {
                let match: ObjectKey?
                if let pk = model.primaryKey {
                    match = try store.object(model.name, primaryKey: try storeValue(ofKey: object[pk] as Any))
                } else {
                    match = index < stored.count ? stored[index] : nil
                }
                guard let match else {
                    differ("\(model.name): no object for \(model.primaryKey.map { "\($0) \(object[$0] ?? "-")" } ?? "#\(index)")")
                    continue
                }
                try compareObject(match, with: object, at: "\(model.name)[\(index)]")
            }
        }
        for (name, count) in dump["embedded_object_counts"] as? [String: Any] ?? [:] {
            let stored = try store.objects(name).count
            if stored != (count as? Int) { differ("\(name): \(stored) embedded objects, dump has \(count)") }
        }
    }

    /// A primary key as the dump writes it, as a store value.
    private func storeValue(ofKey json: Any) throws -> StoreValue {
        switch json {
        case let tagged as [String: Any]:
            if let oid = tagged["$oid"] as? String { return .objectId(try ObjectId(string: oid)) }
            if let uuid = (tagged["$uuid"] as? String).flatMap(UUID.init(uuidString:)) { return .uuid(uuid) }
        case let number as NSNumber: return .int(number.int64Value)
        case let string as String: return .string(string)
        default: break
        }
        return .null
    }

    private func compareObject(_ object: ObjectKey, with expected: [String: Any], at place: String) throws {
        guard let model = store.schema.model(named: object.className) else {
            differ("\(place): no class \(object.className)")
            return
        }
        for property in model.persistedProperties {
            let value = try store.get(object, property.storedName)
            let unordered = property.type.collection == .set
            if let difference = try compare(value, expected[property.storedName] ?? NSNull(), unordered: unordered,
                                            at: "\(place).\(property.name)") {
                differ(difference)
            }
        }
    }

    /// nil when `value` is what the dump says, else the difference.
    private func compare(_ value: StoreValue, _ json: Any, unordered: Bool = false, at place: String) throws -> String? {
        valuesCompared += 1
        var mismatch: String {
            "\(place): stored \(String(describing: value).prefix(200)), dump has \(String(describing: json).prefix(200))"
        }
        if json is NSNull { return value == .null ? nil : mismatch }
        if let tagged = json as? [String: Any] {
            if let kind = tagged["$mixed"] as? String { return try compareMixed(value, kind: kind, tagged["value"] as Any, at: place) }
            if let link = tagged["$link"] as? [String: Any] { return try compareLink(value, link, at: place) ? nil : mismatch }
            switch value {
            case .object(let key):
                // An embedded object, inline in the dump.
                let before = differences.count
                try compareObject(key, with: tagged, at: "\(place)->\(key.className)")
                return differences.count == before ? nil : differences.removeLast()
            case .dictionary(let entries):
                guard Set(entries.keys) == Set(tagged.keys) else { return "\(place): keys \(entries.keys.sorted()) != \(tagged.keys.sorted())" }
                for (key, element) in entries.sorted(by: { $0.key < $1.key }) {
                    if let difference = try compare(element, tagged[key] as Any, at: "\(place)[\(key)]") { return difference }
                }
                return nil
            default:
                return compareTagged(value, tagged) ? nil : mismatch
            }
        }
        switch value {
        case .int(let int):
            return (json as? NSNumber)?.int64Value == int && !DumpJSON.isBool(json) ? nil : mismatch
        case .bool(let bool):
            return DumpJSON.isBool(json) && (json as? NSNumber)?.boolValue == bool ? nil : mismatch
        case .float(let float):
            return DumpJSON.floatMatches(Double(float), json, single: true) ? nil : mismatch
        case .double(let double):
            return DumpJSON.floatMatches(double, json, single: false) ? nil : mismatch
        case .string(let string):
            return json as? String == string ? nil : mismatch
        case .list(let elements):
            guard let array = json as? [Any], array.count == elements.count else { return mismatch }
            if unordered {
                var left = Array(array.indices)
                for element in elements {
                    guard let found = try left.firstIndex(where: { try compareQuietly(element, array[$0]) }) else { return mismatch }
                    left.remove(at: found)
                }
                return nil
            }
            for (index, (element, expected)) in zip(elements, array).enumerated() {
                if let difference = try compare(element, expected, at: "\(place)[\(index)]") { return difference }
            }
            return nil
        default:
            return mismatch
        }
    }

    /// Whether `value` matches `json`, leaving no difference behind.
    private func compareQuietly(_ value: StoreValue, _ json: Any) throws -> Bool {
        let before = differences.count
        let matches = try compare(value, json, at: "") == nil && differences.count == before
        differences.removeSubrange(before...)
        return matches
    }

    /// A link in the dump, `{"class": …, "pk": …}` (or, to a class without a primary key, the
    /// object's key `{"class": …, "key": …}`).
    private func compareLink(_ value: StoreValue, _ link: [String: Any], at place: String) throws -> Bool {
        guard case .object(let key) = value, link["class"] as? String == key.className,
              let model = store.schema.model(named: key.className) else { return false }
        if let pk = model.primaryKey {
            return try compare(try store.get(key, pk), link["pk"] as Any, at: place) == nil
        }
        // Object keys are given in order, as the file had them.
        guard let wanted = (link["key"] as? NSNumber)?.intValue else { return false }
        let all = try store.objects(key.className)
        return wanted < all.count && all[wanted] == key
    }

    private func compareTagged(_ value: StoreValue, _ json: [String: Any]) -> Bool {
        switch value {
        case .data(let bytes):
            guard let text = json["$binary"] as? String else { return false }
            return Data(base64Encoded: text) == bytes
        case .date(let date):
            guard let tagged = json["$date"] as? [String: Any] else { return false }
            return (tagged["seconds"] as? NSNumber)?.int64Value == date.seconds
                && (tagged["nanoseconds"] as? NSNumber)?.int32Value == date.nanoseconds
        case .decimal128(let decimal):
            guard let text = json["$numberDecimal"] as? String, let expected = try? Decimal128(string: text) else { return false }
            return expected.isNaN ? decimal.isNaN : expected == decimal && expected.isSignMinus == decimal.isSignMinus
        case .objectId(let oid):
            return json["$oid"] as? String == oid.description
        case .uuid(let uuid):
            return (json["$uuid"] as? String)?.lowercased() == uuid.uuidString.lowercased()
        default:
            return false
        }
    }

    /// A mixed value: of the dump's kind (a float held in a mixed value is imported as the
    /// double it equals: Extended JSON has no float), then its value.
    private func compareMixed(_ value: StoreValue, kind: String, _ json: Any, at place: String) throws -> String? {
        let kinds: [String: (StoreValue) -> Bool] = [
            "int": { if case .int = $0 { true } else { false } },
            "bool": { if case .bool = $0 { true } else { false } },
            "float": { if case .double = $0 { true } else { false } },
            "double": { if case .double = $0 { true } else { false } },
            "string": { if case .string = $0 { true } else { false } },
            "binary": { if case .data = $0 { true } else { false } },
            "timestamp": { if case .date = $0 { true } else { false } },
            "decimal128": { if case .decimal128 = $0 { true } else { false } },
            "objectId": { if case .objectId = $0 { true } else { false } },
            "uuid": { if case .uuid = $0 { true } else { false } },
            "typedLink": { if case .object = $0 { true } else { false } },
            "list": { if case .list = $0 { true } else { false } },
            "dictionary": { if case .dictionary = $0 { true } else { false } },
        ]
        guard let matchesKind = kinds[kind], matchesKind(value) else {
            return "\(place): stored \(String(describing: value).prefix(200)), dump has mixed \(kind) \(json)"
        }
        return try compare(value, json, at: place)
    }
}
