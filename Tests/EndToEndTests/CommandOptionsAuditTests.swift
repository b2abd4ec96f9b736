@testable import realm_export
@testable import realm_import
@testable import realm_schema
import RealmCLI
import Testing

/// Every command of the tools, checked against its declared options (`CommandAudit`): each
/// option parses back to its own case by every spelling, and each visible one is in the usage
/// line, `--help`, the bash, zsh and fish completions and the man page. Looking up an option a
/// command does not declare does not compile (`ParsedArguments<Options>`), so no test can show it.
@Suite struct CommandOptionsAuditTests {
    @Test func realmImport() {
        #expect(CommandAudit.problems(of: ImportCommand.command) == [])
    }

    @Test func realmExport() {
        #expect(CommandAudit.problems(of: ExportCommand.command) == [])
    }

    @Test func realmSchemaAndItsSubcommands() {
        let root = SchemaCommands.root.spec
        #expect(CommandAudit.problems(of: SchemaCommands.root) == [])
        #expect(CommandAudit.problems(of: SchemaCommands.validate, parents: ["realm-schema"], within: root) == [])
        #expect(CommandAudit.problems(of: SchemaCommands.codegen, parents: ["realm-schema"], within: root) == [])
        #expect(CommandAudit.problems(of: SchemaCommands.jsonSchema, parents: ["realm-schema"], within: root) == [])
        #expect(CommandAudit.problems(of: SchemaCommands.dump, parents: ["realm-schema"], within: root) == [])
        #expect(CommandAudit.problems(of: SchemaCommands.extract, parents: ["realm-schema"], within: root) == [])
        // The dispatching command lists exactly these subcommands.
        #expect(root.subcommands.map(\.name) == ["validate", "codegen", "json-schema", "dump", "extract"])
    }

    /// The usage lines `--help` prints, made from the declared options.
    @Test func usageLines() {
        #expect(HelpGenerator.usageLine(for: SchemaCommands.codegen.spec, parents: ["realm-schema"])
            == "realm-schema codegen <schema> ... --output <dir> [--access public|internal] [--check] [--source-root <dir>] "
            + "[--error-format text|json]")
        #expect(HelpGenerator.usageLine(for: SchemaCommands.dump.spec, parents: ["realm-schema"])
            == "realm-schema dump --store <file> [--error-format text|json]")
        #expect(HelpGenerator.usageLine(for: SchemaCommands.extract.spec, parents: ["realm-schema"])
            == "realm-schema extract <file> [--output <dir>] [--error-format text|json]")
        let importUsage = HelpGenerator.usageLine(for: ImportCommand.command.spec)
        #expect(importUsage.hasPrefix("realm-import --store <file> [--schema <schema> ...] [--class <name>] "))
        #expect(importUsage.hasSuffix(" [--quiet] [--error-format text|json] [<input> ...]"))
        #expect(!importUsage.contains("--file"))
        let exportUsage = HelpGenerator.usageLine(for: ExportCommand.command.spec)
        #expect(exportUsage.hasPrefix("realm-export --store <file> [--class <name> ...] [--ndjson | --jsonArray] "))
        #expect(!exportUsage.contains("--jsonFormat") && !exportUsage.contains("--out "))
    }
}
