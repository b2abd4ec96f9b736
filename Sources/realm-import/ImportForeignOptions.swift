import RealmCLI

/// mongoimport's flags, taken as they are meant here (`ForeignOption`; docs/mongodb.md, section 1).
enum ImportForeignOptions {
    static let all: [ForeignOption] = [
        ForeignOption(["--jsonArray"], .note("a JSON array is detected from the input; --jsonArray is not needed")),
        ForeignOption(["--gzip"], .note("gzip, xz and zstd input is detected from its first bytes; --gzip is not needed")),
        ForeignOption(["--headerline"], .note("the first line of CSV/TSV input is its header unless --fields names the "
                                              + "columns; --headerline is not needed")),
        ForeignOption(["--verbose", "-v", "-vv", "-vvv"], .note("realm-import shows progress and a summary by default "
                                                                + "(--quiet: errors only); -v is not needed")),
        ForeignOption(["--numInsertionWorkers", "-j"], takesValue: true,
                      .note("the import is one transaction, read on one thread and written on another; "
                            + "--numInsertionWorkers has no effect")),
        ForeignOption(["--maintainInsertionOrder"], .note("objects are always created in the order of the input; "
                                                          + "--maintainInsertionOrder is not needed")),
        ForeignOption(["--ignoreBlanks"], .note("an empty CSV/TSV cell is null, or leaves a required property to its "
                                                + "schema default; --ignoreBlanks is not needed")),
        ForeignOption(["--parseGrace"], takesValue: true) { value throws(UsageError) in
            switch value {
            case "stop":
                .note("a value that does not fit the schema is a located error and nothing is written (the default); "
                      + "--parseGrace stop is not needed")
            case "autoCast":
                .refused("realm-import types every value by the schema and never converts one (\\\"1\\\" never fills an int): "
                         + "fix the value, or declare the property as string or mixed")
            case "skipField", "skipRow":
                .refused("realm-import never leaves data out: a value that does not fit the schema is a located error and "
                         + "nothing is written; fix the input, or leave the field out of the schema (unknown keys are ignored "
                         + "with a warning count)")
            default:
                .refused("'--parseGrace' takes autoCast, skipField, skipRow or stop (mongoimport's values); "
                         + "realm-import always stops, see 'realm-import --help'")
            }
        },
        ForeignOption(["--fieldFile"], takesValue: true) { path throws(UsageError) in
            .same(as: "--fields", value: try ForeignOption.fieldList(inFile: path, flag: "--fieldFile"))
        },
        ForeignOption(["--collection", "-c"], takesValue: true) { name in .same(as: "--class", value: name) },
        ForeignOption(["-f"], takesValue: true) { fields in .same(as: "--fields", value: fields) },
        ForeignOption(["--stopOnError"], .same(as: "--max-errors", value: "1")),
        ForeignOption(["--dryRun"], .same(as: "--dry-run", value: nil)),
        ForeignOption(["--upsertFields"], takesValue: true,
                      .refused("upserts match objects by the schema's primary key; use --mode upsert (or merge), and "
                               + "declare the key in the schema")),
        ForeignOption(["--upsert"], .same(as: "--mode", value: "upsert")),
        ForeignOption(["--columnsHaveTypes"], .refused("the type of each CSV/TSV column comes from the schema (--schema); "
                                                       + "name the columns plainly (age, not age.int32())")),
        ForeignOption(["--useArrayIndexFields"], .refused("CSV/TSV cells of lists, sets and maps are JSON "
                                                          + "(\"[\"\"a\"\",\"\"b\"\"]\"); columns named a.0, a.1 are not read "
                                                          + "as list elements")),
        ForeignOption(["--legacy"], .refused("realm-import reads Extended JSON v2 (relaxed and canonical), not the legacy "
                                             + "v1 forms")),
        ForeignOption(["--bypassDocumentValidation"], .refused("every document is checked against the schema; this "
                                                               + "cannot be turned off")),
        ForeignOption(["--db", "-d", "--uri"], takesValue: true,
                      .refused("realm-import loads into a local store file: give it as --store FILE")),
    ] + ForeignOption.server(for: "realm-import")
}
