import Foundation
import RealmCLI
import RealmCodegen
import RealmEngine
import RealmInterchange
import RealmSchema

/// Dispatches to a subcommand and runs it.
enum SchemaTool {
    static func main(_ arguments: [String], output: TextOutput) -> ExitCode {
        let rootRunner = CommandRunner(SchemaCommands.root)
        guard let first = arguments.first else {
            output.err(HelpGenerator.help(for: SchemaCommands.root.spec))
            return .usage
        }
        var rest = Array(arguments.dropFirst())
        var name = first
        if first == "help" {
            guard let topic = rest.first else {
                output.out(HelpGenerator.help(for: SchemaCommands.root.spec))
                return .success
            }
            name = topic
            rest = ["--help"]
        }
        guard SchemaCommands.root.spec.subcommands.contains(where: { $0.name == name }) else {
            return rootRunner.run(arguments, diagnosticFormat: DiagnosticFormat.requested(in: arguments), output: output) { _ in
                let names = SchemaCommands.root.spec.subcommands.map(\.name)
                if let near = OptionSuggestions.nearest(first, among: names) {
                    throw UsageError("Unknown subcommand '\(first)'; did you mean '\(near)'?")
                }
                throw UsageError("Unknown subcommand '\(first)'; expected one of \(names.joined(separator: ", ")).")
            }
        }
        let format = DiagnosticFormat.requested(in: rest)
        // Runs a subcommand's body with its options parsed.
        func run<Options>(_ command: Command<Options>, _ body: (ParsedArguments<Options>) throws -> Void) -> ExitCode {
            CommandRunner(command, parents: ["realm-schema"]).run(rest, diagnosticFormat: format, output: output, body)
        }
        switch name {
        case SchemaCommands.validate.spec.name:
            return run(SchemaCommands.validate) { parsed in
                _ = try SchemaInputs.compile(parsed.positionals, format: format, output: output)
            }
        case SchemaCommands.codegen.spec.name:
            return run(SchemaCommands.codegen) { parsed in
                let schema = try SchemaInputs.compile(parsed.positionals, relativeTo: parsed.value(.sourceRoot),
                                                      format: format, output: output)
                let access = parsed.value(.access, as: AccessLevel.self) ?? .internal
                let files = SwiftModelGenerator(access: access).generate(schema)
                try emit(files, command: name, parsed: parsed, output: output, format: format)
            }
        case SchemaCommands.jsonSchema.spec.name:
            return run(SchemaCommands.jsonSchema) { parsed in
                let schema = try SchemaInputs.compile(parsed.positionals, format: format, output: output)
                try emit(JSONSchemaGenerator().generate(schema), command: name, parsed: parsed, output: output, format: format)
            }
        case SchemaCommands.extract.spec.name:
            return run(SchemaCommands.extract) { parsed in try extract(parsed, output: output, format: format) }
        default:
            return run(SchemaCommands.dump) { parsed in try dump(parsed, output: output) }
        }
    }

    /// Prints the schema stored in a store file.
    static func dump(_ parsed: ParsedArguments<DumpOption>, output: TextOutput) throws {
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

    /// Writes the schema of a Realm file as YAML: to stdout, or `<file name less .realm>.yaml` in
    /// `--output` (docs/realm-schema.md, section on extract). The file is opened read-only.
    static func extract(_ parsed: ParsedArguments<ExtractOption>, output: TextOutput, format: DiagnosticFormat) throws {
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            throw UsageError("'extract' reads exactly one .realm file; \(parsed.positionals.count) given.")
        }
        let schema: CompiledSchema
        do {
            schema = try RealmFileSchema.schema(ofFileAt: path).schema
        } catch {
            if error.kind == .io { throw IOFailure(error.diagnostic.message) }
            throw error.diagnostic
        }
        let name = (path as NSString).lastPathComponent
        var yaml = SchemaYAMLWriter().render(schema, comment: [
            "Schema of \(name), written by realm-schema extract.",
            "A Realm file keeps no linkingObjects property names: declare them here if the app has any.",
        ])
        if !yaml.hasSuffix("\n") { yaml += "\n" }
        guard let directory = parsed.value(.output) else {
            output.out(yaml)
            return
        }
        let base = name.hasSuffix(".realm") ? String(name.dropLast(".realm".count)) : name
        let out = OutputDirectory(path: directory)
        for written in try out.write([(path: base + ".yaml", contents: yaml)]) {
            output.notice("wrote \(out.fullPath(written))", kind: "wrote", format: format)
        }
    }

    /// Writes generated files (only those that changed), or with `--check` reports the stale ones.
    static func emit<Options: GeneratingOptions>(_ files: [GeneratedFile], command: String, parsed: ParsedArguments<Options>,
                                                 output: TextOutput, format: DiagnosticFormat = .text) throws {
        let directory = OutputDirectory(path: try parsed.required(.output))
        let pairs = files.map { (path: $0.path, contents: $0.contents) }
        if parsed.has(.check) {
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
