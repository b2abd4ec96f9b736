internal import CJansson
import RealmEngine
import RealmFile

/// Builds the importer's value tree (jansson, as the JSON reader makes it) for one object of a
/// Realm file, straight from its decoded values: ints, bools and strings as JSON has them,
/// doubles as reals (NaN and ±Infinity as `$numberDouble`, -0.0 kept), floats as the double they
/// equal (a float property rounds it back to the same float), data as `$binary` subtype 00,
/// dates as `$date` ISO text with every nanosecond, `$numberDecimal`, `$oid`, `$uuid`; lists and
/// sets as arrays, dictionaries as objects with their keys as stored; mixed values in their own
/// forms (docs/json-typing.md, section 6), nested lists and dictionaries included.
///
/// Links: an embedded object inline, as a nested object; an object of a class with a primary key
/// by that key's value (in a mixed value `{"$ref": "Class", "$id": <key>}`); an object of a
/// class without one as `{"$ref": "Class", "$id": <object key + 1>}`, the `$id` its own document
/// carries (docs/relationships.md, section 5). Backlink columns are not read.
///
/// Random access by object key is what links need: the primary keys of a target class and the
/// objects of an embedded class are read once, when first needed, and kept for the run (the
/// memory of one value per object of a linked class with a primary key, and of every object of
/// an embedded class).
final class RealmTreeBuilder {
    /// A problem with a value: the message, and whether it came from the decoder (reading stops)
    /// or is a value this project cannot carry (the object is skipped).
    struct Failure: Error {
        var message: String
        var property: String?
        var decoderError: RealmFileError?
    }

    let file: RealmFile
    private let classesByTable: [String: RealmClass]
    private let classesByName: [String: RealmClass]
    /// Primary-key values of classes with a primary key, by class name, then object key.
    private var primaryKeys: [String: [Int64: RealmValue]] = [:]
    /// The objects of embedded classes, by class name, then object key.
    private var embeddedObjects: [String: [Int64: RealmObject]] = [:]

    static let maxDepth = 100

    init(file: RealmFile) {
        self.file = file
        classesByTable = Dictionary(file.classes.map { ($0.tableName, $0) }) { first, _ in first }
        classesByName = Dictionary(file.classes.map { ($0.name, $0) }) { first, _ in first }
    }

    /// The `$id` an object of a class without a primary key carries: its object key + 1 (object
    /// keys start at 0, and `$id`s are positive).
    static func objectID(_ key: Int64) -> Int64 { key &+ 1 }

    /// About as many bytes as the object would take as JSON text: what the importer's read-ahead
    /// (`DocumentPrefetcher`, bounded in input bytes) counts for a document of a Realm file.
    static func estimatedBytes(of object: RealmObject) -> Int {
        object.values.reduce(16) { $0 + estimatedBytes(of: $1) }
    }

    private static func estimatedBytes(of value: RealmValue) -> Int {
        switch value {
        case .string(let text): 16 + text.utf8.count
        case .data(let bytes): 16 + bytes.count * 4 / 3
        case .list(let elements), .set(let elements): elements.reduce(16) { $0 + estimatedBytes(of: $1) }
        case .dictionary(let entries): entries.reduce(16) { $0 + 8 + $1.key.utf8.count + estimatedBytes(of: $1.value) }
        default: 16
        }
    }

    /// The tree of `object` of `cls` (a top-level class). Allocates through jansson (the
    /// caller's arena).
    func tree(of object: RealmObject, in cls: RealmClass) throws(Failure) -> UnsafeMutablePointer<json_t> {
        let root = json_object()!
        do throws(Failure) {
            if cls.kind == .object && cls.primaryKey == nil {
                json_object_setn_new_nocheck(root, "$id", 3, json_integer(json_int_t(Self.objectID(object.key))))
            }
            try fill(root, with: object, of: cls, depth: 0)
        } catch {
            json_decref(root)
            throw error
        }
        return root
    }

    private func fill(_ root: UnsafeMutablePointer<json_t>, with object: RealmObject, of cls: RealmClass,
                      depth: Int) throws(Failure) {
        guard object.values.count == cls.properties.count else {
            throw Failure(message: RealmFileInputMessages.valueCount(cls.name, have: object.values.count,
                                                                     properties: cls.properties.count))
        }
        for (property, value) in zip(cls.properties, object.values) {
            let converted: UnsafeMutablePointer<json_t>
            do throws(Failure) {
                if case .typedLink = property.type {
                    throw Failure(message: RealmFileInputMessages.typedLink(cls.name, property.name))
                }
                converted = try tree(of: value, inMixed: property.type == .mixed, depth: depth)
            } catch {
                var located = error
                if located.property == nil { located.property = property.name }
                throw located
            }
            Self.set(root, property.name, converted)
        }
    }

    /// The tree of one value; `inMixed` for the values of a mixed property (links as `$ref`).
    private func tree(of value: RealmValue, inMixed: Bool, depth: Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        switch value {
        case .null:
            return json_null()
        case .int(let integer):
            return json_integer(json_int_t(integer))
        case .bool(let flag):
            return flag ? json_true() : json_false()
        case .float(let number):
            return ExtendedJSONTree.double(Double(number))
        case .double(let number):
            return ExtendedJSONTree.double(number)
        case .string(let text):
            return Self.withCString(text) { json_stringn_nocheck($0, $1)! }
        case .data(let bytes):
            return bytes.withUnsafeBytes { ExtendedJSONTree.binary($0, subType: 0) }
        case .timestamp(let seconds, let nanoseconds):
            return try date(seconds: seconds, nanoseconds: nanoseconds)
        case .decimal128(let decimal):
            return ExtendedJSONTree.decimal128(low: decimal.low, high: decimal.high)
        case .objectId(let bytes):
            guard bytes.count == 12 else { throw Failure(message: RealmFileInputMessages.badLength("ObjectId", bytes.count)) }
            return bytes.withUnsafeBytes { ExtendedJSONTree.objectId($0) }
        case .uuid(let bytes):
            guard bytes.count == 16 else { throw Failure(message: RealmFileInputMessages.badLength("UUID", bytes.count)) }
            return bytes.withUnsafeBytes { ExtendedJSONTree.uuid($0) }
        case .link(let link):
            return try self.link(link, inMixed: inMixed, depth: depth)
        case .list(let elements), .set(let elements):
            let array = json_array()!
            for element in elements {
                do throws(Failure) {
                    json_array_append_new(array, try tree(of: element, inMixed: inMixed, depth: depth))
                } catch {
                    json_decref(array)
                    throw error
                }
            }
            return array
        case .dictionary(let entries):
            let object = json_object()!
            for entry in entries {
                do throws(Failure) {
                    Self.set(object, entry.key, try tree(of: entry.value, inMixed: inMixed, depth: depth))
                } catch {
                    json_decref(object)
                    throw error
                }
            }
            return object
        }
    }

    /// `{"$date": "<ISO>"}` with every nanosecond for the years 0000-9999, else milliseconds
    /// when whole; any other date has no exact Extended JSON form.
    private func date(seconds: Int64, nanoseconds: Int32) throws(Failure) -> UnsafeMutablePointer<json_t> {
        guard nanoseconds.magnitude < 1_000_000_000, seconds == 0 || nanoseconds == 0 || (seconds < 0) == (nanoseconds < 0)
        else { throw Failure(message: RealmFileInputMessages.badTimestamp(seconds, nanoseconds)) }
        let value = Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        if let iso = ExportDateText.iso(value) { return ExtendedJSONTree.date(iso: iso) }
        if let milliseconds = ExportDateText.milliseconds(value) { return ExtendedJSONTree.date(milliseconds: milliseconds) }
        throw Failure(message: ExportMessages.dateOutOfRange(value.description))
    }

    /// A link: an embedded object inline; else the target's primary key value, or a `$ref`.
    private func link(_ link: RealmLink, inMixed: Bool, depth: Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        guard !link.tableName.isEmpty else { throw Failure(message: RealmFileInputMessages.untypedMixedLink(link.objectKey)) }
        guard let target = classesByTable[link.tableName] else {
            throw Failure(message: RealmFileInputMessages.unknownLinkTarget(link.tableName, link.objectKey))
        }
        if target.kind == .embedded {
            guard depth < Self.maxDepth else { throw Failure(message: RealmFileInputMessages.embeddedTooDeep) }
            let object = try embeddedObject(link.objectKey, of: target)
            let nested = json_object()!
            do throws(Failure) {
                try fill(nested, with: object, of: target, depth: depth + 1)
            } catch {
                json_decref(nested)
                throw error
            }
            return nested
        }
        let id: UnsafeMutablePointer<json_t>
        if target.primaryKey != nil {
            let key = try primaryKey(link.objectKey, of: target)
            id = try tree(of: key, inMixed: false, depth: depth)
            // A primary key alone names its object, except a null one, which reads as no link.
            if !inMixed && key != .null { return id }
        } else {
            id = json_integer(json_int_t(Self.objectID(link.objectKey)))
        }
        let reference = json_object()!
        json_object_setn_new_nocheck(reference, "$ref", 4, Self.withCString(target.name) { json_stringn_nocheck($0, $1)! })
        json_object_setn_new_nocheck(reference, "$id", 3, id)
        return reference
    }

    /// The primary-key value of the object `key` of `cls` (the class's keys read on first use).
    private func primaryKey(_ key: Int64, of cls: RealmClass) throws(Failure) -> RealmValue {
        if primaryKeys[cls.name] == nil {
            guard let name = cls.primaryKey, let index = cls.properties.firstIndex(where: { $0.name == name }) else {
                throw Failure(message: RealmFileInputMessages.danglingLink(cls.name, key))
            }
            var keys: [Int64: RealmValue] = [:]
            do {
                try file.forEachObject(in: cls) { object in
                    if index < object.values.count { keys[object.key] = object.values[index] }
                }
            } catch let error as RealmFileError {
                throw Failure(message: error.message, decoderError: error)
            } catch {
                throw Failure(message: String(describing: error))
            }
            primaryKeys[cls.name] = keys
        }
        guard let value = primaryKeys[cls.name]?[key] else { throw Failure(message: RealmFileInputMessages.danglingLink(cls.name, key)) }
        return value
    }

    /// The embedded object `key` of `cls` (the class's objects read on first use).
    private func embeddedObject(_ key: Int64, of cls: RealmClass) throws(Failure) -> RealmObject {
        if embeddedObjects[cls.name] == nil {
            var objects: [Int64: RealmObject] = [:]
            do {
                try file.forEachObject(in: cls) { objects[$0.key] = $0 }
            } catch let error as RealmFileError {
                throw Failure(message: error.message, decoderError: error)
            } catch {
                throw Failure(message: String(describing: error))
            }
            embeddedObjects[cls.name] = objects
        }
        guard let object = embeddedObjects[cls.name]?[key] else { throw Failure(message: RealmFileInputMessages.danglingLink(cls.name, key)) }
        return object
    }

    /// Sets `object[key]` to `value` (a key as stored: any text, `$`, `%` and `.` included).
    private static func set(_ object: UnsafeMutablePointer<json_t>, _ key: String, _ value: UnsafeMutablePointer<json_t>) {
        withCString(key) { _ = json_object_setn_new_nocheck(object, $0, $1, value) }
    }

    /// Calls `body` with the UTF-8 bytes of `text` (valid UTF-8, NULs allowed) and their count.
    private static func withCString<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        var text = text
        return text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress, utf8.count > 0 else {
                return withUnsafePointer(to: CChar(0)) { body($0, 0) }
            }
            return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: utf8.count) { body($0, utf8.count) }
        }
    }

    /// The class named `name` (without `class_`).
    func realmClass(named name: String) -> RealmClass? { classesByName[name] }
}
