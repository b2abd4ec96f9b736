import Foundation
import TestSupport
import Testing

/// mongoimport's and mongoexport's flags on the real tools (docs/mongodb.md, section 1): each is
/// accepted with its note, taken as this tool's equivalent, or refused with what to do instead.
@Suite struct ForeignFlagsCommandTests {
    static let schema = """
        models:
          Item:
            primaryKey: sku
            properties:
              sku: string
              qty: int
        """

    func workspace() throws -> String {
        let directory = try Temporary.path("realm-foreign")
        try Self.schema.write(toFile: directory + "/schema.yaml", atomically: true, encoding: .utf8)
        try #"[{"sku": "A", "qty": 1}, {"sku": "B", "qty": 2}]"#.write(toFile: directory + "/items.json", atomically: true,
                                                                      encoding: .utf8)
        return directory
    }

    func importTool(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item"] + arguments,
                     in: directory)
    }

    @Test(arguments: [
        (["--jsonArray"], "a JSON array is detected from the input"),
        (["--gzip"], "detected from its first bytes"),
        (["--headerline"], "the first line of CSV/TSV input is its header"),
        (["-v"], "shows progress and a summary by default"),
        (["--numInsertionWorkers", "4"], "--numInsertionWorkers has no effect"),
        (["-j", "2"], "--numInsertionWorkers has no effect"),
        (["--maintainInsertionOrder"], "always created in the order of the input"),
        (["--ignoreBlanks"], "--ignoreBlanks is not needed"),
        (["--parseGrace", "stop"], "--parseGrace stop is not needed"),
    ])
    func importNotes(_ flags: [String], _ note: String) throws {
        let directory = try workspace()
        let run = try importTool(flags + ["items.json"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("note: ") && run.stderr.contains(note), "\(run.stderr)")
        #expect(run.stderr.contains("imported 2 objects"), "\(run.stderr)")
        let quiet = try importTool(flags + ["--quiet", "--mode", "upsert", "items.json"], in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test(arguments: [
        (["--parseGrace", "autoCast"], "never converts one"),
        (["--parseGrace", "skipRow"], "never leaves data out"),
        (["--parseGrace=skipField"], "never leaves data out"),
        (["--parseGrace", "often"], "takes autoCast, skipField, skipRow or stop"),
        (["--upsertFields", "sku"], "by the schema's primary key"),
        (["--columnsHaveTypes"], "comes from the schema"),
        (["--useArrayIndexFields"], "are not read as list elements"),
        (["--legacy"], "not the legacy v1 forms"),
        (["--bypassDocumentValidation"], "cannot be turned off"),
        (["--db", "shop"], "give it as --store FILE"),
        (["--host", "localhost"], "there is no server to connect to ('--host')"),
        (["--password", "secret"], "there is no server to connect to ('--password')"),
        (["--ssl"], "there is no server to connect to ('--ssl')"),
    ])
    func importRefusals(_ flags: [String], _ message: String) throws {
        let directory = try workspace()
        let run = try importTool(flags + ["items.json"], in: directory)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"))
    }

    @Test func importEquivalents() throws {
        let directory = try workspace()
        // -c / --collection: --class; --upsert: --mode upsert; --dryRun: --dry-run.
        let dry = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "schema.yaml", "-c", "Item", "--dryRun",
                                                "items.json"], in: directory)
        #expect(dry.status == 0 && !FileManager.default.fileExists(atPath: directory + "/s.sqlite"), "\(dry.stderr)")
        let first = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "schema.yaml", "--collection", "Item",
                                                  "items.json"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try importTool(["--upsert", "items.json"], in: directory)
        #expect(again.status == 0 && again.stderr.contains("0 created, 2 updated"), "\(again.stderr)")
        // --stopOnError: one error reported, as --max-errors 1.
        try #"[{"sku": "C", "qty": "x"}, {"sku": "D", "qty": "y"}]"#.write(toFile: directory + "/bad.json", atomically: true,
                                                                          encoding: .utf8)
        let stopped = try importTool(["--stopOnError", "bad.json"], in: directory)
        let counted = try importTool(["--max-errors", "1", "bad.json"], in: directory)
        #expect(stopped.status == 1 && stopped.stderr == counted.stderr, "\(stopped.stderr)")
        // --fieldFile: the CSV column names, one a line.
        try "sku\nqty\n".write(toFile: directory + "/fields.txt", atomically: true, encoding: .utf8)
        try "E,5\nF,6\n".write(toFile: directory + "/rows.csv", atomically: true, encoding: .utf8)
        let csv = try importTool(["--type", "csv", "--fieldFile", "fields.txt", "rows.csv"], in: directory)
        #expect(csv.status == 0 && csv.stderr.contains("2 created"), "\(csv.stderr)")
        let missing = try importTool(["--type", "csv", "--fieldFile", "nope.txt", "rows.csv"], in: directory)
        #expect(missing.status == 64 && missing.stderr.contains("'--fieldFile' names a file that cannot be read"))
    }

    @Test func exportFlags() throws {
        let directory = try workspace()
        #expect(try importTool(["--quiet", "items.json"], in: directory).status == 0)
        func export(_ arguments: [String]) throws -> ProcessResult {
            try Tool.run("realm-export", ["--store", "s.sqlite"] + arguments, in: directory)
        }
        // --noHeaderLine is --no-header: the rows alone, which realm-import reads back with --fields.
        let rows = try export(["-c", "Item", "--type", "csv", "--noHeaderLine"])
        #expect(rows.status == 0 && rows.stdout == "A,1\nB,2\n", "\(rows.stdout) \(rows.stderr)")
        #expect(try export(["--class", "Item", "--type", "csv", "--no-header"]).stdout == rows.stdout)
        #expect(try export(["--class", "Item", "--type", "csv"]).stdout == "sku,qty\nA,1\nB,2\n")
        let noType = try export(["--no-header"])
        #expect(noType.status == 64 && noType.stderr.contains("give '--type csv' or '--type tsv'"), "\(noType.stderr)")
        // --fieldFile and --queryFile read their values from files; -q is --query.
        try "qty\n".write(toFile: directory + "/fields.txt", atomically: true, encoding: .utf8)
        try "qty > 1".write(toFile: directory + "/query.txt", atomically: true, encoding: .utf8)
        let projected = try export(["--class", "Item", "--type", "csv", "--fieldFile", "fields.txt"])
        #expect(projected.stdout == "qty\n1\n2\n", "\(projected.stdout)")
        let fromFile = try export(["--class", "Item", "--ndjson", "--queryFile", "query.txt"])
        let inline = try export(["--class", "Item", "--ndjson", "-q", "qty > 1"])
        #expect(fromFile.status == 0 && fromFile.stdout == inline.stdout && fromFile.stdout.contains("\"B\"")
                && !fromFile.stdout.contains("\"A\""), "\(fromFile.stdout)")
        // Notes and refusals.
        for (flag, note) in [("-v", "-v is not needed"), ("--forceTableScan", "has no effect"), ("--assertExists", "always an error")] {
            let run = try export(["--class", "Item", "--ndjson", flag])
            #expect(run.status == 0 && run.stderr.contains("note: ") && run.stderr.contains(note), "\(run.stderr)")
        }
        let quiet = try export(["--class", "Item", "--ndjson", "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.contains("\"A\""), "\(quiet.stderr)")
        let server = try export(["--uri", "mongodb://localhost"])
        #expect(server.status == 64 && server.stderr.contains("give it as --store FILE"), "\(server.stderr)")
    }
}
