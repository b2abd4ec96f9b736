/// The options several tools share, spelled once: `--store` (realm-export, realm-import,
/// `realm-schema dump`) and `--error-format` (every tool that prints diagnostics).
public enum StoreOption {
    /// `--store <file>`; `purpose` completes the help text "The store file to … (required).".
    public static func spec(purpose: String) -> OptionSpec {
        OptionSpec.value("--store", valueName: "file", help: "The store file to \(purpose) (required).").required()
    }

    /// The path given with `--store`; the usage error "Missing expected option '--store <file>'."
    /// when there is none.
    public static func path<Options: StoreCommandOptions>(in parsed: ParsedArguments<Options>) throws(UsageError) -> String {
        try parsed.required(.store)
    }

    /// The message for a store file that must exist and does not.
    public static func noSuchStore(_ path: String) -> String {
        "\(path): no such file"
    }

    /// The message for a store file whose opening, reading or writing failed: `<path>: <error>`,
    /// or the error as it is when it already begins with the path.
    public static func storeFailed(_ path: String, _ reason: any Error) -> String {
        let text = String(describing: reason)
        return text.hasPrefix(path + ":") || text.hasPrefix(path + " ") ? text : "\(path): \(text)"
    }
}

extension DiagnosticFormat {
    /// `--error-format text|json`.
    public static let option = OptionSpec.value(
        "--error-format", valueName: "format", allowed: DiagnosticFormat.allCases.map(\.rawValue),
        help: "Diagnostics as 'text' (path:line:column: error: …) or 'json' (one object a line).")

    /// The `--error-format` value in `arguments`, read before full parsing so that usage errors
    /// in the same command line still print diagnostics in the requested form; `.text` when the
    /// option is absent or its value is not a format.
    public static func requested(in arguments: [String]) -> DiagnosticFormat {
        let spelling = option.key
        for (index, argument) in arguments.enumerated() {
            if argument == spelling, index + 1 < arguments.count {
                return DiagnosticFormat(rawValue: arguments[index + 1]) ?? .text
            }
            if argument.hasPrefix(spelling + "=") {
                return DiagnosticFormat(rawValue: String(argument.dropFirst(spelling.count + 1))) ?? .text
            }
        }
        return .text
    }
}
