import Foundation
import Testing

/// BSON written by an independent writer: PyPI pymongo's `bson` module (installed by
/// `scripts/install-deps.sh`). `documents` is a Python expression for a list of documents, with
/// `bson`, `Binary`, `Decimal128`, `Int64`, `ObjectId`, `SON`, `DatetimeMS`, `datetime` and
/// `uuid` in scope.
///
/// For example:
///
///     let path = try PyMongoBSON.file("[{'_id': 1, 'born': DatetimeMS(-1000)}]", name: "people.bson")
public enum PyMongoBSON {
    private static let script = """
        import sys, datetime, uuid, gzip
        import bson
        from bson import Binary, Decimal128, Int64, ObjectId, SON, json_util
        from bson.datetime_ms import DatetimeMS
        docs = eval(sys.argv[2])
        data = b''.join(bson.encode(d) for d in docs)
        open(sys.argv[1], 'wb').write(gzip.compress(data) if sys.argv[1].endswith('.gz') else data)
        if len(sys.argv) > 3:
            with open(sys.argv[3], 'w') as out:
                for d in docs:
                    out.write(json_util.dumps(d, json_options=json_util.CANONICAL_JSON_OPTIONS) + '\\n')
        """

    /// Writes the documents as BSON to a new file `name` (gzip-compressed when it ends in
    /// `.gz`) and returns its path; with `json`, also as canonical Extended JSON (NDJSON) there.
    public static func file(_ documents: String, name: String = "input.bson", json: String? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let directory = try Temporary.path("realm-bson")
        let path = directory + "/" + name
        let result = try Command.run("python3", ["-c", script, path, documents] + (json.map { [directory + "/" + $0] } ?? []))
        #expect(result.status == 0, "pymongo: \(result.stderr)", sourceLocation: sourceLocation)
        return path
    }

    /// The BSON bytes of the documents.
    public static func bytes(_ documents: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let path = try file(documents, sourceLocation: sourceLocation)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The BSON bytes of the documents and the same documents as canonical Extended JSON.
    public static func withJSON(_ documents: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> (bson: [UInt8], json: String) {
        let path = try file(documents, json: "input.json", sourceLocation: sourceLocation)
        let json = (path as NSString).deletingLastPathComponent + "/input.json"
        return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), try String(contentsOfFile: json, encoding: .utf8))
    }
}
