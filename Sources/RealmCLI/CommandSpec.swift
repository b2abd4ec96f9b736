/// Describes one command: what it is, its positional arguments and its options.
///
/// The help text (`--help`), its usage line, completions, man pages and the parser all read from
/// this one description, in the style of swift-argument-parser: OVERVIEW / USAGE / ARGUMENTS /
/// OPTIONS. A command's tool makes it with `Command<Options>`, from the cases of its options type.
public struct CommandSpec: Sendable {
    public var name: String
    public var overview: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    /// Subcommands, for a command such as `realm-schema` that only dispatches.
    public var subcommands: [CommandSpec]
    /// Other tools' flags this command takes as they are meant here (not in help or completions).
    public var foreign: [ForeignOption]

    public init(name: String, overview: String, arguments: [ArgumentSpec] = [],
                options: [OptionSpec] = [], subcommands: [CommandSpec] = [], foreign: [ForeignOption] = []) {
        self.name = name
        self.overview = overview
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.foreign = foreign
    }

    /// The usage line after the command name, made from the arguments and the visible options:
    /// the required arguments, the options in their order (required ones bare, the others in
    /// brackets), then the optional arguments; `<subcommand>` for a command that only dispatches.
    ///
    /// Neighbouring options of one exclusive group share a pair of brackets: `[--ndjson | --jsonArray]`.
    ///
    ///     <schema> ... --output <dir> [--access public|internal] [--check]
    public var usage: String {
        guard subcommands.isEmpty else { return "<subcommand>" }
        let required = arguments.filter { !$0.isOptional }.map(\.synopsis)
        let optional = arguments.filter(\.isOptional).map { "[\($0.synopsis)]" }
        var listed: [String] = []
        var previousGroup: String?
        for option in options where !option.isHidden {
            if let group = option.exclusiveGroup, group == previousGroup, let last = listed.popLast() {
                listed.append(String(last.dropLast()) + " | " + option.term + "]")
            } else {
                listed.append(option.synopsis)
            }
            previousGroup = option.exclusiveGroup
        }
        return (required + listed + optional).joined(separator: " ")
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

    /// The argument as usage lines write it: `<schema> ...`, `<input>`.
    var synopsis: String {
        "<\(name.lowercased())>" + (isRepeating ? " ..." : "")
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
    /// Written without brackets in the usage line (`--store <file>`); the command itself reports
    /// its absence (`ParsedArguments.required`), when its other arguments have been checked.
    public var isRequired = false
    /// Options of one group exclude each other (`--ndjson`, `--jsonArray`); the usage line writes
    /// neighbours of a group as alternatives. The command itself reports two given together.
    public var exclusiveGroup: String?

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

    /// This option, written in the usage line as one the command cannot do without.
    public func required() -> OptionSpec {
        var option = self
        option.isRequired = true
        return option
    }

    /// This option, one of the alternatives of `group` (see `exclusiveGroup`).
    public func exclusive(in group: String) -> OptionSpec {
        var option = self
        option.exclusiveGroup = group
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

    /// The option as the usage line of its command writes it: `--store <file>` when required,
    /// else in brackets, with its allowed values and a repetition: `[--mode insert|upsert]`,
    /// `[--schema <schema> ...]`, `[--check]`.
    var synopsis: String {
        isRequired ? term : "[\(term)]"
    }

    /// The option as its synopsis writes it, without brackets: `--mode insert|upsert`, `--schema <schema> ...`.
    var term: String {
        var text = usage
        if case .value(_, let allowed?, _) = kind { text = key + " " + allowed.joined(separator: "|") }
        if case .value(_, _, true) = kind { text += " ..." }
        return text
    }

    /// The specs of the builtins (`BuiltinOption`): `--help`, `--version` and the hidden
    /// `--generate-completion` and `--generate-manpage`.
    public static let builtins: [OptionSpec] = BuiltinOption.allCases.map(\.spec)
}
