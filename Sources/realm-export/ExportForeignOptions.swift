import RealmCLI

/// mongoexport's flags, taken as they are meant here (`ForeignOption`; docs/mongodb.md, section 1).
enum ExportForeignOptions {
    static let all: [ForeignOption] = [
        ForeignOption(["--verbose", "-v", "-vv", "-vvv"], .note("realm-export says what it wrote on stderr by default; "
                                                                + "-v is not needed")),
        ForeignOption(["--forceTableScan"], .note("each class is read in one scan of the store; --forceTableScan has no effect")),
        ForeignOption(["--assertExists"], .note("a --class the store does not have is always an error; "
                                                + "--assertExists is not needed")),
        ForeignOption(["--noHeaderLine"], .same(as: "--no-header", value: nil)),
        ForeignOption(["--fieldFile"], takesValue: true) { path throws(UsageError) in
            .same(as: "--fields", value: try ForeignOption.fieldList(inFile: path, flag: "--fieldFile"))
        },
        ForeignOption(["--queryFile"], takesValue: true) { path throws(UsageError) in
            .same(as: "--query", value: try ForeignOption.text(ofFile: path, flag: "--queryFile"))
        },
        ForeignOption(["--collection", "-c"], takesValue: true) { name in .same(as: "--class", value: name) },
        ForeignOption(["-q"], takesValue: true) { query in .same(as: "--query", value: query) },
        ForeignOption(["--db", "-d", "--uri"], takesValue: true,
                      .refused("realm-export reads a local store file: give it as --store FILE")),
    ] + ForeignOption.server(for: "realm-export")
}
