import Foundation
import RealmSchema

/// Where diagnostics go: the compiler-style text form or one JSON object a line.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    case text
    case json
}

/// Runs a command body and turns whatever it throws into a message and an exit status:
/// the one place that decides how errors look on the terminal.
public struct CommandRunner<Options: CommandOptions>: Sendable {
    public var command: Command<Options>
    public var parents: [String]
    public var version: String

    public init(_ command: Command<Options>, parents: [String] = [], version: String = RealmToolsVersion.current) {
        self.command = command
        self.parents = parents
        self.version = version
    }

    /// The command's description, for help and usage lines.
    public var spec: CommandSpec { command.spec }

    /// Parses `arguments`, handles `--help`/`--version`, runs `body` and returns the exit status.
    public func run(_ arguments: [String], diagnosticFormat: DiagnosticFormat = .text,
                    output: TextOutput = .standard,
                    _ body: (ParsedArguments<Options>) throws -> Void) -> ExitCode {
        do {
            let parsed = try command.parse(arguments)
            if parsed.has(builtin: .help) {
                output.out(HelpGenerator.help(for: spec, parents: parents))
                return .success
            }
            if parsed.has(builtin: .version) {
                output.out(version + "\n")
                return .success
            }
            if let shell = parsed.value(builtin: .generateCompletion).flatMap(CompletionGenerator.Shell.init(rawValue:)) {
                output.out(CompletionGenerator.script(for: spec, shell: shell))
                return .success
            }
            if parsed.has(builtin: .generateManpage) {
                output.out(ManPageGenerator.page(for: spec, version: version))
                return .success
            }
            if parsed.given["--quiet"] == nil {
                for note in parsed.notes {
                    output.notice(note, kind: "option", format: diagnosticFormat, prefix: "note: ")
                }
            }
            try body(parsed)
            return .success
        } catch {
            return report(error, format: diagnosticFormat, output: output)
        }
    }

    /// Prints `error` on stderr in the form its kind calls for and returns the exit status.
    public func report(_ error: any Error, format: DiagnosticFormat, output: TextOutput) -> ExitCode {
        switch error {
        case let usage as UsageError:
            let usageLine = HelpGenerator.usageLine(for: spec, parents: parents)
            if format == .json {
                output.err(DiagnosticPrinter.json(kind: "usage", message: usage.message, extra: ["usage": usageLine]))
                return .usage
            }
            output.err("Error: \(usage.message)\nUsage: \(usageLine)\n"
                + "  See '\((parents + [spec.name]).joined(separator: " ")) --help' for more information.\n")
            return .usage
        case let diagnostics as DiagnosticsError:
            output.err(DiagnosticPrinter.render(diagnostics.diagnostics, format: format))
            return .invalidInput
        case let diagnostic as Diagnostic:
            output.err(DiagnosticPrinter.render([diagnostic], format: format))
            return .invalidInput
        case let exit as ExitRequest:
            return exit.code
        case let failure as IOFailure:
            output.err(format == .json ? DiagnosticPrinter.json(kind: "io", message: failure.message)
                : "error: \(failure.message)\n")
            return .failure
        default:
            output.err(format == .json ? DiagnosticPrinter.json(kind: "failure", message: "\(error)") : "error: \(error)\n")
            return .failure
        }
    }
}

/// The project's version, printed by `--version`.
public enum RealmToolsVersion {
    public static let current = "0.1.0"
}
