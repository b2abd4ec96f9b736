import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema

/// The store's values in a plain JSON form that a Python script compares with what pymongo's
/// `bson.json_util` reads from the canonical export: `["int", "42"]`, `["double", "<bits>"]`,
/// `["date", "<nanoseconds>"]`, … in export order, links as their target's primary key.
struct ExportExpectedValues {
    let store: Store

    /// `{"Class": [{"property": value, …}, …]}` for every top-level class.
    func document() throws -> [String: Any] {
        var result: [String: Any] = [:]
        for model in store.schema.models where model.kind == .object {
            var objects: [Any] = []
            for object in try store.objects(model.name, order: .primaryKey) {
                objects.append(try fields(object, model))
            }
            result[model.name] = objects
        }
        return result
    }

    private func fields(_ object: ObjectKey, _ model: ModelSchema) throws -> [String: Any] {
        var result: [String: Any] = [:]
        for (property, value) in zip(model.persistedProperties, try store.values(of: object)) {
            result[property.name] = try normalized(value)
        }
        return result
    }

    private func normalized(_ value: StoreValue) throws -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let v): return ["bool", v] as [Any]
        case .int(let v): return ["int", String(v)]
        case .float(let v): return ["float", String(format: "%08x", v.bitPattern)]
        case .double(let v): return ["double", String(format: "%016llx", v.bitPattern)]
        case .string(let v): return ["string", v]
        case .data(let v): return ["binary0", Self.hex(v)]
        case .uuid(let v): return ["binary4", Self.hex(withUnsafeBytes(of: v.uuid) { Array($0) })]
        case .date(let v): return ["date", String(Int128(v.seconds) * 1_000_000_000 + Int128(v.nanoseconds))]
        case .decimal128(let v): return ["decimal", Self.hex(v.bytes)]
        case .objectId(let v): return ["oid", v.stringValue]
        case .list(let elements): return ["list", try elements.map(normalized)] as [Any]
        case .dictionary(let entries):
            var result: [String: Any] = [:]
            for (key, element) in entries { result[MapKeyCoding.decode(key)] = try normalized(element) }
            return ["dict", result] as [Any]
        case .object(let target):
            let model = store.schema.model(named: target.className)!
            if model.kind == .embedded { return ["dict", try fields(target, model)] as [Any] }
            return try normalized(try store.get(target, model.primaryKey!))
        }
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Reads the canonical export (argv[1]) with pymongo and compares it with the expected
    /// values (argv[2]); prints `compared N values` or the mismatches and exits 1.
    static let pythonComparison = #"""
    import datetime, json, struct, sys, uuid
    from bson import json_util
    from bson.binary import Binary
    from bson.decimal128 import Decimal128
    from bson.objectid import ObjectId
    from bson.json_util import JSONOptions, DatetimeConversion
    options = JSONOptions(datetime_conversion=DatetimeConversion.DATETIME_AUTO, tz_aware=True)
    actual = json_util.loads(open(sys.argv[1], encoding="utf-8").read(), json_options=options)
    expected = json.load(open(sys.argv[2], encoding="utf-8"))
    epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    problems, count = [], 0
    def same(e, v):
        kind = e[0]
        if kind == "bool": return type(v) is bool and v == e[1]
        if kind == "int": return isinstance(v, int) and type(v) is not bool and str(int(v)) == e[1]
        if kind == "float": return isinstance(v, float) and struct.pack(">f", v).hex() == e[1]
        if kind == "double": return isinstance(v, float) and struct.pack(">d", v).hex() == e[1]
        if kind == "string": return v == e[1]
        if kind == "binary0": return isinstance(v, bytes) and bytes(v).hex() == e[1] and getattr(v, "subtype", 0) == 0
        if kind == "binary4":
            if isinstance(v, uuid.UUID): return v.bytes.hex() == e[1]
            return isinstance(v, Binary) and v.subtype == 4 and bytes(v).hex() == e[1]
        if kind == "oid": return isinstance(v, ObjectId) and str(v) == e[1]
        if kind == "decimal": return isinstance(v, Decimal128) and v.bid.hex() == e[1]
        if kind == "date":
            ns = int(e[1])
            if isinstance(v, datetime.datetime):
                return abs((v - epoch) // datetime.timedelta(microseconds=1) * 1000 - ns) < 2000
            return abs(int(v) * 1_000_000 - ns) < 1_000_000
        return False
    """# + "\n" + pythonWalk + "\n" + #"""
    for name, objects in expected.items():
        check(["list", [["dict", o] for o in objects]], actual.get(name), [name])
    report()
    """#

    /// The part of both pymongo comparisons that walks the expected values (`["list", …]`,
    /// `["dict", …]`, leaves handed to the script's own `same(e, v)`), collects the mismatches in
    /// `problems`, and `report()`s them: `compared N values`, or the first 20 and exit status 1.
    static let pythonWalk = #"""
    def check(e, v, path):
        global count
        count += 1
        if e is None:
            ok = v is None
        elif e[0] == "list":
            ok = isinstance(v, list) and len(v) == len(e[1])
            if ok:
                for i, (ee, vv) in enumerate(zip(e[1], v)): check(ee, vv, path + [i])
        elif e[0] == "dict":
            ok = isinstance(v, dict) and set(v) == set(e[1])
            if ok:
                for k in e[1]: check(e[1][k], v[k], path + [k])
        else:
            ok = same(e, v)
        if not ok: problems.append("%s: expected %r, pymongo read %r" % ("/".join(map(str, path)), e, v))
    def report():
        if problems:
            print("\n".join(problems[:20])); sys.exit(1)
        print("compared %d values" % count)
    """#
}
