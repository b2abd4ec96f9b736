/// Renders `--help` text in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS form.
public enum HelpGenerator {
    /// The full help text of a command; `parents` are the command names above it
    /// (`["realm-schema"]` for `codegen`).
    public static func help(for spec: CommandSpec, parents: [String] = []) -> String {
        var lines = ["OVERVIEW: \(spec.overview)", "", "USAGE: \(usageLine(for: spec, parents: parents))"]
        if !spec.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += spec.arguments.map { row("<\($0.name.lowercased())>" + ($0.isRepeating ? " ..." : ""), $0.help) }
        }
        lines += ["", "OPTIONS:"]
        lines += (spec.options + OptionSpec.builtins).filter { !$0.isHidden }.map { option in
            // Short spellings first: `-o, --output <dir>`.
            let label = option.names.dropFirst().reversed().map { $0 + ", " }.joined() + option.usage
            return row(label, option.help)
        }
        if !spec.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            lines += spec.subcommands.map { row($0.name, $0.overview) }
            lines += ["", "  See '\((parents + [spec.name]).joined(separator: " ")) help <subcommand>' for detailed help."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `realm-schema codegen SCHEMA... -o DIR [--access public|internal] [--check]`
    public static func usageLine(for spec: CommandSpec, parents: [String] = []) -> String {
        (parents + [spec.name, spec.usage]).filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        let width = 26
        if padded.count < width {
            return padded + String(repeating: " ", count: width - padded.count) + help
        }
        return padded + "\n" + String(repeating: " ", count: width) + help
    }
}
