import Foundation
import TestSupport
import Testing

/// The completion scripts the tools generate (`--generate-completion`), loaded by the real
/// shells: each parses, installs its completion and completes options, option values and
/// subcommands. zsh and fish come from scripts/install-deps.sh; a test of a shell that is not
/// installed is skipped, saying so.
@Suite struct CompletionShellTests {
    static let tools = ["realm-import", "realm-export", "realm-schema"]

    static func installed(_ shell: String) -> Bool {
        (try? Command.run("sh", ["-c", "command -v \(shell)"]).status) == 0
    }

    /// A directory with each tool's script for `shell`, named as `make install` names it.
    func scripts(_ shell: String, name: (String) -> String) throws -> String {
        let directory = try Temporary.path("completion-\(shell)")
        for tool in Self.tools {
            let generated = try Tool.run(tool, ["--generate-completion", shell])
            #expect(generated.status == 0 && !generated.stdout.isEmpty, "\(generated.stderr)")
            try generated.stdout.write(toFile: directory + "/" + name(tool), atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// What `shell` checks of each script's syntax without running it (`bash -n`, `zsh -n`, `fish -n`).
    func expectParses(_ shell: String, _ directory: String, name: (String) -> String) throws {
        for tool in Self.tools {
            let result = try Command.run(shell, ["-n", directory + "/" + name(tool)])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(shell) -n \(tool): \(result.stderr)")
        }
    }

    /// The candidates, one per line, sorted.
    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesTheToolsOptionsValuesAndSubcommands() throws {
        let directory = try scripts("bash") { $0 }
        try expectParses("bash", directory) { $0 }
        func complete(_ tool: String, _ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let function = "_" + tool.replacingOccurrences(of: "-", with: "_")
            let script = "source \(directory)/\(tool); COMP_WORDS=(\(tool) \(quoted)); COMP_CWORD=\(words.count); "
                + "\(function); printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try Command.run("bash", ["-c", script], in: directory)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            return lines(result.stdout)
        }
        #expect(try complete("realm-import", ["--st"]) == ["--store"])
        #expect(try complete("realm-import", ["--mode", "u"]) == ["upsert"])
        #expect(try complete("realm-import", ["--on-missing-link", ""]) == ["error", "null"])
        #expect(try complete("realm-export", ["--store", "x", "--ty"]) == ["--type"])
        #expect(try complete("realm-schema", ["co"]) == ["codegen"])
        #expect(try complete("realm-schema", ["dump", "--st"]) == ["--store"])
    }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed (scripts/install-deps.sh installs it from Debian)"))
    func zshCompletesTheToolsOptionsValuesAndSubcommands() throws {
        let directory = try scripts("zsh") { "_" + $0 }
        try expectParses("zsh", directory) { "_" + $0 }
        // compinit finds the scripts on fpath by their #compdef lines.
        let setup = "fpath=(\(directory) $fpath); autoload -Uz compinit; compinit -u -D"
        let registered = try Command.run("zsh", ["-f", "-c", setup + "; print -r -- $_comps[realm-import] $_comps[realm-schema]"])
        #expect(registered.stdout == "_realm-import _realm-schema\n", "\(registered.stderr)")
        try Self.zshCapture.write(toFile: directory + "/capture.zsh", atomically: true, encoding: .utf8)
        func expectCompletion(_ line: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try Command.run("timeout", ["60", "zsh", "-f", directory + "/capture.zsh", directory, line])
            #expect(result.status == 0, "zsh: \(line): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(lines(result.stdout) == expected, "zsh: \(line): \(result.stdout)", sourceLocation: sourceLocation)
        }
        try expectCompletion("realm-import --st", ["--store"])
        try expectCompletion("realm-import --mode u", ["upsert"])
        try expectCompletion("realm-import --on-missing-link ", ["error", "null"])
        try expectCompletion("realm-export --store x --ty", ["--type"])
        try expectCompletion("realm-schema co", ["codegen"])
    }

    /// zsh -f capture.zsh DIR LINE: the matches zsh's completion adds for LINE followed by Tab,
    /// with the completion functions of DIR, one per line. An interactive zsh runs in a pseudo-
    /// terminal (zsh/zpty), with `compadd` wrapped to print what it adds; the markers are typed
    /// split (`<do""ne>`) so that only their output matches. Tab runs a widget that completes and
    /// then prints the end marker, and nothing more is typed until it is read: input typed while
    /// the completion runs is typeahead, for which zsh's completion adds nothing (a loaded
    /// machine lost 4 of 25 runs that way).
    static let zshCapture = #"""
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        zpty -w z "PS1='' RPROMPT=''; fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w z 'compadd() { local -a hits; builtin compadd -A hits "$@"; (( $#hits )) && print -r -l -- "" "<hit>"${^hits}; builtin compadd "$@" }'
        zpty -w z 'capture-tab() { zle complete-word; print -r -- "" "<do""ne>" }; zle -N capture-tab; bindkey "^I" capture-tab'
        zpty -w z 'print "<rea""dy>"'
        zpty -r z line '*<ready>*' || exit 4
        zpty -w -n z "$2"$'\t'
        zpty -r z out '*<done>*' || exit 5
        zpty -d z
        print -r -- ${(F)${(u)${(M)${(f)out//$'\r'/}:#<hit>*}#<hit>}}
        """#

    @Test(.enabled(if: installed("fish"), "fish is not installed (scripts/install-deps.sh installs it from Debian)"))
    func fishCompletesTheToolsOptionsValuesAndSubcommands() throws {
        let directory = try scripts("fish") { $0 + ".fish" }
        try expectParses("fish", directory) { $0 + ".fish" }
        func complete(_ line: String) throws -> [String] {
            let sources = Self.tools.map { "source \(directory)/\($0).fish; " }.joined()
            let result = try Command.run("fish", ["--no-config", "-c", sources + "complete -C '\(line)'"], in: directory)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            // `candidate<TAB>description`.
            return lines(result.stdout).map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try complete("realm-import --st") == ["--store"])
        #expect(try complete("realm-import --mode u") == ["upsert"])
        #expect(try complete("realm-import --on-missing-link ") == ["error", "null"])
        #expect(try complete("realm-export --store x --ty") == ["--type"])
        #expect(try complete("realm-schema co") == ["codegen"])
        #expect(try complete("realm-schema dump --st") == ["--store"])
    }
}
