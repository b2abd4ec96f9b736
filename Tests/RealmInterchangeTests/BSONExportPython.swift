import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// pymongo's `bson` module (PyPI, installed by `scripts/install-deps.sh`) as the independent
/// reader of what `BSONExporter` writes.
enum BSONExportPython {
    /// Exports `store` as BSON into `directory` (`<Class>.bson` each) and returns the files.
    @discardableResult
    static func export(_ store: Store, _ options: ExportOptions = ExportOptions(), into directory: String) throws -> [String: [UInt8]] {
        var outputs: [String: ExportOutput] = [:]
        try BSONExporter(store: store, options: options).export { model in
            let output = ExportOutput.memory(capacity: 1000)
            outputs[model.name] = output
            return output
        }
        var files: [String: [UInt8]] = [:]
        for (name, output) in outputs {
            files[name] = output.bytes
            try Data(output.bytes).write(to: URL(fileURLWithPath: directory + "/" + name + ".bson"))
        }
        return files
    }

    /// Compares the `.bson` files in `directory` with `ExportExpectedValues`' document of
    /// `store`; records pymongo's complaints as issues.
    static func expectEqual(_ store: Store, directory: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try ExportExpectedValues(store: store).document()
        try JSONSerialization.data(withJSONObject: expected).write(to: URL(fileURLWithPath: directory + "/expected.json"))
        let result = try Command.run("python3", ["-c", comparison, directory, directory + "/expected.json"])
        let output = result.stdout + result.stderr
        #expect(result.status == 0 && output.hasPrefix("compared "), "\(output)", sourceLocation: sourceLocation)
    }

    /// Converts every `<Class>.bson` in `directory` into `{"Class": [...]}` canonical Extended
    /// JSON with pymongo's json_util: an independent path from BSON back to `realm-import`.
    static func canonicalJSON(directory: String, classes: [String]) throws -> String {
        let result = try Command.run("python3", ["-c", toCanonical, directory] + classes)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    static let toCanonical = #"""
    import os, sys
    from bson import decode_all
    from bson.codec_options import CodecOptions, DatetimeConversion
    from bson.json_util import dumps, CANONICAL_JSON_OPTIONS
    options = CodecOptions(tz_aware=True, datetime_conversion=DatetimeConversion.DATETIME_AUTO)
    out = {}
    for name in sys.argv[2:]:
        out[name] = decode_all(open(os.path.join(sys.argv[1], name + ".bson"), "rb").read(), options)
    sys.stdout.write(dumps(out, json_options=CANONICAL_JSON_OPTIONS))
    """#

    /// Reads `<Class>.bson` files (argv[1]) with pymongo and compares them with the expected
    /// values (argv[2]) strictly by BSON type: ints fitting 32 bits are int32, others Int64;
    /// data is binary subtype 0, UUIDs subtype 4; dates are the milliseconds toward 1970.
    static let comparison = #"""
    import datetime, json, os, struct, sys
    from bson import decode_all
    from bson.binary import Binary
    from bson.codec_options import CodecOptions, DatetimeConversion
    from bson.datetime_ms import DatetimeMS
    from bson.decimal128 import Decimal128
    from bson.int64 import Int64
    from bson.objectid import ObjectId
    options = CodecOptions(tz_aware=True, datetime_conversion=DatetimeConversion.DATETIME_AUTO)
    expected = json.load(open(sys.argv[2], encoding="utf-8"))
    epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    problems, count = [], 0
    def ms(v):
        if isinstance(v, DatetimeMS): return int(v)
        if isinstance(v, datetime.datetime): return (v - epoch) // datetime.timedelta(milliseconds=1)
        return None
    def same(e, v):
        kind = e[0]
        if kind == "bool": return type(v) is bool and v == e[1]
        if kind == "int":
            n = int(e[1])
            return type(v) is (int if -2**31 <= n < 2**31 else Int64) and int(v) == n
        if kind == "float": return type(v) is float and struct.pack(">f", v).hex() == e[1]
        if kind == "double": return type(v) is float and struct.pack(">d", v).hex() == e[1]
        if kind == "string": return type(v) is str and v == e[1]
        if kind == "binary0": return type(v) is bytes and v.hex() == e[1]
        if kind == "binary4": return isinstance(v, Binary) and v.subtype == 4 and bytes(v).hex() == e[1]
        if kind == "oid": return isinstance(v, ObjectId) and str(v) == e[1]
        if kind == "decimal": return isinstance(v, Decimal128) and v.bid.hex() == e[1]
        if kind == "date":
            ns = int(e[1])
            return ms(v) == (ns // 10**6 if ns >= 0 else -((-ns) // 10**6))
        return False
    """# + "\n" + ExportExpectedValues.pythonWalk + "\n" + #"""
    for name, objects in expected.items():
        actual = decode_all(open(os.path.join(sys.argv[1], name + ".bson"), "rb").read(), options)
        check(["list", [["dict", o] for o in objects]], actual, [name])
    report()
    """#
}
