/// Man pages (roff, section 1) made from the same `CommandSpec`s as `--help`
/// (`realm-import --generate-manpage`), with the exit statuses of docs/command-line.md.
///
/// For example:
///
///     let page = ManPageGenerator.page(for: ExportCommand.command.spec)
///     // .TH REALM-EXPORT 1 "" "realm-tools 0.1.0" "User Commands"
public enum ManPageGenerator {
    public static func page(for spec: CommandSpec, version: String = RealmToolsVersion.current) -> String {
        var lines = [".TH \(spec.name.uppercased()) 1 \"\" \"realm-tools \(version)\" \"User Commands\"",
                     ".SH NAME", "\(escape(spec.name)) \\- \(escape(spec.overview))",
                     ".SH SYNOPSIS", ".B \(escape(spec.name))", escape(spec.usage)]
        if !spec.arguments.isEmpty {
            lines.append(".SH ARGUMENTS")
            for argument in spec.arguments {
                lines += [".TP", "\\fI\(escape(argument.name.lowercased()))\\fR" + (argument.isRepeating ? " ..." : ""),
                          escape(argument.help)]
            }
        }
        lines += options(of: spec)
        if !spec.subcommands.isEmpty {
            lines.append(".SH SUBCOMMANDS")
            for command in spec.subcommands {
                lines += [".SS \(escape(command.name))", escape(command.overview), ".PP",
                          ".B \(escape(spec.name + " " + command.name))", escape(command.usage)]
                lines += options(of: command, heading: nil)
            }
        }
        lines += [".SH EXIT STATUS", ".TP", "0", "Success.", ".TP", "1", "The input or schema is invalid; nothing was written.",
                  ".TP", "2", "An I/O or store failure; nothing was written.", ".TP", "64", "The command was invoked wrongly.",
                  ".TP", "130, 143", "Stopped by SIGINT or SIGTERM; nothing was written.",
                  ".SH SEE ALSO", "realm\\-schema(1), realm\\-import(1), realm\\-export(1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func options(of spec: CommandSpec, heading: String? = ".SH OPTIONS") -> [String] {
        var lines = heading.map { [$0] } ?? []
        for option in CompletionGenerator.visibleOptions(spec) {
            var label = option.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
            if case .value(let name, _, _) = option.kind { label += " \\fI\(escape(name.lowercased()))\\fR" }
            lines += [".TP", label, escape(option.help)]
        }
        return lines
    }

    /// Text safe in roff: backslashes doubled, hyphens as `\-`, a leading `.` or `'` guarded.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
