import Foundation
import RealmCLI
import RealmEngine
import RealmInterchange
import RealmQuery
import RealmSchema

/// Parses the command line, opens the store and the output, runs the exporter and maps its
/// errors to docs/command-line.md's exit statuses (1 for data JSON cannot carry, 2 for I/O and the store,
/// 64 for usage).
enum ExportTool {
    static func main(_ arguments: [String], output: TextOutput) -> ExitCode {
        let runner = CommandRunner(ExportCommand.command)
        let format = DiagnosticFormat.requested(in: arguments)
        return runner.run(arguments, diagnosticFormat: format, output: output) { parsed in
            try run(parsed, output: output, format: format)
        }
    }

    static func run(_ parsed: ParsedArguments<ExportOption>, output: TextOutput, format: DiagnosticFormat = .text) throws {
        let (path, options, outbox) = try request(parsed)
        let table = try ExportCommand.table(parsed)
        let type = parsed.value(.type, as: OutputFormat.self)
        let bson = type == .bson
        if bson { try BSONDump.checkOptions(parsed) }
        let realmSchemaVersion = type == .realm ? try ExportCommand.realm(parsed) : nil
        for option: ExportOption in [.schemaVersion, .fileFormat] where type != .realm && parsed.has(option) {
            throw ExportCommand.conflicting(option.key, "--type \(type?.rawValue ?? "json")")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw IOFailure(StoreOption.noSuchStore(path))
        }
        let store: Store
        do {
            // Only draining the outbox writes; anything else reads the store without writing to it.
            store = try Store(path: path, readOnly: !parsed.has(.drain), onWait: { notice in output.notice(notice, kind: "wait", format: format) })
            // One pass over the file: a small page cache keeps memory flat at any store size.
            try store.setPageCache(kibibytes: 2_048)
        } catch {
            throw IOFailure(StoreOption.storeFailed(path, error))
        }
        if bson {
            return try BSONDump.run(parsed, store: store, path: path, options: options, output: output, format: format)
        }
        if type == .realm {
            // Several statements step at once (a class, its collections, the backlinks into it):
            // a larger page cache than one pass needs, still a constant.
            try? store.setPageCache(kibibytes: 16_384)
            let exporter = RealmFileExporter(store: store, classes: options.classes, schemaVersion: realmSchemaVersion)
            // The file is written as it is made: SIGINT or SIGTERM removes the temporary file.
            let signals = DumpSignals()
            defer { signals.restore() }
            do {
                try exporter.export(to: parsed.value(.output)!, onTemporaryFile: { signals.track($0) })
            } catch {
                throw translated(store.checkedForDamage(error), store: path)
            }
            return
        }
        let destination = try ExportDestination.open(parsed.value(.output), gzip: parsed.has(.gzip))
        do {
            if let (tableFormat, fields) = table {
                let exporter = TableExporter(store: store, className: options.classes.first, format: tableFormat, fields: fields,
                                             selection: options.selection, header: !parsed.has(.noHeader),
                                             output: destination.output)
                try exporter.export()
                try destination.finish()
                // Once, after the file is written: which lists, sets and maps have no column.
                if let note = exporter.leftOutNote, !parsed.has(.quiet) {
                    output.notice(note, kind: "left-out", format: format, prefix: "note: ")
                }
                return
            }
            let exporter = Exporter(store: store, options: options, output: destination.output)
            if outbox {
                let count = try exporter.exportOutbox(drain: parsed.has(.drain))
                try destination.finish()
                if parsed.has(.drain) && !parsed.has(.quiet) {
                    output.notice(ExportCommand.drainedSummary(count, destination.name), kind: "summary", format: format)
                }
            } else {
                try exporter.export()
                try destination.finish()
            }
        } catch {
            destination.abandon()
            throw translated(store.checkedForDamage(error), store: path)
        }
    }

    /// The store path, the exporter options and whether the outbox is wanted; usage errors for
    /// contradictory options.
    static func request(_ parsed: ParsedArguments<ExportOption>) throws(UsageError) -> (String, ExportOptions, Bool) {
        let path = try StoreOption.path(in: parsed)
        try parsed.requireNoPositionals()
        let outbox = parsed.has(.outbox)
        if parsed.has(.drain) && !outbox { throw ExportCommand.drainWithoutOutbox() }
        if parsed.has(.pretty) {
            if parsed.has(.ndjson) { throw ExportCommand.conflicting("--pretty", "--ndjson") }
            if outbox { throw ExportCommand.conflicting("--pretty", "--outbox") }
        }
        if parsed.has(.jsonArray) {
            if parsed.has(.ndjson) { throw ExportCommand.conflicting("--jsonArray", "--ndjson") }
            if outbox { throw ExportCommand.conflicting("--jsonArray", "--outbox") }
        }
        if outbox && parsed.has(.fields) { throw ExportCommand.conflicting("--fields", "--outbox") }
        let canonical = parsed.has(.canonical) || parsed.value(.jsonFormat) == "canonical"
        let options = ExportOptions(
            classes: parsed.values(.className),
            shape: outbox || parsed.has(.ndjson) ? .ndjson : parsed.has(.jsonArray) ? .array : .classes,
            mode: outbox || canonical ? .canonical : .relaxed,
            pretty: parsed.has(.pretty),
            selection: try selection(parsed, outbox: outbox))
        let fields = parsed.value(.fields).map { $0.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) } }
        var projected = options.projecting(fields)
        projected.omitEmpty = parsed.has(.omitEmpty)
        return (path, projected, outbox)
    }

    /// Data the export cannot carry → a diagnostic (exit 1); I/O and store failures → exit 2.
    static func translated(_ error: any Error, store path: String) -> any Error {
        switch error {
        case let export as ExportError where export.isIOFailure:
            return IOFailure(export.message)
        case let export as ExportError:
            return Diagnostic(.error, export.message)
        case let query as QueryError:
            return query.diagnostic
        case let store as StoreError:
            return IOFailure(StoreOption.storeFailed(path, store))
        default:
            return error
        }
    }
}

/// `--query`, `--sort`, `--skip` and `--limit`: which objects of the exported class to write.
extension ExportTool {
    /// The selection the options ask for (nil when none is given); usage errors for a limit
    /// that is not a non-negative integer and for a selection of the outbox.
    static func selection(_ parsed: ParsedArguments<ExportOption>, outbox: Bool) throws(UsageError) -> ExportSelection? {
        let query = parsed.value(.query)
        let sort = try SortOrder.keyPaths(parsed.values(.sort))
        let limitText = parsed.value(.limit), skipText = parsed.value(.skip)
        guard query != nil || !sort.isEmpty || limitText != nil || skipText != nil else { return nil }
        if outbox {
            let option = query != nil ? "--query" : !sort.isEmpty ? "--sort" : limitText != nil ? "--limit" : "--skip"
            throw ExportCommand.conflicting(option, "--outbox")
        }
        var limit: Int?, skip = 0
        if let limitText {
            guard let value = Int(limitText), value >= 0 else { throw ExportCommand.badLimit(limitText) }
            limit = value
        }
        if let skipText {
            guard let value = Int(skipText), value >= 0 else { throw ExportCommand.badLimit(skipText, option: "--skip") }
            skip = value
        }
        return ExportSelection(query: query, sort: sort, limit: limit, skip: skip)
    }
}
