import Foundation
import TestSupport
@testable import RealmFile

/// Compares what `RealmFile` reads with realm-core's own reading of the same file (the vendored
/// `*.open-check.json`: schema, schema version, every object; links by primary key, embedded
/// objects inline, mixed values tagged with their type). Collects every difference as text.
final class DumpComparison {
    let file: RealmFile
    let dump: [String: Any]
    /// Every object of every class, by class name and object key.
    private(set) var objects: [String: [Int64: RealmObject]] = [:]
    private(set) var differences: [String] = []
    private(set) var valuesCompared = 0

    init(fixture: String) throws {
        file = try RealmFile(path: Fixtures.path(fixture + ".realm"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.directory
            .appendingPathComponent(fixture + ".open-check.json")))
        dump = json as? [String: Any] ?? [:]
        for cls in file.classes {
            var byKey: [Int64: RealmObject] = [:]
            for object in try file.objects(in: cls) { byKey[object.key] = object }
            objects[cls.name] = byKey
        }
    }

    private func differ(_ text: String) {
        differences.append(text)
    }

    // MARK: Schema

    /// Compares the schema version, the classes and every property.
    func compareSchema() {
        let expectedVersion = (dump["schema_version"] as? NSNumber)?.uint64Value
        if file.schemaVersion != expectedVersion {
            differ("schema version \(String(describing: file.schemaVersion)) != \(String(describing: expectedVersion))")
        }
        if file.formatVersion != (dump["file_format_version"] as? Int) { differ("format version \(file.formatVersion)") }
        let classes = dump["schema"] as? [[String: Any]] ?? []
        if Set(classes.compactMap { $0["name"] as? String }) != Set(file.classes.map(\.name)) {
            differ("classes \(file.classes.map(\.name)) != \(classes.compactMap { $0["name"] as? String })")
        }
        for expected in classes {
            guard let name = expected["name"] as? String, let cls = file.realmClass(named: name) else { continue }
            let kind = ["TopLevel": RealmClass.Kind.object, "Embedded": .embedded, "TopLevelAsymmetric": .asymmetric]
            if kind[expected["table_type"] as? String ?? ""] != cls.kind { differ("\(name): kind \(cls.kind)") }
            if (expected["primary_key"] as? String) != cls.primaryKey { differ("\(name): primary key \(cls.primaryKey ?? "-")") }
            let properties = expected["properties"] as? [[String: Any]] ?? []
            if properties.compactMap({ $0["name"] as? String }) != cls.properties.map(\.name) {
                differ("\(name): properties \(cls.properties.map(\.name))")
                continue
            }
            for (property, actual) in zip(properties, cls.properties) {
                compareProperty(property, actual, className: name)
            }
        }
    }

    private func compareProperty(_ expected: [String: Any], _ actual: RealmProperty, className: String) {
        let place = "\(className).\(actual.name)"
        let baseTypes: [String: RealmProperty.ValueType] = [
            "int": .int, "bool": .bool, "string": .string, "data": .data, "date": .date, "float": .float,
            "double": .double, "decimal128": .decimal128, "objectId": .objectId, "uuid": .uuid, "mixed": .mixed,
        ]
        let base = expected["base_type"] as? String ?? ""
        let type = base == "object" ? .object(expected["object_type"] as? String ?? "") : baseTypes[base]
        if type != actual.type { differ("\(place): type \(actual.type) != \(base)") }
        let collections: [String: RealmProperty.Collection] = ["list": .list, "set": .set, "dictionary": .map]
        let collection = (expected["collection"] as? String).flatMap { collections[$0] } ?? RealmProperty.Collection.none
        if collection != actual.collection { differ("\(place): collection \(actual.collection)") }
        if (expected["nullable"] as? Bool ?? false) != actual.isOptional { differ("\(place): optional \(actual.isOptional)") }
        if (expected["primary"] as? Bool ?? false) != actual.isPrimaryKey { differ("\(place): primary \(actual.isPrimaryKey)") }
        if (expected["indexed"] as? Bool ?? false) != actual.isIndexed { differ("\(place): indexed \(actual.isIndexed)") }
        if (expected["fulltext_indexed"] as? Bool ?? false) != actual.isFullTextIndexed {
            differ("\(place): full-text \(actual.isFullTextIndexed)")
        }
    }

    // MARK: Objects

    /// Compares every object of every top-level class (found by primary key) and, through them,
    /// every embedded object; and the object counts.
    func compareObjects() {
        let expectedObjects = dump["objects"] as? [String: Any] ?? [:]
        for cls in file.classes where cls.kind != .embedded {
            let expected = expectedObjects[cls.name] as? [[String: Any]] ?? []
            let actual = objects[cls.name] ?? [:]
            if expected.count != actual.count { differ("\(cls.name): \(actual.count) objects, dump has \(expected.count)") }
            guard let pk = cls.primaryKey, let pkIndex = cls.properties.firstIndex(where: { $0.name == pk }) else {
                differ("\(cls.name): no primary key to match objects by")
                continue
            }
            var byPrimaryKey: [String: RealmObject] = [:]
            for object in actual.values { byPrimaryKey[primaryKeyText(object.values[pkIndex])] = object }
            for object in expected {
                guard let match = byPrimaryKey[primaryKeyText(object[pk] as Any)] else {
                    differ("\(cls.name): no object with primary key \(object[pk] ?? "-")")
                    continue
                }
                compareObject(match, of: cls, with: object, at: "\(cls.name)[\(match.key)]")
            }
        }
        let embeddedCounts = dump["embedded_object_counts"] as? [String: Any] ?? [:]
        for (name, count) in embeddedCounts where (count as? Int) != objects[name]?.count {
            differ("\(name): \(objects[name]?.count ?? -1) embedded objects, dump has \(count)")
        }
    }

    /// A primary key (read, or as the dump writes it) as comparable text.
    private func primaryKeyText(_ value: Any) -> String {
        switch value {
        case RealmValue.objectId(let bytes), RealmValue.uuid(let bytes): return hex(bytes)
        case RealmValue.int(let int): return String(int)
        case RealmValue.string(let string): return string
        case let json as [String: Any]:
            let text = (json["$oid"] ?? json["$uuid"]) as? String
            return text?.replacingOccurrences(of: "-", with: "") ?? "?"
        case let number as NSNumber: return String(number.int64Value)
        case let string as String: return string
        default: return "?"
        }
    }

    private func compareObject(_ object: RealmObject, of cls: RealmClass, with expected: [String: Any], at place: String) {
        for (property, value) in zip(cls.properties, object.values) {
            if let difference = compare(value, expected[property.name] ?? NSNull(), at: "\(place).\(property.name)") {
                differ(difference)
            }
        }
        if let backlinks = expected["$backlinks"] as? [String: Any] {
            for (column, keys) in zip(cls.backlinks, object.backlinks) {
                let name = "\(column.originClass ?? column.originTable).\(column.originProperty)"
                if (backlinks[name] as? Int) != keys.count {
                    differ("\(place): \(keys.count) backlinks from \(name), dump has \(backlinks[name] ?? "none")")
                }
            }
        }
    }

    /// nil when `value` is what the dump says, else the difference.
    func compare(_ value: RealmValue, _ json: Any, at place: String) -> String? {
        valuesCompared += 1
        var mismatch: String {
            "\(place): read \(String(describing: value).prefix(200)), dump has \(String(describing: json).prefix(200))"
        }
        if json is NSNull { return value == .null ? nil : mismatch }
        if let tagged = json as? [String: Any] {
            if let kind = tagged["$mixed"] as? String { return compareMixed(value, kind: kind, tagged["value"] as Any, at: place) }
            if case .link = value, tagged["$link"] == nil { return compareEmbedded(value, tagged, at: place) }
            return compareTagged(value, tagged, at: place) ? nil : mismatch
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
        case .list(let elements), .set(let elements):
            guard let array = json as? [Any], array.count == elements.count else { return mismatch }
            for (index, (element, expected)) in zip(elements, array).enumerated() {
                if let difference = compare(element, expected, at: "\(place)[\(index)]") { return difference }
            }
            return nil
        default:
            return mismatch
        }
    }

    /// An embedded object, inline in the dump.
    private func compareEmbedded(_ value: RealmValue, _ expected: [String: Any], at place: String) -> String? {
        guard case .link(let link) = value, let className = link.className, let cls = file.realmClass(named: className),
              let target = objects[className]?[link.objectKey] else {
            return "\(place): read \(value), dump has an embedded object"
        }
        let before = differences.count
        compareObject(target, of: cls, with: expected, at: "\(place)->\(className)[\(link.objectKey)]")
        return differences.count == before ? nil : differences.removeLast()
    }

    private func compareTagged(_ value: RealmValue, _ json: [String: Any], at place: String) -> Bool {
        switch value {
        case .data(let bytes):
            guard let text = json["$binary"] as? String else { break }
            return Data(base64Encoded: text).map(Array.init) == bytes
        case .timestamp(let seconds, let nanoseconds):
            guard let date = json["$date"] as? [String: Any] else { break }
            return (date["seconds"] as? NSNumber)?.int64Value == seconds
                && (date["nanoseconds"] as? NSNumber)?.int32Value == nanoseconds
        case .decimal128(let decimal):
            guard let text = json["$numberDecimal"] as? String else { break }
            return DecimalText.parse(text).map { DecimalText.sameValue($0, decimal.kind) } ?? false
        case .objectId(let bytes):
            return json["$oid"] as? String == hex(bytes)
        case .uuid(let bytes):
            return (json["$uuid"] as? String)?.replacingOccurrences(of: "-", with: "") == hex(bytes)
        case .link(let link):
            guard let target = json["$link"] as? [String: Any], let className = target["class"] as? String,
                  link.className == className, let cls = file.realmClass(named: className),
                  let pk = cls.properties.firstIndex(where: \.isPrimaryKey),
                  let object = objects[className]?[link.objectKey] else { break }
            return compare(object.values[pk], target["pk"] as Any, at: place) == nil
        case .dictionary(let entries):
            guard entries.count == json.count else { break }
            return entries.allSatisfy { entry in
                json[entry.key].map { compare(entry.value, $0, at: "\(place)[\(entry.key)]") == nil } ?? false
            }
        default:
            break
        }
        return false
    }

    private func compareMixed(_ value: RealmValue, kind: String, _ json: Any, at place: String) -> String? {
        var mismatch: String { "\(place): read \(String(describing: value).prefix(200)), dump has mixed \(kind) \(json)" }
        let kinds: [String: (RealmValue) -> Bool] = [
            "int": { if case .int = $0 { true } else { false } },
            "bool": { if case .bool = $0 { true } else { false } },
            "float": { if case .float = $0 { true } else { false } },
            "double": { if case .double = $0 { true } else { false } },
            "string": { if case .string = $0 { true } else { false } },
            "binary": { if case .data = $0 { true } else { false } },
            "timestamp": { if case .timestamp = $0 { true } else { false } },
            "decimal128": { if case .decimal128 = $0 { true } else { false } },
            "objectId": { if case .objectId = $0 { true } else { false } },
            "uuid": { if case .uuid = $0 { true } else { false } },
            "typedLink": { if case .link = $0 { true } else { false } },
            "list": { if case .list = $0 { true } else { false } },
            "dictionary": { if case .dictionary = $0 { true } else { false } },
        ]
        guard let matchesKind = kinds[kind], matchesKind(value) else { return mismatch }
        return compare(value, json, at: place)
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// Realm's decimal text (`-1.5E-6100`, `+9999…E+6111`, `123.456`, `-0`, `NaN`, `Inf`) as a value.
enum DecimalText {
    static func parse(_ text: String) -> RealmDecimal128.Kind? {
        var rest = Substring(text)
        var negative = false
        if let sign = rest.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        if rest.lowercased() == "nan" { return .nan }
        if rest.lowercased().hasPrefix("inf") { return .infinity(negative: negative) }
        var exponent = 0
        if let e = rest.firstIndex(where: { $0 == "E" || $0 == "e" }) {
            guard let value = Int(rest[rest.index(after: e)...]) else { return nil }
            exponent = value
            rest = rest[..<e]
        }
        var digits = String(rest)
        if let dot = digits.firstIndex(of: ".") {
            exponent -= digits.distance(from: dot, to: digits.endIndex) - 1
            digits.remove(at: dot)
        }
        guard let coefficient = UInt128(digits) else { return nil }
        return .finite(negative: negative, coefficient: coefficient, exponent: exponent)
    }

    /// Whether two decimals have the same value (trailing zeros and zero's exponent ignored).
    static func sameValue(_ a: RealmDecimal128.Kind, _ b: RealmDecimal128.Kind) -> Bool {
        switch (normalized(a), normalized(b)) {
        case (.nan, .nan): return true
        case let (x, y): return x == y
        }
    }

    private static func normalized(_ kind: RealmDecimal128.Kind) -> RealmDecimal128.Kind {
        guard case .finite(let negative, var coefficient, var exponent) = kind else { return kind }
        if coefficient == 0 { return .finite(negative: negative, coefficient: 0, exponent: 0) }
        while coefficient % 10 == 0 {
            coefficient /= 10
            exponent += 1
        }
        return .finite(negative: negative, coefficient: coefficient, exponent: exponent)
    }
}
