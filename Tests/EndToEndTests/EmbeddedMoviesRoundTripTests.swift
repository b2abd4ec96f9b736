import Foundation
import TestSupport
import Testing

/// MongoDB's `sample_mflix.embedded_movies` shape: each document with a 2,048-byte vector
/// (binary subtype 9) in `plot_embedding`, which the schema keeps (`subtype: 9`,
/// docs/schema-rules.md, section 1.7). A mongodump `.bson` file goes through `realm-import`
/// and `realm-export --type bson` byte for byte, and through Extended JSON too.
///
/// What makes the bytes exact: the documents (written by pymongo) have their fields in the
/// schema's order, every field present (none null), integers that fit 32 bits as int32 (as
/// pymongo writes Python ints and the export writes them), doubles as doubles, dates in whole
/// milliseconds, and are sorted by `_id`, the primary key the export orders by.
@Suite struct EmbeddedMoviesRoundTripTests {
    static let schema = Repository.path("Tests/Fixtures/embedded-movies/embedded_movies.yaml")

    /// Three movies as mongodump writes them, in `embedded_movies.bson` of a new directory.
    /// The vector is an int8 vector (dtype 0x03, padding 0, then 2,046 elements) of seeded bytes.
    static func dump() throws -> (directory: String, bson: Data) {
        let path = try PyMongoBSON.file("""
            [SON([('_id', ObjectId('573a1390f29313caabcd%04x' % i)), ('plot', 'A plot %d.' % i), ('genres', ['Drama', 'Action']),
                  ('runtime', 100 + i), ('cast', ['Ann', 'Bo']), ('num_mflix_comments', i), ('poster', 'https://m.example/%d.jpg' % i),
                  ('title', 'Movie %d' % i), ('fullplot', 'The full plot of movie %d.' % i), ('languages', ['English']),
                  ('released', datetime.datetime(1990 + i, 3, 1, 12, 0, 0, 250000)), ('directors', ['Di']), ('writers', []),
                  ('awards', SON([('wins', i), ('nominations', 2 * i), ('text', '%d wins.' % i)])),
                  ('lastupdated', '2015-09-01 00:20:03.350000000'), ('year', 1990 + i),
                  ('imdb', SON([('rating', 6.5 + i / 4), ('votes', 1000 * i + 7), ('id', 12345 + i)])),
                  ('countries', ['USA']), ('type', 'movie'),
                  ('plot_embedding', Binary(b'\\x03\\x00' + bytes((i * 7 + k * 13) % 256 for k in range(2046)), 9))])
             for i in range(3)]
            """, name: "embedded_movies.bson")
        return ((path as NSString).deletingLastPathComponent, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aDumpRoundTripsByteForByteThroughBSON() throws {
        let (directory, input) = try Self.dump()
        #expect(input.count > 3 * 2048)
        let imported = try Tool.run("realm-import", ["--store", "movies.realm", "--schema", Self.schema, "--quiet",
                                                     "embedded_movies.bson"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try Tool.run("realm-export", ["--store", "movies.realm", "--type", "bson", "-o", "dump"], in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        let output = try Data(contentsOf: URL(fileURLWithPath: directory + "/dump/embedded_movies.bson"))
        #expect(output == input)
    }

    @Test func extendedJSONKeepsSubtypeNineBothWays() throws {
        let (directory, input) = try Self.dump()
        #expect(try Tool.run("realm-import", ["--store", "a.realm", "--schema", Self.schema, "--quiet", "embedded_movies.bson"],
                             in: directory).status == 0)
        for mode in [[], ["--canonical"]] {
            let json = try Tool.run("realm-export", ["--store", "a.realm", "--class", "embedded_movies", "--ndjson"] + mode,
                                    in: directory)
            #expect(json.status == 0, "\(json.stderr)")
            let lines = json.stdout.split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines.allSatisfy { $0.contains(#""subType":"09"}}"#) }, "\(json.stdout.prefix(300))")
            try json.stdout.write(toFile: directory + "/movies.ndjson", atomically: true, encoding: .utf8)
            let store = "json\(mode.count).realm"
            let back = try Tool.run("realm-import", ["--store", store, "--schema", Self.schema, "--class", "embedded_movies",
                                                     "--quiet", "movies.ndjson"], in: directory)
            #expect(back.status == 0, "\(back.stderr)")
            let bson = try Tool.run("realm-export", ["--store", store, "--type", "bson", "--class", "embedded_movies",
                                                    "-o", "\(store).bson"], in: directory)
            #expect(bson.status == 0, "\(bson.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(store).bson")) == input, "\(mode)")
        }
    }

    /// Another subtype for the vector property is a located error in BSON's terms, and nothing
    /// is written.
    @Test func anotherSubtypeIsALocatedBSONError() throws {
        let directory = try Temporary.path("realm-movies")
        let bad = try PyMongoBSON.bytes("""
            [SON([('_id', ObjectId('573a1390f29313caabcd0001')), ('title', 'Five'), ('year', 1990), ('lastupdated', ''),
                  ('num_mflix_comments', 0), ('type', 'movie'), ('plot_embedding', Binary(b'\\x03\\x00\\x01', 5))]),
             SON([('_id', ObjectId('573a1390f29313caabcd0002')), ('title', 'Zero'), ('year', 1991), ('lastupdated', ''),
                  ('num_mflix_comments', 0), ('type', 'movie'), ('plot_embedding', Binary(b'\\x03\\x00\\x01', 0))])]
            """)
        try Data(bad).write(to: URL(fileURLWithPath: directory + "/embedded_movies.bson"))
        let run = try Tool.run("realm-import", ["--store", "bad.realm", "--schema", Self.schema, "embedded_movies.bson"],
                               in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        let second = Int(bad[0])
        let fieldStart = 4 + (1 + 4 + 12) + (1 + 6 + 4 + 5) + (1 + 5 + 4) + (1 + 12 + 4 + 1) + (1 + 19 + 4) + (1 + 5 + 4 + 6)
        #expect(run.stderr == """
            error: Invalid value of BSON type 'binary subtype 0x05 (MD5)' for 'data' property 'embedded_movies.plot_embedding': \
            the property keeps binary subtype 0x09 (vector) only.
            note: in BSON document 1 of embedded_movies.bson, which starts at byte 0; the element starts at byte \(fieldStart)
            note: the schema gives 'plot_embedding' 'subtype: 9'; a binary of another subtype is another value \
            (write 'subtype: 5' to keep binary subtype 0x05 (MD5) instead)
            note: at field path plot_embedding
            error: Invalid value of BSON type 'binary subtype 0x00 (generic)' for 'data' property 'embedded_movies.plot_embedding': \
            the property keeps binary subtype 0x09 (vector) only.
            note: in BSON document 2 of embedded_movies.bson, which starts at byte \(second); the element starts at byte \
            \(second + fieldStart)
            note: the schema gives 'plot_embedding' 'subtype: 9'; a binary of another subtype is another value \
            (leave 'subtype' out to keep generic binary instead)
            note: at field path plot_embedding
            2 errors; nothing was written

            """)
        #expect(!FileManager.default.fileExists(atPath: directory + "/bad.realm"))
    }

    /// The store keeps the subtype with its schema (`realm-schema dump` writes it), and a
    /// changed subtype is a change to `realm-schema json-schema --check`.
    @Test func theSubtypeIsPartOfTheSchema() throws {
        let (directory, _) = try Self.dump()
        #expect(try Tool.run("realm-import", ["--store", "a.realm", "--schema", Self.schema, "--quiet", "embedded_movies.bson"],
                             in: directory).status == 0)
        let dumped = try Tool.run("realm-schema", ["dump", "--store", "a.realm"], in: directory)
        #expect(dumped.status == 0, "\(dumped.stderr)")
        #expect(dumped.stdout.contains(
            "plot_embedding: { type: data, subtype: 9, doc: \"The plot as a BSON vector (binary subtype 9).\" }\n"), "\(dumped.stdout)")
        let text = try String(contentsOfFile: Self.schema, encoding: .utf8)
        try text.write(toFile: directory + "/movies.yaml", atomically: true, encoding: .utf8)
        #expect(try Tool.run("realm-schema", ["json-schema", "movies.yaml", "-o", "json"], in: directory).status == 0)
        #expect(try Tool.run("realm-schema", ["json-schema", "movies.yaml", "-o", "json", "--check"], in: directory).status == 0)
        try text.replacingOccurrences(of: "subtype: 9,", with: "subtype: 128,")
            .write(toFile: directory + "/movies.yaml", atomically: true, encoding: .utf8)
        let check = try Tool.run("realm-schema", ["json-schema", "movies.yaml", "-o", "json", "--check"], in: directory)
        #expect(check.status == 1, "\(check.stderr)")
    }

    /// A `.realm` file has no subtypes: its data, imported with the same schema, takes the
    /// property's subtype, so store → `.realm` → store → BSON gives the dump's bytes again.
    @Test func aRealmFileOfTheStoreRoundTripsToo() throws {
        let (directory, input) = try Self.dump()
        #expect(try Tool.run("realm-import", ["--store", "a.realm", "--schema", Self.schema, "--quiet", "embedded_movies.bson"],
                             in: directory).status == 0)
        let file = try Tool.run("realm-export", ["--store", "a.realm", "--type", "realm", "-o", "App.realm"], in: directory)
        #expect(file.status == 0, "\(file.stderr)")
        let back = try Tool.run("realm-import", ["--store", "b.realm", "--schema", Self.schema, "--quiet", "--type", "realm",
                                                 "--class", "embedded_movies", "App.realm"], in: directory)
        #expect(back.status == 0, "\(back.stderr)")
        let bson = try Tool.run("realm-export", ["--store", "b.realm", "--type", "bson", "--class", "embedded_movies",
                                                "-o", "b.bson"], in: directory)
        #expect(bson.status == 0, "\(bson.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/b.bson")) == input)
    }
}
