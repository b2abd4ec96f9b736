import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// CSV and TSV rows through `Importer.tableSource` (docs/csv.md): the text rules of each
/// format, cell locations inside JSON cells, unknown columns and the import modes.
@Suite struct CSVReadingTests {
    static let schema = """
        models:
          Row:
            primaryKey: id
            properties:
              id: int
              text: string?
              nums: int[]
        """

    /// Imports `text` (written to a file named `name`) as rows of `Row`.
    func load(_ harness: ImportHarness, _ text: String, format: TableFormat, name: String = "rows.csv",
              fields: [String]? = nil, options: ImportOptions = ImportOptions(className: "Row")) throws -> ImportRun {
        let path = harness.directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let importer = try Importer(store: try harness.open, options: options)
        try importer.importInput(try importer.tableSource(path: path, format: format, fields: fields))
        let summary = try importer.finish()
        return ImportRun(summary: summary, diagnostics: importer.diagnostics)
    }

    @Test func tsvCellsAreTheBytesBetweenTabs() throws {
        let harness = try ImportHarness(Self.schema)
        // A byte-order mark, quotes and backslashes as text, an empty line, CRLF.
        let run = try load(harness, "\u{FEFF}id\ttext\r\n1\t\"quoted\" \\n\r\n\n2\t\r\n", format: .tsv, name: "rows.tsv")
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(try harness.value("Row", .int(1), "text") == .string("\"quoted\" \\n"))
        #expect(try harness.value("Row", .int(2), "text") == .null)
    }

    @Test func csvTellsAnEmptyStringFromNoValue() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try load(harness, "id,text\r\n1,\"\"\r\n2,\r\n3,\"a\r\nb\"\r\n", format: .csv)
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(try harness.value("Row", .int(1), "text") == .string(""))
        #expect(try harness.value("Row", .int(2), "text") == .null)
        #expect(try harness.value("Row", .int(3), "text") == .string("a\r\nb"))
    }

    @Test func errorsInsideAnUnquotedJSONCellPointAtTheElement() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try load(harness, "id\tnums\n1\t[1, 2, \"x\"]\n", format: .tsv, name: "rows.tsv")
        #expect(run.locations == ["2:10"])
        #expect(run.errors.first?.location?.file.hasSuffix("/rows.tsv") == true)
        #expect(run.errors.first?.notes.contains("in column 'nums', at JSON path /2 of its cell") == true,
                "\(run.diagnostics)")
        #expect(try harness.objects("Row").isEmpty)
    }

    @Test func unknownColumnsWarnOrFailLikeUnknownKeys() throws {
        let harness = try ImportHarness(Self.schema)
        let warned = try load(harness, "id,colour\n1,red\n", format: .csv)
        #expect(warned.errors.isEmpty)
        #expect(warned.warnings.count == 1)
        #expect(warned.summary.committed)
        let other = try ImportHarness(Self.schema)
        let rejected = try load(other, "id,colour\n1,red\n", format: .csv,
                                options: ImportOptions(className: "Row", rejectUnknown: true))
        #expect(rejected.locations == ["2:3"], "\(rejected.diagnostics)")
        #expect(!rejected.summary.committed)
    }

    /// A row with another number of cells than the columns: the header's count when the first
    /// line names them, `--fields`' when it does (docs/csv.md, section 3), in CSV and TSV alike.
    @Test func aRowOfTheWrongLengthSaysWhatNamedTheColumns() throws {
        let header = try load(try ImportHarness(Self.schema), "id,text\n1,a\n2,b,c\n", format: .csv)
        #expect(header.messages == ["this row has 3 cells, the header 2"], "\(header.diagnostics)")
        #expect(header.locations == ["3:5"])
        for (format, text) in [(TableFormat.csv, "1,a,\n2,b,c,d,e\n"), (.tsv, "1\ta\t\n2\tb\tc\td\te\n")] {
            let run = try load(try ImportHarness(Self.schema), text, format: format, name: "rows.\(format.rawValue)",
                               fields: ["id", "text", "nums"])
            #expect(run.messages == ["this row has 5 cells, --fields names 3 columns (the input has no header line)"],
                    "\(run.diagnostics)")
            #expect(run.locations == ["2:7"])
            #expect(!run.summary.committed)
        }
        let short = try load(try ImportHarness(Self.schema), "1\n", format: .csv, fields: ["id", "text"])
        #expect(short.messages == ["this row has 1 cell, --fields names 2 columns (the input has no header line)"])
    }

    /// A header that names a property but for letter case gets a did-you-mean with the field's
    /// stored name, as a JSON key does.
    @Test func aHeaderDifferingInCaseIsSuggested() throws {
        let run = try load(try ImportHarness(Self.schema), "id,Text\n1,a\n", format: .csv,
                           options: ImportOptions(className: "Row", rejectUnknown: true))
        #expect(run.messages == ["Unknown property 'Text' for type 'Row' (--reject-unknown); did you mean 'text'?"],
                "\(run.diagnostics)")
        #expect(run.locations == ["2:3"])
    }

    @Test func modesApplyToRows() throws {
        let harness = try ImportHarness(Self.schema)
        _ = try load(harness, "id,text\n1,a\n", format: .csv)
        let insert = try load(harness, "id,text\n1,b\n", format: .csv)
        #expect(insert.errors.count == 1)
        #expect(insert.locations == ["2:1"])
        let upsert = try load(harness, "id,text\n1,b\n", format: .csv, options: ImportOptions(className: "Row", mode: .upsert))
        #expect(upsert.errors.isEmpty, "\(upsert.diagnostics)")
        #expect(try harness.value("Row", .int(1), "text") == .string("b"))
    }

    @Test func rowsFarIntoALargeInputAreStillLocated() throws {
        // More rows than the location map keeps (it forgets rows well behind the reader).
        let harness = try ImportHarness(Self.schema)
        var text = "id,text,nums\n"
        for id in 1...70_000 { text += id == 69_990 ? "\(id),x,\"[1,\"\"a\"\"]\"\n" : "\(id),x,\n" }
        let run = try load(harness, text, format: .csv)
        #expect(run.locations == ["69991:9"], "\(run.diagnostics)")
        #expect(run.errors.first?.notes.first == "in column 'nums', at JSON path /1 of its cell")
    }

    @Test func aTableNeedsItsClass() throws {
        let harness = try ImportHarness(Self.schema)
        let importer = try Importer(store: try harness.open, options: ImportOptions())
        #expect(throws: ImportRunError.tableWithoutClass(input: "rows.csv", classes: ["Row"])) {
            _ = try importer.tableSource(path: "rows.csv", format: .csv)
        }
    }
}
