import Foundation
import RealmCLI
import RealmEngine
import RealmJSON
import RealmQuery
import RealmSchema

/// Parses the command line, opens the store and the output, runs the exporter and maps its
/// errors to docs/command-line.md's exit statuses (1 for data JSON cannot carry, 2 for I/O and the store,
/// 64 for usage).
enum ExportTool {
    static func main(_ arguments: [String], output: TextOutput) -> ExitCode {
        let runner = CommandRunner(spec: ExportCommand.spec)
        return runner.run(arguments, diagnosticFormat: DiagnosticFormat.requested(in: arguments), output: output) { parsed in
            try run(parsed, output: output)
        }
    }

    static func run(_ parsed: ParsedArguments, output: TextOutput) throws {
        let (path, options, outbox) = try request(parsed)
        let table = try ExportCommand.table(parsed)
        guard FileManager.default.fileExists(atPath: path) else {
            throw IOFailure(StoreOption.noSuchStore(path))
        }
        let store: Store
        do {
            // Only draining the outbox writes; anything else reads the store without writing to it.
            store = try Store(path: path, readOnly: !parsed.has("--drain"), onWait: { notice in output.err(notice + "\n") })
            // One pass over the file: a small page cache keeps memory flat at any store size.
            try store.setPageCache(kibibytes: 8_192)
        } catch {
            throw IOFailure(StoreOption.storeFailed(path, error))
        }
        let destination = try ExportDestination.open(parsed.value("--output"), gzip: parsed.has("--gzip"))
        do {
            if let (format, fields) = table {
                try TableExporter(store: store, className: options.classes.first, format: format, fields: fields,
                                  selection: options.selection, output: destination.output).export()
                try destination.finish()
                return
            }
            let exporter = Exporter(store: store, options: options, output: destination.output)
            if outbox {
                let count = try exporter.exportOutbox(drain: parsed.has("--drain"))
                try destination.finish()
                if parsed.has("--drain") { output.err(ExportCommand.drainedSummary(count, destination.name)) }
            } else {
                try exporter.export()
                try destination.finish()
            }
        } catch {
            destination.abandon()
            throw translated(error, store: path)
        }
    }

    /// The store path, the exporter options and whether the outbox is wanted; usage errors for
    /// contradictory options.
    static func request(_ parsed: ParsedArguments) throws(UsageError) -> (String, ExportOptions, Bool) {
        let path = try StoreOption.path(in: parsed)
        try parsed.requireNoPositionals()
        let outbox = parsed.has("--outbox")
        if parsed.has("--drain") && !outbox { throw ExportCommand.drainWithoutOutbox() }
        if parsed.has("--pretty") {
            if parsed.has("--ndjson") { throw ExportCommand.conflicting("--pretty", "--ndjson") }
            if outbox { throw ExportCommand.conflicting("--pretty", "--outbox") }
        }
        let options = ExportOptions(
            classes: parsed.values("--class"),
            shape: outbox || parsed.has("--ndjson") ? .ndjson : .classes,
            mode: outbox || parsed.has("--canonical") ? .canonical : .relaxed,
            pretty: parsed.has("--pretty"),
            selection: try selection(parsed, outbox: outbox))
        return (path, options, outbox)
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

/// `--query`, `--sort` and `--limit`: which objects of the exported class to write.
extension ExportTool {
    /// The selection the options ask for (nil when none is given); usage errors for a limit
    /// that is not a non-negative integer and for a selection of the outbox.
    static func selection(_ parsed: ParsedArguments, outbox: Bool) throws(UsageError) -> ExportSelection? {
        let query = parsed.value("--query")
        let sort = parsed.values("--sort")
        let limitText = parsed.value("--limit")
        guard query != nil || !sort.isEmpty || limitText != nil else { return nil }
        if outbox {
            let option = query != nil ? "--query" : sort.isEmpty ? "--limit" : "--sort"
            throw ExportCommand.conflicting(option, "--outbox")
        }
        var limit: Int?
        if let limitText {
            guard let value = Int(limitText), value >= 0 else { throw ExportCommand.badLimit(limitText) }
            limit = value
        }
        return ExportSelection(query: query, sort: sort, limit: limit)
    }
}
