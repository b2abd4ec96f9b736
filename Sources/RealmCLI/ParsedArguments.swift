/// The result of parsing a command line against a `Command<Options>`: its positional arguments,
/// and its options looked up by the cases of `Options`, so only declared options can be asked for.
public struct ParsedArguments<Options: CommandOptions>: Sendable, Equatable {
    /// Positional arguments in order.
    public var positionals: [String] = []
    /// Values by the option's canonical spelling (builtins included); flags map to an empty array.
    var given: [String: [String]] = [:]
    /// The notes of other tools' flags accepted as no-ops (`ForeignOption`), in order.
    public var notes: [String] = []

    public init() {}

    /// Whether a flag (or valued option) was given.
    public func has(_ option: Options) -> Bool {
        given[option.key] != nil
    }

    /// The value of a single-valued option, if given.
    public func value(_ option: Options) -> String? {
        given[option.key]?.last
    }

    /// The value of an option with an `allowed:` list, as the type whose raw values that list
    /// holds (`parsed.value(.mode, as: ImportMode.self)`); nil when absent.
    public func value<Choice: RawRepresentable>(_ option: Options, as type: Choice.Type) -> Choice? where Choice.RawValue == String {
        value(option).flatMap(Choice.init(rawValue:))
    }

    /// Every value of a repeatable option, in order.
    public func values(_ option: Options) -> [String] {
        given[option.key] ?? []
    }

    /// The value of an option the command cannot do without; the usage error
    /// "Missing expected option '--store <file>'." when it was not given.
    public func required(_ option: Options) throws(UsageError) -> String {
        guard let value = value(option) else { throw UsageError.missingOption(option.spec.usage) }
        return value
    }

    /// Whether a builtin (`--help`, `--version`, …) was given.
    func has(builtin option: BuiltinOption) -> Bool {
        given[option.key] != nil
    }

    /// The value of a builtin (`--generate-completion`), if given.
    func value(builtin option: BuiltinOption) -> String? {
        given[option.key]?.last
    }

    /// The usage error "Unexpected argument '…'." for the first positional argument, if any
    /// (for commands that take none).
    public func requireNoPositionals() throws(UsageError) {
        if let extra = positionals.first { throw UsageError.unexpectedArgument(extra) }
    }
}

/// A mistake in how a command was invoked: printed as `Error: …` plus usage, exit status 64.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// "Missing expected option '--output <dir>'."; `usage` as `OptionSpec.usage` spells it.
    public static func missingOption(_ usage: String) -> UsageError {
        UsageError("Missing expected option '\(usage)'.")
    }

    /// "Missing expected argument '<schema> ...'."
    public static func missingArgument(_ usage: String) -> UsageError {
        UsageError("Missing expected argument '\(usage)'.")
    }

    /// "Unexpected argument 'extra'."
    public static func unexpectedArgument(_ argument: String) -> UsageError {
        UsageError("Unexpected argument '\(argument)'.")
    }
}

extension CommandSpec {
    /// Parses `arguments` (without the program name) against these options and the builtins;
    /// `Command.parse` gives the result its option type. `--` ends options; `-` is a positional.
    func parse<Options>(_ arguments: [String]) throws(UsageError) -> ParsedArguments<Options> {
        var parsed = ParsedArguments<Options>()
        var arguments = arguments
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var spelling = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if option(named: spelling) == nil, let foreign = foreign.first(where: { $0.names.contains(spelling) }) {
                var value = inlineValue
                if foreign.takesValue, value == nil {
                    guard index < arguments.count else { throw UsageError("Missing value for '\(spelling)'.") }
                    value = arguments[index]
                    index += 1
                } else if !foreign.takesValue, inlineValue != nil {
                    throw UsageError("Option '\(spelling)' does not take a value.")
                }
                switch try foreign.outcome(value) {
                case .note(let note): parsed.notes.append(note)
                case .refused(let message): throw UsageError(message)
                case .same(let own, let ownValue):
                    // Parsed next as this command's own option.
                    arguments.insert(contentsOf: [own] + (ownValue.map { [$0] } ?? []), at: index)
                }
                continue
            }
            guard let option = option(named: spelling) else {
                throw UsageError.unknownOption(spelling, in: self)
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil {
                    throw UsageError("Option '\(option.key)' does not take a value.")
                }
                parsed.given[option.key] = []
            case .value(_, let allowed, let isRepeatable):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("Missing value for '\(option.usage)'.")
                }
                if let allowed, !allowed.contains(value) {
                    let choices = allowed.map { "'\($0)'" }.joined(separator: ", ")
                    throw UsageError("The value '\(value)' is invalid for '\(option.key)'; expected one of \(choices).")
                }
                if !isRepeatable, parsed.given[option.key] != nil {
                    throw UsageError("Option '\(option.key)' was given more than once.")
                }
                parsed.given[option.key, default: []].append(value)
            }
        }
        return parsed
    }
}
