/// Describes one command: what it is, its positional arguments and its options.
///
/// The help text (`--help`) and the parser both read from this one description, in the style of
/// swift-argument-parser: OVERVIEW / USAGE / ARGUMENTS / OPTIONS.
public struct CommandSpec: Sendable {
    public var name: String
    public var overview: String
    /// The usage line after the command name, e.g. `SCHEMA... -o DIR [--check]`.
    public var usage: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    /// Subcommands, for a command such as `realm-schema` that only dispatches.
    public var subcommands: [CommandSpec]

    public init(name: String, overview: String, usage: String, arguments: [ArgumentSpec] = [],
                options: [OptionSpec] = [], subcommands: [CommandSpec] = []) {
        self.name = name
        self.overview = overview
        self.usage = usage
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    /// The option with this spelling (`-o`, `--output`) or accepted alias (`--out`), if any.
    func option(named spelling: String) -> OptionSpec? {
        (options + OptionSpec.builtins).first { $0.names.contains(spelling) || $0.aliases.contains(spelling) }
    }
}

/// A positional argument, for the ARGUMENTS section of the help.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var help: String
    /// Whether the argument may be repeated (`SCHEMA...`).
    public var isRepeating: Bool
    public var isOptional: Bool

    public init(_ name: String, help: String, isRepeating: Bool = false, isOptional: Bool = false) {
        self.name = name
        self.help = help
        self.isRepeating = isRepeating
        self.isOptional = isOptional
    }
}

/// An option: a flag (`--check`) or one that takes a value (`-o DIR`, `--access LEVEL`).
public struct OptionSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Present or absent.
        case flag
        /// Takes one value; given twice is a usage error unless repeatable.
        case value(name: String, allowed: [String]?, isRepeatable: Bool)
    }

    /// Spellings, the canonical (long) one first: `["--output", "-o"]`.
    public var names: [String]
    public var kind: Kind
    public var help: String
    /// Other tools' spellings accepted silently (`--out` of mongoexport for `--output`); not in
    /// `--help`, completions or man pages.
    public var aliases: [String] = []
    /// Accepted but left out of `--help`, completions and man pages (`--jsonFormat`).
    public var isHidden = false

    public init(_ names: [String], _ kind: Kind = .flag, help: String) {
        precondition(!names.isEmpty, "an option needs a name")
        self.names = names
        self.kind = kind
        self.help = help
    }

    /// This option, also accepting `aliases` (other tools' names for it).
    ///
    ///     .value("--output", "-o", valueName: "file", help: "…").aliased("--out")
    public func aliased(_ aliases: String...) -> OptionSpec {
        var option = self
        option.aliases += aliases
        return option
    }

    /// This option, accepted but not listed (a compatibility spelling with its own value form).
    public func hidden() -> OptionSpec {
        var option = self
        option.isHidden = true
        return option
    }

    /// A flag such as `--check`.
    public static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names, .flag, help: help)
    }

    /// An option with a value such as `--output DIR`; `allowed` restricts the value.
    public static func value(_ names: String..., valueName: String, allowed: [String]? = nil,
                             repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(names, .value(name: valueName, allowed: allowed, isRepeatable: repeatable), help: help)
    }

    /// The canonical spelling, used as the key of parsed values.
    public var key: String { names[0] }

    /// The option as usage lines and messages write it: `--output <dir>`, `--check`.
    public var usage: String {
        guard case .value(let valueName, _, _) = kind else { return key }
        return key + " <\(valueName.lowercased())>"
    }

    /// `--help` and `--version`, which every command understands, and the hidden
    /// `--generate-completion bash|zsh|fish` and `--generate-manpage` that `make install` uses.
    public static let builtins: [OptionSpec] = [
        .flag("--help", "-h", help: "Show help information."),
        .flag("--version", help: "Show the version."),
        .value("--generate-completion", valueName: "shell", allowed: CompletionGenerator.Shell.allCases.map(\.rawValue),
               help: "Print a completion script for this shell.").hidden(),
        .flag("--generate-manpage", help: "Print the man page (roff).").hidden(),
    ]
}
