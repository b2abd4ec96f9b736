import Foundation
import Testing

/// Directories in `mongodump`'s layout written by PyPI pymongo (`scripts/install-deps.sh`):
/// `<collection>.bson` made with `bson.encode`, and `<collection>.metadata.json` as mongodump
/// writes it, canonical Extended JSON (`json_util.CANONICAL_JSON_OPTIONS`) of
/// `{"indexes": […], "uuid": …, "collectionName": …, "type": …}`.
///
/// `body` is Python run in the directory, with `collection(...)`, `write(...)`, the `bson`
/// names of `PyMongoBSON` and `ID_INDEX` (`_id_`) in scope:
///
///     collection(path, documents, indexes=[ID_INDEX], gzip=False, metadata=True,
///                collection_name=None, kind='collection', metadata_gzip=None)
///     write(path, text)    # any other file
///
/// For example:
///
///     let dump = try PyMongoDump.directory("""
///         collection('shop/Person', [{'_id': 1, 'name': 'Ann'}],
///                    indexes=[ID_INDEX, {'v': 2, 'key': {'email': 1}, 'name': 'email_1', 'unique': True}])
///         collection('shop/Dog', [{'_id': 7}], gzip=True)
///         """)
///     // dump/shop/Person.bson, Person.metadata.json, Dog.bson.gz, Dog.metadata.json.gz
public enum PyMongoDump {
    private static let prelude = """
        import os, sys, gzip, datetime, uuid
        import bson
        from bson import Binary, Decimal128, Int64, ObjectId, SON, json_util
        ID_INDEX = {'v': 2, 'key': {'_id': 1}, 'name': '_id_'}
        def write(path, data):
            os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
            data = data.encode() if isinstance(data, str) else data
            open(path, 'wb').write(gzip.compress(data) if path.endswith('.gz') else data)
        def collection(path, documents, indexes=[ID_INDEX], gzip=False, metadata=True, collection_name=None,
                       kind='collection', metadata_gzip=None):
            suffix = '.gz' if gzip else ''
            write(path + '.bson' + suffix, b''.join(bson.encode(d) for d in documents))
            if metadata:
                name = collection_name if collection_name is not None else os.path.basename(path)
                text = json_util.dumps({'indexes': indexes, 'uuid': uuid.uuid4().hex, 'collectionName': name, 'type': kind},
                                       json_options=json_util.CANONICAL_JSON_OPTIONS)
                write(path + '.metadata.json' + ('.gz' if (gzip if metadata_gzip is None else metadata_gzip) else ''), text)

        """

    /// The schema the dump tests import into: `Person` (a primary key, a plain and a full-text
    /// index, a link to `Dog`), `Dog`, `Note` (no primary key; a property named `indexes`, as
    /// metadata has) and the embedded `Place`.
    public static let schema = """
        models:
          Person:
            primaryKey: _id
            properties:
              _id: int
              name: { type: string, indexed: true }
              email: string?
              age: int?
              bio: { type: string?, indexed: fulltext }
              title: string?
              dog: Dog?
          Dog:
            primaryKey: _id
            properties:
              _id: int
              name: string
          Note:
            properties:
              text: string?
              indexes: string[]
          Place:
            embedded: true
            properties:
              city: string
        """

    /// Runs `body` (see above) in a new directory and returns its path.
    public static func directory(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let directory = try Temporary.path("realm-dump")
        let result = try Command.run("python3", ["-c", prelude + body], in: directory)
        #expect(result.status == 0, "pymongo: \(result.stderr)", sourceLocation: sourceLocation)
        return directory
    }
}
