import Foundation
import RealmEngine
import TestSupport
import Testing

/// `realm-import --type csv|tsv` and `realm-export --type csv|tsv` (docs/csv.md): cells typed
/// by the schema, located errors, quoting, and round trips back to the same store.
@Suite struct CSVCommandTests {
    /// The shape of MongoDB's `zips` sample: strings, an int, a point as two double columns.
    static let zipsSchema = """
        models:
          Zip:
            primaryKey: zip
            properties:
              zip: string
              city: string
              state: string
              pop: int
              loc: Point?
          Point:
            embedded: true
            properties:
              x: double
              y: double
        """

    /// Every cell type, a link by primary key, JSON cells and defaults.
    static let everyTypeSchema = """
        models:
          Thing:
            primaryKey: id
            properties:
              id: int
              flag: bool
              small: float?
              ratio: double
              name: string
              nick: string?
              level: {type: int, default: 7}
              born: date?
              oid: objectId?
              uid: uuid?
              blob: data?
              price: decimal128?
              tags: string[]
              scores: int{}
              any: mixed
              owner: Owner?
          Owner:
            primaryKey: code
            properties:
              code: string
        """

    func workspace(_ schema: String, files: [String: String] = [:]) throws -> String {
        let directory = try Temporary.path("realm-csv")
        try schema.write(toFile: directory + "/schema.yaml")
        for (name, text) in files { try text.write(toFile: directory + "/" + name) }
        return directory
    }

    func run(_ tool: String, _ arguments: [String], in directory: String, input: String = "") throws -> ProcessResult {
        try Tool.run(tool, arguments, in: directory, input: Data(input.utf8))
    }

    @Test func zipsRoundTripThroughCSV() throws {
        // Quoted comma, doubled quotes, a line break inside quotes, CRLF line ends, a missing point.
        let csv = "zip,city,state,pop,loc.x,loc.y\r\n"
            + "01001,AGAWAM,MA,15338,-72.622739,42.070206\r\n"
            + "01002,\"CUSHMAN, \"\"EAST\"\"\",MA,36963,-72.51565,42.377017\r\n"
            + "01005,\"BARRE\nNORTH\",MA,4546,-72.108354,42.409698\r\n"
            + "99950,KETCHIKAN,AK,422,,\r\n"
        let directory = try workspace(Self.zipsSchema, files: ["zips.csv": csv])
        let load = try run("realm-import", ["--store", "a.realm", "--schema", "schema.yaml", "--class", "Zip", "--type", "csv",
                                            "zips.csv"], in: directory)
        #expect(load.status == 0, "\(load.stderr)")
        let store = try Store(path: directory + "/a.realm")
        #expect(try store.count("Zip") == 4)
        let json = try run("realm-export", ["--store", "a.realm", "--ndjson", "--class", "Zip"], in: directory)
        #expect(json.stdout.contains(#"{"zip":"01002","city":"CUSHMAN, \"EAST\"","state":"MA","pop":36963,"loc":{"x":-72.51565,"y":42.377017}}"#))
        #expect(json.stdout.contains(#""city":"BARRE\nNORTH""#))
        #expect(json.stdout.contains(#"{"zip":"99950","city":"KETCHIKAN","state":"AK","pop":422,"loc":null}"#))

        let exported = try run("realm-export", ["--store", "a.realm", "--type", "csv", "-o", "out.csv"], in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: directory + "/out.csv", encoding: .utf8)
        #expect(text == csv.replacingOccurrences(of: "\r\n", with: "\n"))
        let again = try run("realm-import", ["--store", "b.realm", "--schema", "schema.yaml", "--class", "Zip", "--type", "csv",
                                             "out.csv"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try run("realm-export", ["--store", "b.realm", "--ndjson", "--class", "Zip"], in: directory)
        #expect(second.stdout == json.stdout)
    }

    /// `--sort`, `--skip` and `--limit` choose the rows of a CSV export as they do for JSON.
    @Test func aSelectionSkipsSortsAndLimitsTheRows() throws {
        let csv = "zip,city,state,pop,loc.x,loc.y\n"
            + "01001,AGAWAM,MA,15338,,\n01002,CUSHMAN,MA,36963,,\n01005,BARRE,MA,4546,,\n99950,KETCHIKAN,AK,422,,\n"
        let directory = try workspace(Self.zipsSchema, files: ["zips.csv": csv])
        let load = try run("realm-import", ["--store", "a.realm", "--schema", "schema.yaml", "--class", "Zip", "--type", "csv",
                                            "zips.csv"], in: directory)
        #expect(load.status == 0, "\(load.stderr)")
        let exported = try run("realm-export", ["--store", "a.realm", "--type", "csv", "--fields", "zip,pop",
                                                "--sort", "-pop", "--skip", "1", "--limit", "2"], in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == "zip,pop\n01001,15338\n01005,4546\n")
    }

    @Test func everyCellTypeImportsAndExportsBack() throws {
        let csv = """
            id,flag,small,ratio,name,nick,level,born,oid,uid,blob,price,tags,scores,any,owner
            1,true,1.5,NaN,"a ""q"", b",,,2024-02-29T12:30:00.125Z,65f1a2b3c4d5e6f708192a3b,0b6e3c6a-4f59-4e59-9b2f-2f1d3c4e5f60,aGVsbG8=,12.50,"[""x"",""y""]","{""k"":1}","{""n"":[1,2.5]}",O1
            2,false,,-0.0,"",Zed,3,,,,,,,,,

            """
        let directory = try workspace(Self.everyTypeSchema, files: ["things.csv": csv, "owners.json": #"{"code": "O1"}"#])
        let owners = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Owner", "owners.json"],
                             in: directory)
        #expect(owners.status == 0, "\(owners.stderr)")
        let load = try run("realm-import", ["--store", "s.realm", "--class", "Thing", "--type", "csv", "things.csv"], in: directory)
        #expect(load.status == 0, "\(load.stderr)")
        let json = try run("realm-export", ["--store", "s.realm", "--ndjson", "--class", "Thing"], in: directory)
        let lines = json.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"id":1,"flag":true,"small":1.5,"ratio":{"$numberDouble":"NaN"},"name":"a \"q\", b","nick":null,"level":7,"#
                + #""born":{"$date":"2024-02-29T12:30:00.125Z"},"oid":{"$oid":"65f1a2b3c4d5e6f708192a3b"},"#
                + #""uid":{"$uuid":"0b6e3c6a-4f59-4e59-9b2f-2f1d3c4e5f60"},"blob":{"$binary":{"base64":"aGVsbG8=","subType":"00"}},"#
                + #""price":{"$numberDecimal":"12.50"},"tags":["x","y"],"scores":{"k":1},"any":{"n":[1,2.5]},"owner":"O1"}"#,
            #"{"id":2,"flag":false,"small":null,"ratio":-0.0,"name":"","nick":"Zed","level":3,"born":null,"oid":null,"#
                + #""uid":null,"blob":null,"price":null,"tags":[],"scores":{},"any":null,"owner":null}"#,
        ])
        // Back out with every column named: the same cells (an empty collection as its JSON).
        let fields = "id,flag,small,ratio,name,nick,level,born,oid,uid,blob,price,tags,scores,any,owner"
        let exported = try run("realm-export", ["--store", "s.realm", "--class", "Thing", "--type", "csv", "--fields", fields],
                               in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        let rows = exported.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[1] == csv.split(separator: "\n")[1].replacingOccurrences(of: "NaN,\"a", with: "NaN,\"a")
            .replacingOccurrences(of: ",,,2024", with: ",,7,2024"))
        #expect(rows[2] == #"2,false,,-0.0,"",Zed,3,,,,,,[],{},,"#)
    }

    @Test func cellErrorsAreLocatedByLineColumnAndHeader() throws {
        let csv = """
            id,flag,ratio,name,born
            1,yes,1,a,2024-01-01T00:00:00Z
            2,true,1.5e3,,2024-13-01T00:00:00Z
            3,true,x,b,

            """
        let directory = try workspace(Self.everyTypeSchema, files: ["bad.csv": csv])
        let result = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Thing", "--type", "csv",
                                              "bad.csv"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.csv:2:3: error: Invalid value 'yes' of type 'string' for 'bool' property 'Thing.flag'."))
        #expect(result.stderr.contains("bad.csv:2:3: note: in column 'flag'"))
        #expect(result.stderr.contains("bad.csv:3:14: error: Invalid value 'null' of type 'null' for 'string' property 'Thing.name'."))
        #expect(result.stderr.contains("bad.csv:3:15: error:"))
        #expect(result.stderr.contains("bad.csv:3:15: note: in column 'born'\n"))
        #expect(result.stderr.contains("bad.csv:4:8: error: Invalid value 'x' of type 'string' for 'double' property 'Thing.ratio'."))
        #expect(result.stderr.contains("4 errors; nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.realm"))
    }

    @Test func malformedTextIsLocatedAfterTheRowsBeforeIt() throws {
        let cases: [(String, String)] = [
            ("id,flag,ratio,name\n1,true,1,\n2,true,1,\"open\n", "bad.csv:3:10: error: this quoted cell is never closed"),
            ("id,flag,ratio,name\n1,true,1,\n2,true,1,a,5\n", "bad.csv:3:12: error: this row has 5 cells, the header 4"),
            ("id,flag,ratio,name\n1,true,1,\n2,true,1,x\"y\n", "bad.csv:3:11: error: a '\"' inside an unquoted cell"),
            ("id,flag,ratio,name\n1,true,1,\n2,true,1,\"a\"b\n", "bad.csv:3:13: error: expected ',' or the end of the line"),
            ("id,flag,ratio,name,tags\n1,true,1,,\n2,true,1,a,\"[1,\"\n", "bad.csv:3:16: error: the cell of column 'tags' (list) must be JSON text"),
            ("id,flag,ratio,name\n1,true,1,\n", "bad.csv:2:10: error: Invalid value 'null'"),
            ("id,flag,name,flag\n", "bad.csv:1:14: error: the column 'flag' is named twice"),
        ]
        for (csv, expected) in cases {
            let directory = try workspace(Self.everyTypeSchema, files: ["bad.csv": csv])
            let result = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Thing", "--type", "csv",
                                                  "bad.csv"], in: directory)
            #expect(result.status == 1, "\(csv)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            // The row before the malformed one is reported too (its name is missing).
            if csv.contains("\n1,true,1,\n2") {
                #expect(result.stderr.contains("bad.csv:2:10: error: Invalid value 'null'"), "\(result.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/s.realm"))
        }
    }

    @Test func fieldsNameTheColumnsOfHeaderlessInput() throws {
        let directory = try workspace(Self.zipsSchema, files: ["zips.tsv": "01001\tAGAWAM\t15338\t1.5\n01002\tCUSHMAN\t36963\t\n"])
        let load = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Zip", "--type", "tsv",
                                            "--fields", "zip,city,pop,loc.x", "zips.tsv"], in: directory)
        // `state` is required and has no default: missing in both rows.
        #expect(load.status == 1)
        #expect(load.stderr.contains("zips.tsv:1:1: error: Missing value for property 'Zip.state'"), "\(load.stderr)")
        let schema = Self.zipsSchema.replacingOccurrences(of: "state: string", with: "state: {type: string, default: XX}")
            .replacingOccurrences(of: "y: double", with: "y: {type: double, default: 0}")
        let other = try workspace(schema, files: ["zips.tsv": "01001\tAGAWAM\t15338\t1.5\n01002\tCUSHMAN\t36963\t\n"])
        let again = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Zip", "--type", "tsv",
                                             "--fields", "zip,city,pop,loc.x", "zips.tsv"], in: other)
        #expect(again.status == 0, "\(again.stderr)")
        let json = try run("realm-export", ["--store", "s.realm", "--ndjson", "--class", "Zip"], in: other)
        #expect(json.stdout == #"{"zip":"01001","city":"AGAWAM","state":"XX","pop":15338,"loc":{"x":1.5,"y":0.0}}"# + "\n"
            + #"{"zip":"01002","city":"CUSHMAN","state":"XX","pop":36963,"loc":null}"# + "\n")
        let usage = try run("realm-import", ["--store", "s.realm", "--class", "Zip", "--fields", "zip", "zips.tsv"], in: other)
        #expect(usage.status == 64)
        let noClass = try run("realm-import", ["--store", "s.realm", "--type", "tsv", "zips.tsv"], in: other)
        #expect(noClass.status == 64)
        #expect(noClass.stderr.contains("'zips.tsv' is CSV or TSV: name the class of its rows with --class (one of: Zip)"))
    }

    /// Without a header line the columns are `--fields`' (or `--fieldFile`'s, taken as `--fields`):
    /// a row of another length says so, in CSV and TSV; nothing is written.
    @Test func aRowOfTheWrongLengthAgainstFieldsSaysFields() throws {
        let expected = "this row has 6 cells, --fields names 4 columns (the input has no header line)"
        let directory = try workspace(Self.zipsSchema, files: [
            "zips.csv": "01001,AGAWAM,MA,15338\n01002,CUSHMAN,MA,36963\n01005,BARRE,MA,4546\n01007,BELCHERTOWN,MA,10579,1.5,2\n",
            "zips.tsv": "01001\tAGAWAM\tMA\t15338\n01002\tCUSHMAN\tMA\t36963\n01005\tBARRE\tMA\t4546\n01007\tBELCHERTOWN\tMA\t10579\t1.5\t2\n",
            "fields.txt": "zip\ncity\nstate\npop\n",
        ])
        let runs = [
            ("zips.csv:4:28", ["--type", "csv", "--fields", "zip,city,state,pop", "zips.csv"]),
            ("zips.csv:4:28", ["--type", "csv", "--fieldFile", "fields.txt", "zips.csv"]),
            ("zips.tsv:4:28", ["--type", "tsv", "--fields", "zip,city,state,pop", "zips.tsv"]),
        ]
        for (location, arguments) in runs {
            let result = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Zip"] + arguments,
                                 in: directory)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("\(location): error: \(expected)\n"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/s.realm"))
        }
    }

    /// Without `--fields`, CSV and TSV export leave out lists, sets and maps (docs/csv.md,
    /// section 4) and say which, once, on stderr; `--quiet` silences the note, the rows stay the
    /// same; `--fields` naming them writes them, and with nothing left out there is no note.
    @Test func leftOutCollectionsAreNamedOnce() throws {
        let schema = """
            models:
              Person:
                primaryKey: id
                properties:
                  id: int
                  tags: string[]
                  home: Address?
                  scores: int{}
              Address:
                embedded: true
                properties:
                  city: string
                  codes: int<>
            """
        let directory = try workspace(schema)
        let load = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Person", "-"],
                           in: directory, input: #"{"id": 1, "tags": ["a"], "home": {"city": "X", "codes": [1]}, "scores": {"k": 2}}"#
                            + "\n" + #"{"id": 2, "tags": [], "home": null, "scores": {}}"#)
        #expect(load.status == 0, "\(load.stderr)")
        let rows = "id,home.city\n1,X\n2,\n"
        for type in ["csv", "tsv"] {
            let noted = try run("realm-export", ["--store", "s.realm", "--type", type], in: directory)
            #expect(noted.status == 0)
            #expect(noted.stdout == (type == "csv" ? rows : rows.replacingOccurrences(of: ",", with: "\t")))
            #expect(noted.stderr == "note: \(type.uppercased()) has no column for lists, sets and maps: left out Person.tags, "
                    + "Person.home.codes, Person.scores (name them in --fields to write them as JSON cells)\n", "\(noted.stderr)")
            let quiet = try run("realm-export", ["--store", "s.realm", "--type", type, "--quiet"], in: directory)
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
            #expect(quiet.stdout == noted.stdout)
        }
        let toFile = try run("realm-export", ["--store", "s.realm", "--type", "csv", "-o", "people.csv", "--error-format", "json"],
                             in: directory)
        #expect(toFile.status == 0)
        #expect(try String(contentsOfFile: directory + "/people.csv", encoding: .utf8) == rows)
        #expect(toFile.stderr.hasPrefix(#"{"severity":"note","kind":"left-out","message":"CSV has no column"#), "\(toFile.stderr)")
        #expect(toFile.stderr.split(separator: "\n").count == 1)
        let named = try run("realm-export", ["--store", "s.realm", "--type", "csv", "--fields", "id,tags"], in: directory)
        #expect(named.status == 0 && named.stderr.isEmpty, "\(named.stderr)")
        #expect(named.stdout == "id,tags\n1,\"[\"\"a\"\"]\"\n2,[]\n")
        // JSON export writes every property: nothing to say.
        let json = try run("realm-export", ["--store", "s.realm", "--ndjson"], in: directory)
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
    }

    @Test func valuesTheFormatCannotHoldAreErrors() throws {
        let directory = try workspace(Self.zipsSchema)
        let load = try run("realm-import", ["--store", "s.realm", "--schema", "schema.yaml", "--class", "Zip", "-"], in: directory,
                           input: #"{"zip": "1", "city": "A\tB", "state": "", "pop": 1}"#)
        #expect(load.status == 0, "\(load.stderr)")
        let tab = try run("realm-export", ["--store", "s.realm", "--type", "tsv", "--fields", "zip,city", "-o", "out.tsv"],
                          in: directory)
        #expect(tab.status == 1)
        #expect(tab.stderr.contains("TSV cannot hold a tab or line break exactly: Zip"), "\(tab.stderr)")
        #expect(tab.stderr.contains("property 'city'"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/out.tsv"))
        let empty = try run("realm-export", ["--store", "s.realm", "--type", "tsv", "--fields", "zip,state"], in: directory)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("TSV cannot hold an empty string (an empty cell is null) exactly"), "\(empty.stderr)")
        // CSV quotes both.
        let csv = try run("realm-export", ["--store", "s.realm", "--type", "csv"], in: directory)
        #expect(csv.stdout == "zip,city,state,pop,loc.x,loc.y\n1,A\tB,\"\",1,,\n")
        let unknown = try run("realm-export", ["--store", "s.realm", "--type", "csv", "--fields", "zip,loc.z"], in: directory)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("--fields: 'loc.z' is not a property of 'Zip'"))
        let object = try run("realm-export", ["--store", "s.realm", "--type", "csv", "--fields", "loc"], in: directory)
        #expect(object.status == 1)
        #expect(object.stderr.contains("--fields: 'loc' is an embedded object"))
    }

    @Test func benchmarkDataFlatFieldsRoundTrip() throws {
        let directory = try Temporary.path("realm-csv")
        let generated = try Command.run("python3", [Repository.path("bench/gen_people.py"), "200", "--schema", "people.yaml"],
                                        in: directory)
        #expect(generated.status == 0, "\(generated.stderr)")
        try generated.stdout.write(toFile: directory + "/people.ndjson")
        let load = try run("realm-import", ["--store", "a.realm", "--schema", "people.yaml", "--class", "Person", "--mode", "upsert",
                                            "people.ndjson"], in: directory)
        #expect(load.status == 0, "\(load.stderr)")
        let first = try run("realm-export", ["--store", "a.realm", "--class", "Person", "--type", "csv", "-o", "people.csv"],
                            in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try run("realm-import", ["--store", "b.realm", "--schema", "people.yaml", "--class", "Person", "--type", "csv",
                                             "people.csv"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try run("realm-export", ["--store", "b.realm", "--class", "Person", "--type", "csv"], in: directory)
        let text = try String(contentsOfFile: directory + "/people.csv", encoding: .utf8)
        #expect(text.split(separator: "\n").count == 201)
        #expect(second.stdout == text)
    }
}
