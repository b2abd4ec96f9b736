import Foundation
import RealmCLI
import RealmCodegen
import RealmEngine
import RealmSchema

/// Dispatches to a subcommand and runs it.
enum SchemaTool {
    static func main(_ arguments: [String], output: TextOutput) -> ExitCode {
        let rootRunner = CommandRunner(spec: SchemaCommands.root)
        guard let first = arguments.first else {
            output.err(HelpGenerator.help(for: SchemaCommands.root))
            return .usage
        }
        var rest = Array(arguments.dropFirst())
        var name = first
        if first == "help" {
            guard let topic = rest.first else {
                output.out(HelpGenerator.help(for: SchemaCommands.root))
                return .success
            }
            name = topic
            rest = ["--help"]
        }
        guard let spec = SchemaCommands.root.subcommands.first(where: { $0.name == name }) else {
            return rootRunner.run(arguments, diagnosticFormat: DiagnosticFormat.requested(in: arguments), output: output) { _ in
                let names = SchemaCommands.root.subcommands.map(\.name)
                if let near = OptionSuggestions.nearest(first, among: names) {
                    throw UsageError("Unknown subcommand '\(first)'; did you mean '\(near)'?")
                }
                throw UsageError("Unknown subcommand '\(first)'; expected one of \(names.joined(separator: ", ")).")
            }
        }
        let format = DiagnosticFormat.requested(in: rest)
        let runner = CommandRunner(spec: spec, parents: ["realm-schema"])
        return runner.run(rest, diagnosticFormat: format, output: output) { parsed in
            if name == "dump" {
                return try dump(parsed, output: output)
            }
            let schema = try compile(parsed, format: format, output: output)
            switch name {
            case "validate":
                break
            case "codegen":
                let access = AccessLevel(rawValue: parsed.value("--access") ?? "internal") ?? .internal
                let files = SwiftModelGenerator(access: access).generate(schema)
                try emit(files, command: name, parsed: parsed, output: output, format: format)
            default:
                try emit(JSONSchemaGenerator().generate(schema), command: name, parsed: parsed, output: output, format: format)
            }
        }
    }

    /// Prints the schema stored in a store file.
    static func dump(_ parsed: ParsedArguments, output: TextOutput) throws {
        let path = try StoreOption.path(in: parsed)
        try parsed.requireNoPositionals()
        guard FileManager.default.fileExists(atPath: path) else {
            throw IOFailure(StoreOption.noSuchStore(path))
        }
        let schema: CompiledSchema
        do {
            schema = try Store.storedSchema(at: path)
        } catch {
            throw IOFailure(StoreOption.storeFailed(path, error))
        }
        output.out(SchemaYAMLWriter().render(schema, comment: ["Schema of \((path as NSString).lastPathComponent), written by realm-schema dump."]))
    }

    /// Loads and validates the schema; prints warnings; throws all errors at once.
    static func compile(_ parsed: ParsedArguments, format: DiagnosticFormat, output: TextOutput) throws -> CompiledSchema {
        let sources = try SchemaInputs.load(parsed.positionals, relativeTo: parsed.value("--source-root"))
        let compilation = SchemaCompiler.compile(sources)
        let diagnostics = compilation.diagnostics.sorted
        guard let schema = compilation.schema, !compilation.diagnostics.hasErrors else {
            throw DiagnosticsError(diagnostics)
        }
        if !diagnostics.isEmpty {
            output.err(DiagnosticPrinter.render(diagnostics, format: format))
        }
        return schema
    }

    /// Writes generated files (only those that changed), or with `--check` reports the stale ones.
    static func emit(_ files: [GeneratedFile], command: String, parsed: ParsedArguments, output: TextOutput,
                     format: DiagnosticFormat = .text) throws {
        guard let path = parsed.value("--output") else {
            throw UsageError.missingOption(SchemaCommands.outputUsage)
        }
        let directory = OutputDirectory(path: path)
        let pairs = files.map { (path: $0.path, contents: $0.contents) }
        if parsed.has("--check") {
            let outdated = directory.states(of: pairs).filter { $0.state != .upToDate }
            for file in outdated {
                let message = "generated file is \(file.state.rawValue); run 'realm-schema \(command)' without --check"
                output.err(format == .json ? DiagnosticPrinter.json(kind: "stale", message: message,
                                                                    extra: ["file": directory.fullPath(file.path)])
                    : "\(directory.fullPath(file.path)): error: \(message)\n")
            }
            if !outdated.isEmpty {
                throw ExitRequest(.invalidInput)
            }
            return
        }
        for path in try directory.write(pairs) {
            output.notice("wrote \(directory.fullPath(path))", kind: "wrote", format: format)
        }
    }
}
