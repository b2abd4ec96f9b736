/// The options of one command, declared once as the cases of a type: each case carries its
/// `OptionSpec`, from which parsing, the usage line, `--help`, completions and man pages are made.
///
/// A command's parsed arguments are looked up by these cases (`parsed.has(.quiet)`), so an option
/// the command does not declare cannot be looked up: the look-up does not compile.
///
/// For example:
///
///     enum ToolOption: CommandOptions {
///         case output, check
///
///         var spec: OptionSpec {
///             switch self {
///             case .output: .value("--output", "-o", valueName: "dir", help: "Where to write.").required()
///             case .check: .flag("--check", help: "Only check.")
///             }
///         }
///     }
///
///     let command = Command<ToolOption>(name: "tool", overview: "Does things.")
///     let parsed = try command.parse(["-o", "out", "--check"])
///     parsed.value(.output)   // "out"
public protocol CommandOptions: CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// The spellings, value and help of this option.
    var spec: OptionSpec { get }
}

extension CommandOptions {
    /// The canonical spelling (`--output`), as messages write the option.
    public var key: String { spec.key }
}

/// The options of a command that reads or writes a store file: its `--store` (`StoreOption`).
public protocol StoreCommandOptions: CommandOptions {
    /// The case whose spec is `StoreOption.spec(purpose:)`.
    static var store: Self { get }
}

/// The options of a command that takes none besides the builtins (`realm-schema` itself).
public enum NoOptions: CommandOptions {
    public var spec: OptionSpec {
        switch self {}
    }
}

/// `--help` and `--version`, which every command understands, and the hidden
/// `--generate-completion bash|zsh|fish` and `--generate-manpage` that `make install` uses;
/// `CommandRunner` handles them before a command's body runs.
public enum BuiltinOption: CommandOptions {
    case help, version, generateCompletion, generateManpage

    public var spec: OptionSpec {
        switch self {
        case .help:
            .flag("--help", "-h", help: "Show help information.")
        case .version:
            .flag("--version", help: "Show the version.")
        case .generateCompletion:
            .value("--generate-completion", valueName: "shell", allowed: CompletionGenerator.Shell.allCases.map(\.rawValue),
                   help: "Print a completion script for this shell.").hidden()
        case .generateManpage:
            .flag("--generate-manpage", help: "Print the man page (roff).").hidden()
        }
    }
}

/// A command whose options are the cases of `Options`: its description (`spec`, for help,
/// completions and man pages) is made from those cases, and parsing it gives arguments looked up
/// by them.
///
/// For example:
///
///     static let command = Command<ImportOption>(name: "realm-import", overview: "Load JSON …",
///                                                arguments: [ArgumentSpec("INPUT", help: "…", isRepeating: true, isOptional: true)])
public struct Command<Options: CommandOptions>: Sendable {
    /// The description: name, overview, generated usage line, arguments and `Options`' specs.
    public let spec: CommandSpec

    public init(name: String, overview: String, arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
                foreign: [ForeignOption] = []) {
        spec = CommandSpec(name: name, overview: overview, arguments: arguments,
                           options: Options.allCases.map(\.spec), subcommands: subcommands, foreign: foreign)
    }

    /// Parses `arguments` (without the program name). `--` ends options; `-` is a positional.
    ///
    /// For example:
    /// ```swift
    /// let parsed = try codegen.parse(["schemas", "-o", "out", "--check"])
    /// parsed.value(.output)   // "out"
    /// ```
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments<Options> {
        try spec.parse(arguments)
    }
}
