/// Checks a command's declared options against what is made from them: each one, by every
/// spelling, parses back to its own case (and only to it), and each visible one is in the usage
/// line, `--help`, the bash, zsh and fish completions and the man page.
///
/// Looking up an undeclared option does not compile (`ParsedArguments` is looked up by the cases
/// of the command's options type); this finds the mistakes that compile: two options sharing a
/// spelling, an option the generators leave out.
///
/// For example:
///
///     CommandAudit.problems(of: ImportCommand.command)   // [] when all is well
///     CommandAudit.problems(of: SchemaCommands.codegen, parents: ["realm-schema"], within: SchemaCommands.root.spec)
public enum CommandAudit {
    /// What is wrong with `command`'s options, one sentence each; empty when nothing is.
    /// `within` is the command whose completions and man page list this one's options (the
    /// dispatching command of a subcommand); by default the command itself.
    public static func problems<Options>(of command: Command<Options>, parents: [String] = [],
                                         within root: CommandSpec? = nil) -> [String] {
        var problems: [String] = []
        for option in Options.allCases {
            problems += roundTripProblems(of: option, in: command)
        }
        problems += documentationProblems(of: command.spec, parents: parents, within: root ?? command.spec)
        return problems
    }

    /// Each spelling of `option` (and `--name=value` for long ones) parses to `option` alone.
    static func roundTripProblems<Options>(of option: Options, in command: Command<Options>) -> [String] {
        let spec = option.spec
        var problems: [String] = []
        var sample: String?
        var isRepeatable = false
        if case .value(_, let allowed, let repeatable) = spec.kind {
            sample = allowed?.first ?? "value"
            isRepeatable = repeatable
        }
        var lines: [[String]] = []
        for spelling in spec.names + spec.aliases {
            lines.append([spelling] + (sample.map { [$0] } ?? []))
            if let sample, spelling.hasPrefix("--") { lines.append([spelling + "=" + sample]) }
        }
        for line in lines {
            let shown = line.joined(separator: " ")
            guard let parsed = try? command.parse(line) else {
                problems.append("'\(shown)' does not parse for \(command.spec.name)")
                continue
            }
            let others = Options.allCases.filter { $0 != option && parsed.has($0) }
            if !parsed.has(option) || !others.isEmpty || !parsed.positionals.isEmpty {
                problems.append("'\(shown)' does not parse to \(option) alone for \(command.spec.name)")
            } else if let sample, parsed.value(option) != sample || parsed.values(option) != [sample] {
                problems.append("'\(shown)' does not give \(option) the value '\(sample)' for \(command.spec.name)")
            }
        }
        if isRepeatable, let sample {
            let twice = (try? command.parse([spec.key, sample, spec.key, sample]))?.values(option)
            if twice != [sample, sample] { problems.append("\(spec.key) is not repeatable for \(command.spec.name)") }
        }
        return problems
    }

    /// Every visible option of `spec` in its usage line and help, and in the completions and man
    /// page of `root`.
    static func documentationProblems(of spec: CommandSpec, parents: [String], within root: CommandSpec) -> [String] {
        let help = words(HelpGenerator.help(for: spec, parents: parents))
        let usage = HelpGenerator.usageLine(for: spec, parents: parents)
        let bash = words(CompletionGenerator.script(for: root, shell: .bash))
        let zsh = words(CompletionGenerator.script(for: root, shell: .zsh))
        let fish = CompletionGenerator.script(for: root, shell: .fish)
        let manPage = ManPageGenerator.page(for: root)
        var problems: [String] = []
        for option in spec.options + OptionSpec.builtins where !option.isHidden {
            let name = (parents + [spec.name]).joined(separator: " ")
            if !option.isBuiltin && !usage.contains(option.term) {
                problems.append("\(option.key) is not in the usage line of \(name)")
            }
            for spelling in option.names {
                let fishForm = spelling.hasPrefix("--") ? "-l \(spelling.dropFirst(2)) " : "-s \(spelling.dropFirst()) "
                let missing = [("--help", help.contains(spelling)), ("bash completion", bash.contains(spelling)),
                               ("zsh completion", zsh.contains(spelling)), ("fish completion", fish.contains(fishForm)),
                               ("man page", manPage.contains("\\fB\(ManPageGenerator.escape(spelling))\\fR"))]
                for (place, found) in missing where !found {
                    problems.append("\(spelling) is not in the \(place) of \(name)")
                }
            }
        }
        return problems
    }

    /// The words of a generated text, split at spaces and at the punctuation around option names.
    private static func words(_ text: String) -> Set<String> {
        Set(text.split { $0.isWhitespace || "'\"[]()|,*=:".contains($0) }.map(String.init))
    }
}

extension OptionSpec {
    /// Whether this is one of the builtins (`--help`, `--version`), which usage lines leave out.
    var isBuiltin: Bool {
        OptionSpec.builtins.contains { $0.key == key }
    }
}
