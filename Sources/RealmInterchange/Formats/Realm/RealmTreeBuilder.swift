internal import CJansson
import RealmEngine
import RealmFile

/// Builds the importer's value tree (jansson, as the JSON reader makes it) for one object of a
/// Realm file, straight from its values: ints, bools and strings as JSON has them,
/// doubles as reals (NaN and ±Infinity as `$numberDouble`, -0.0 kept), floats as the double they
/// equal (a float property rounds it back to the same float), data as `$binary` subtype 00 (or
/// the subtype the schema's property keeps: Realm's data has none, docs/schema-rules.md, section 1.7),
/// dates as `$date` ISO text with every nanosecond, `$numberDecimal`, `$oid`, `$uuid`; lists and
/// sets as arrays, dictionaries as objects with their keys as stored; mixed values in their own
/// forms (docs/json-typing.md, section 6), nested lists and dictionaries included.
///
/// Links: an embedded object inline, as a nested object; an object of a class with a primary key
/// by that key's value (in a mixed value `{"$ref": "Class", "$id": <key>}`); an object of a
/// class without one as `{"$ref": "Class", "$id": <object key + 1>}`, the `$id` its own document
/// carries (docs/relationships.md, section 5). Backlink columns are not read.
///
/// Objects come a cluster leaf at a time (`RealmLeafReader`): scalar columns and lists of
/// scalars and links are read in place from the memory-mapped file, straight into jansson
/// values; other columns (mixed values, dictionaries) as the decoder's `RealmValue`s.
///
/// Links need random access by object key: the targets of links (the embedded objects to
/// inline, the primary keys of linked objects) are found by key in their class's cluster tree,
/// as realm-core finds them, by a `RealmLeafReader` per linked class that keeps the last few
/// leaves it loaded (embedded objects and linked objects are usually met in about the order they
/// were created, so each leaf is loaded about once). Memory holds those leaves, not a map of
/// every linked object.
final class RealmTreeBuilder {
    /// A problem with a value: the message, and whether it came from the decoder (reading stops)
    /// or is a value this project cannot carry (the object is skipped).
    struct Failure: Error {
        var message: String
        var property: String?
        var decoderError: RealmFileError?
    }

    /// What building needs of one class, made once: the class, its property names as jansson
    /// keys, and the readers of its objects by key when links lead to it.
    final class ClassPlan {
        let realmClass: RealmClass
        /// How each property is built.
        let kinds: [PropertyKind]
        /// The binary subtype each property's data is given: 0, or the one the import schema's
        /// property of that name keeps (`subtype: 9`).
        let subtypes: [UInt8]
        /// The property names' UTF-8 bytes, one after another (`keyStarts[i]..<keyStarts[i + 1]`).
        private let keyBytes: UnsafeMutableBufferPointer<CChar>
        private let keyStarts: [Int]
        /// The class's objects by key: every property of an embedded class, the primary key of another.
        var reader: RealmLeafReader?

        enum PropertyKind {
            case value, mixed, typedLink
        }

        init(_ cls: RealmClass, subtypes kept: [String: UInt8] = [:]) {
            subtypes = cls.properties.map { kept[$0.name] ?? 0 }
            realmClass = cls
            kinds = cls.properties.map { property in
                switch property.type {
                case .mixed: .mixed
                case .typedLink: .typedLink
                default: .value
                }
            }
            var starts = [0]
            for property in cls.properties { starts.append(starts[starts.count - 1] + property.name.utf8.count) }
            keyStarts = starts
            keyBytes = .allocate(capacity: max(starts[starts.count - 1], 1))
            for (index, property) in cls.properties.enumerated() {
                for (offset, byte) in property.name.utf8.enumerated() { keyBytes[starts[index] + offset] = CChar(bitPattern: byte) }
            }
        }

        deinit {
            keyBytes.deallocate()
        }

        /// Sets `object[name of property index]` to `value`.
        func set(_ object: UnsafeMutablePointer<json_t>, _ index: Int, _ value: UnsafeMutablePointer<json_t>) {
            json_object_setn_new_nocheck(object, keyBytes.baseAddress! + keyStarts[index], keyStarts[index + 1] - keyStarts[index], value)
        }

        /// The byte count of property `index`'s name.
        func keyCount(_ index: Int) -> Int { keyStarts[index + 1] - keyStarts[index] }
    }

    let file: RealmFile
    private let plansByTable: [String: ClassPlan]
    /// The plan of the last link's target table, and that table's name.
    private var lastTarget: (table: String, plan: ClassPlan)?

    static let maxDepth = 100

    /// The binary subtype data is given while one property is built (`ClassPlan.subtypes`).
    private var binarySubtype: UInt8 = 0

    /// `subtypes`: by class, the stored names of the import schema's `data` properties that keep
    /// a subtype, and that subtype.
    init(file: RealmFile, subtypes: [String: [String: UInt8]] = [:]) {
        self.file = file
        plansByTable = Dictionary(file.classes.map { ($0.tableName, ClassPlan($0, subtypes: subtypes[$0.name] ?? [:])) }) { first, _ in first }
    }

    /// The plan of `cls`, a class of the file.
    func plan(_ cls: RealmClass) -> ClassPlan {
        plansByTable[cls.tableName] ?? ClassPlan(cls)
    }

    /// The `$id` an object of a class without a primary key carries: its object key + 1 (object
    /// keys start at 0, and `$id`s are positive).
    static func objectID(_ key: Int64) -> Int64 { key &+ 1 }

    /// About as many bytes as the value would take as JSON text: what the importer's read-ahead
    /// (`DocumentPrefetcher`, bounded in input bytes) counts for a document of a Realm file.
    private static func estimatedBytes(of value: RealmValue) -> Int {
        switch value {
        case .string(let text): 16 + text.utf8.count
        case .data(let bytes): 16 + bytes.count * 4 / 3
        case .list(let elements), .set(let elements): elements.reduce(16) { $0 + estimatedBytes(of: $1) }
        case .dictionary(let entries): entries.reduce(16) { $0 + 8 + $1.key.utf8.count + estimatedBytes(of: $1.value) }
        default: 16
        }
    }

    /// The tree of object `row` of `leaf`, a leaf of `plan`'s class (a top-level class) with
    /// every property; `bytes` grows by about as many bytes as the object would take as JSON
    /// text. Allocates through jansson (the caller's arena).
    func tree(_ row: Int, of leaf: RealmLeaf, in plan: ClassPlan, bytes: inout Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        let root = json_object()!
        bytes += 16
        do throws(Failure) {
            if plan.realmClass.kind == .object && plan.realmClass.primaryKey == nil {
                json_object_setn_new_nocheck(root, "$id", 3, json_integer(json_int_t(Self.objectID(leaf.keys[row]))))
            }
            try fill(root, row, of: leaf, plan, depth: 0, bytes: &bytes)
        } catch {
            json_decref(root)
            throw error
        }
        return root
    }

    private func fill(_ root: UnsafeMutablePointer<json_t>, _ row: Int, of leaf: RealmLeaf, _ plan: ClassPlan, depth: Int,
                      bytes: inout Int) throws(Failure) {
        let columns = leaf.columns
        guard columns.count == plan.kinds.count else {
            throw Failure(message: RealmFileInputMessages.valueCount(plan.realmClass.name, have: columns.count,
                                                                     properties: plan.kinds.count))
        }
        for index in 0..<columns.count {
            let converted: UnsafeMutablePointer<json_t>
            do throws(Failure) {
                switch plan.kinds[index] {
                case .typedLink:
                    throw Failure(message: RealmFileInputMessages.typedLink(plan.realmClass.name, plan.realmClass.properties[index].name))
                case .mixed:
                    converted = try value(columns[index], row, inMixed: true, depth: depth, bytes: &bytes)
                case .value:
                    binarySubtype = plan.subtypes[index]
                    defer { binarySubtype = 0 }
                    converted = try value(columns[index], row, inMixed: false, depth: depth, bytes: &bytes)
                }
            } catch {
                var located = error
                if located.property == nil { located.property = plan.realmClass.properties[index].name }
                throw located
            }
            bytes += 8 + plan.keyCount(index)
            plan.set(root, index, converted)
        }
    }

    /// The tree of row `row` of `column`.
    private func value(_ column: RealmLeafColumn, _ row: Int, inMixed: Bool, depth: Int,
                       bytes: inout Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        switch column {
        case .scalar(let leaf):
            return try scalar(leaf, row, depth: depth, bytes: &bytes)
        case .collection(let lists):
            let array = json_array()!
            bytes += 16
            do throws(Failure) {
                for leaf in lists.leaves(of: row) {
                    for index in 0..<leaf.count {
                        json_array_append_new(array, try scalar(leaf, index, depth: depth, bytes: &bytes))
                    }
                }
            } catch {
                json_decref(array)
                throw error
            }
            return array
        case .dictionary(let maps):
            let object = json_object()!
            bytes += 16
            do throws(Failure) {
                try maps.forEachEntry(of: row) { (key, leaf, index) throws(Failure) in
                    let value = try scalar(leaf, index, depth: depth, bytes: &bytes)
                    bytes += 8 + key.count
                    if let base = key.baseAddress, key.count > 0 {
                        json_object_setn_new_nocheck(object, base.assumingMemoryBound(to: CChar.self), key.count, value)
                    } else {
                        json_object_setn_new_nocheck(object, "", 0, value)
                    }
                }
            } catch {
                json_decref(object)
                throw error
            }
            return object
        case .values(let values):
            bytes += Self.estimatedBytes(of: values[row])
            return try tree(of: values[row], inMixed: inMixed, depth: depth)
        }
    }

    /// The tree of element `row` of a leaf read in place.
    private func scalar(_ leaf: RealmScalarLeaf, _ row: Int, depth: Int, bytes: inout Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        bytes += 16
        switch leaf.element(row) {
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
            bytes += text.count
            return Self.string(text)
        case .binary(let data):
            bytes += data.count * 4 / 3
            return ExtendedJSONTree.binary(data, subType: binarySubtype)
        case .timestamp(let seconds, let nanoseconds):
            return try date(seconds: seconds, nanoseconds: nanoseconds)
        case .decimal(let decimal):
            return ExtendedJSONTree.decimal128(low: decimal.low, high: decimal.high)
        case .objectId(let id):
            return ExtendedJSONTree.objectId(id)
        case .uuid(let id):
            return ExtendedJSONTree.uuid(id)
        case .link(let table, let key):
            return try link(table, key, inMixed: false, depth: depth)
        }
    }

    /// A string of `text`, UTF-8 the file reader checked.
    private static func string(_ text: UnsafeRawBufferPointer) -> UnsafeMutablePointer<json_t> {
        guard let base = text.baseAddress, text.count > 0 else { return json_stringn_nocheck("", 0)! }
        return json_stringn_nocheck(base.assumingMemoryBound(to: CChar.self), text.count)!
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
            return bytes.withUnsafeBytes { ExtendedJSONTree.binary($0, subType: inMixed ? 0 : binarySubtype) }
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

    /// A link to object `key` of table `tableName`: an embedded object inline; else the target's
    /// primary key value, or a `$ref`.
    private func link(_ tableName: String, _ key: Int64, inMixed: Bool, depth: Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        guard !tableName.isEmpty else { throw Failure(message: RealmFileInputMessages.untypedMixedLink(key)) }
        let plan: ClassPlan
        if let lastTarget, lastTarget.table == tableName {
            plan = lastTarget.plan
        } else {
            guard let found = plansByTable[tableName] else {
                throw Failure(message: RealmFileInputMessages.unknownLinkTarget(tableName, key))
            }
            plan = found
            lastTarget = (tableName, found)
        }
        let target = plan.realmClass
        if target.kind == .embedded {
            guard depth < Self.maxDepth else { throw Failure(message: RealmFileInputMessages.embeddedTooDeep) }
            let (leaf, row) = try object(key, of: plan, properties: nil)
            let nested = json_object()!
            var ignored = 0
            do throws(Failure) {
                try fill(nested, row, of: leaf, plan, depth: depth + 1, bytes: &ignored)
            } catch {
                json_decref(nested)
                throw error
            }
            return nested
        }
        let id: UnsafeMutablePointer<json_t>
        if let name = target.primaryKey {
            guard let index = target.properties.firstIndex(where: { $0.name == name }) else {
                throw Failure(message: RealmFileInputMessages.danglingLink(target.name, key))
            }
            let (leaf, row) = try object(key, of: plan, properties: [index])
            guard let column = leaf.columns.first else { throw Failure(message: RealmFileInputMessages.danglingLink(target.name, key)) }
            let isNull: Bool
            switch column {
            case .scalar(let keys): isNull = keys.isNull(row)
            case .collection, .dictionary: isNull = false
            case .values(let values): isNull = values[row] == .null
            }
            var ignored = 0
            id = try value(column, row, inMixed: false, depth: depth, bytes: &ignored)
            // A primary key alone names its object, except a null one, which reads as no link.
            if !inMixed && !isNull { return id }
        } else {
            id = json_integer(json_int_t(Self.objectID(key)))
        }
        let reference = json_object()!
        json_object_setn_new_nocheck(reference, "$ref", 4, Self.withCString(target.name) { json_stringn_nocheck($0, $1)! })
        json_object_setn_new_nocheck(reference, "$id", 3, id)
        return reference
    }

    /// A link in a decoded value.
    private func link(_ link: RealmLink, inMixed: Bool, depth: Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        try self.link(link.tableName, link.objectKey, inMixed: inMixed, depth: depth)
    }

    /// The leaf and row of object `key` of `plan`'s class, read by the plan's reader (made on
    /// first use, reading `properties`, or every property when nil).
    private func object(_ key: Int64, of plan: ClassPlan, properties: [Int]?) throws(Failure) -> (leaf: RealmLeaf, row: Int) {
        let found: (leaf: RealmLeaf, row: Int)?
        do throws(RealmFileError) {
            let reader: RealmLeafReader
            if let existing = plan.reader {
                reader = existing
            } else {
                reader = try RealmLeafReader(file: file, realmClass: plan.realmClass, properties: properties)
                plan.reader = reader
            }
            found = try reader.object(key)
        } catch {
            throw Failure(message: error.message, decoderError: error)
        }
        guard let found else { throw Failure(message: RealmFileInputMessages.danglingLink(plan.realmClass.name, key)) }
        return found
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
}
