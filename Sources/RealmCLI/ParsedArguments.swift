/// The result of parsing a command line against a `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    /// Positional arguments in order.
    public var positionals: [String] = []
    /// Values by the option's canonical spelling; flags map to an empty array.
    public var options: [String: [String]] = [:]

    public init() {}

    /// Whether a flag (or valued option) was given.
    public func has(_ option: String) -> Bool {
        options[option] != nil
    }

    /// The value of a single-valued option, if given.
    public func value(_ option: String) -> String? {
        options[option]?.last
    }

    /// Every value of a repeatable option, in order.
    public func values(_ option: String) -> [String] {
        options[option] ?? []
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
    /// Parses `arguments` (without the program name). `--` ends options; `-` is a positional.
    ///
    /// For example:
    /// ```swift
    /// let parsed = try spec.parse(["schemas", "-o", "out", "--check"])
    /// parsed.value("--output")   // "out"
    /// ```
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
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
            guard let option = option(named: spelling) else {
                throw UsageError.unknownOption(spelling, in: self)
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil {
                    throw UsageError("Option '\(option.key)' does not take a value.")
                }
                parsed.options[option.key] = []
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
                if !isRepeatable, parsed.options[option.key] != nil {
                    throw UsageError("Option '\(option.key)' was given more than once.")
                }
                parsed.options[option.key, default: []].append(value)
            }
        }
        return parsed
    }
}
