import Foundation
import RealmCLI
import RealmEngine
import RealmInterchange

/// `realm-export --type bson`: what `mongodump` writes, for `mongorestore`.
///
/// - `-o DIR` (a name not ending in `.bson`): `DIR/<Class>.bson` and `DIR/<Class>.metadata.json`
///   for every exported class; DIR is created when missing.
/// - `--class C -o FILE.bson`: that file, and `FILE.metadata.json` beside it (the name
///   `mongorestore` looks for when given FILE.bson).
/// - `--class C` with `-o -` or no `-o`: the BSON on stdout, no metadata.
/// - `--gzip` (or an `-o` name ending in `.bson.gz`): each file gzip-compressed and named as
///   `mongodump --gzip` names it, `<Class>.bson.gz` and `<Class>.metadata.json.gz`, which
///   `mongorestore --gzip` and `realm-import` read; on stdout, the compressed BSON.
///
/// Every file is written under a temporary name and renamed into place only after the whole
/// export succeeded (`ExportDestination`), so a failed export leaves the old files as they were;
/// SIGINT and SIGTERM remove the temporary files (`DumpSignals`).
///
/// For example:
///
///     realm-export --store app.sqlite --type bson -o dump/app && mongorestore --db app dump/app
enum BSONDump {
    /// Options of the JSON output that BSON does not have.
    static func checkOptions(_ parsed: ParsedArguments<ExportOption>) throws(UsageError) {
        for option: ExportOption in [.ndjson, .jsonArray, .canonical, .jsonFormat, .pretty, .outbox, .drain]
        where parsed.has(option) {
            throw ExportCommand.conflicting(option.key, "--type bson")
        }
    }

    /// Where the BSON goes.
    enum Layout: Equatable {
        case stdout
        /// One class's file, named without `.bson` (or `.bson.gz`).
        case file(String)
        case directory(String)

        init(_ output: String?) {
            guard let output, output != "-" else { self = .stdout; return }
            if output.hasSuffix(".bson") { self = .file(String(output.dropLast(".bson".count))); return }
            if output.hasSuffix(".bson.gz") { self = .file(String(output.dropLast(".bson.gz".count))); return }
            self = .directory(output)
        }

        /// Whether the files are gzip-compressed: `--gzip`, or an `-o` name ending in `.bson.gz`.
        static func gzip(_ parsed: ParsedArguments<ExportOption>) -> Bool {
            parsed.has(.gzip) || (parsed.value(.output) ?? "").hasSuffix(".bson.gz")
        }

        /// The data file and the metadata file (nil on stdout) of a class; `.gz` added to both
        /// when `gzip`, as `mongodump --gzip` names them.
        func paths(of className: String, gzip: Bool) -> (bson: String?, metadata: String?) {
            let base: String
            switch self {
            case .stdout: return (nil, nil)
            case .file(let path): base = path
            case .directory(let path): base = path + "/" + className
            }
            let suffix = gzip ? ".gz" : ""
            return (base + ".bson" + suffix, base + ".metadata.json" + suffix)
        }
    }

    static func run(_ parsed: ParsedArguments<ExportOption>, store: Store, path storePath: String, options: ExportOptions,
                    output: TextOutput, format: DiagnosticFormat) throws {
        let layout = Layout(parsed.value(.output))
        let gzip = Layout.gzip(parsed)
        let exporter = BSONExporter(store: store, options: options, singleOutput: !layout.isDirectory)
        var destinations: [ExportDestination] = []
        let signals = layout == .stdout ? nil : DumpSignals()
        defer { signals?.restore() }
        func open(_ path: String?) throws -> ExportDestination {
            if let path { signals?.track(ExportDestination.temporaryPath(for: path)) }
            let destination = try ExportDestination.open(path, gzip: gzip)
            destinations.append(destination)
            return destination
        }
        var createdDirectory: String?
        do {
            let models = try exporter.classes()
            if case .directory(let directory) = layout, try createDirectory(directory) { createdDirectory = directory }
            try exporter.export { model in try open(layout.paths(of: model.name, gzip: gzip).bson).output }
            for model in models {
                guard let path = layout.paths(of: model.name, gzip: gzip).metadata else { continue }
                try BSONMetadata(model: model).write(to: try open(path).output)
            }
            let finish = {
                for destination in destinations {
                    try destination.finish()
                }
            }
            if let signals { try signals.finishing(finish) } else { try finish() }
        } catch {
            for destination in destinations {
                destination.abandon()
            }
            // A directory this run made goes too (`rmdir`: only while it is empty).
            if let createdDirectory { rmdir(createdDirectory) }
            throw ExportTool.translated(store.checkedForDamage(error), store: storePath)
        }
        if exporter.truncatedDates > 0 {
            output.notice(ExportMessages.bsonDatesTruncated(exporter.truncatedDates), kind: "truncated", severity: "warning",
                          format: format, prefix: "warning: ")
        }
    }

    /// DIR and its parents; an error when it exists as something else. Whether DIR was made here.
    private static func createDirectory(_ path: String) throws -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw IOFailure(ExportMessages.writeFailed(path, "it is not a directory")) }
            return false
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw IOFailure(ExportMessages.writeFailed(path, "cannot create the directory"))
        }
        return true
    }
}

extension BSONDump.Layout {
    var isDirectory: Bool {
        if case .directory = self { return true }
        return false
    }
}
