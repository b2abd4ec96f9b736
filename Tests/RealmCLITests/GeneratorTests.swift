import Foundation
import RealmCLI
import TestSupport
import Testing

/// Completion scripts and man pages come from the command definitions that make `--help`.
@Suite("Completion and man page generators")
struct GeneratorTests {
    let spec = CommandSpec(
        name: "my-tool", overview: "Does things - carefully.",
        arguments: [ArgumentSpec("INPUT", help: "Input files.", isRepeating: true)],
        options: [
            .value("--store", valueName: "file", help: "The store file."),
            .value("--mode", valueName: "mode", allowed: ["insert", "upsert"], help: "How [to] write: it's 'mode'."),
            .flag("--quiet", "-q", help: "Say less."),
            .value("--secret", valueName: "x", help: "Hidden.").hidden(),
        ])
    let root = CommandSpec(name: "my-root", overview: "Dispatches.", subcommands: [
        CommandSpec(name: "check", overview: "Checks.",
                    options: [.value("--output", "-o", valueName: "dir", help: "Where.")]),
    ])

    @Test func bashCompletesOptionsValuesAndFiles() throws {
        let script = CompletionGenerator.script(for: spec, shell: .bash)
        #expect(script.contains("--mode) COMPREPLY=($(compgen -W 'insert upsert' -- \"$3\")); return 0;;"))
        #expect(script.contains("--store) COMPREPLY=($(compgen -f -- \"$3\")); return 0;;"))
        #expect(script.contains("compgen -W '--store --mode --quiet -q --help -h --version'"))
        #expect(!script.contains("--secret") && !script.contains("--generate-manpage"))
        #expect(script.hasSuffix("complete -o filenames -F _my_tool my-tool\n"))
        try expectValidBash(script)
        let nested = CompletionGenerator.script(for: root, shell: .bash)
        #expect(nested.contains("compgen -W 'help check'"))
        #expect(nested.contains("    check)\n") && nested.contains("--output|-o) COMPREPLY=($(compgen -f"))
        try expectValidBash(nested)
    }

    /// The bash script, sourced, completes `my-tool --mode u` to `upsert`.
    @Test func bashScriptRuns() throws {
        let file = try Temporary.path("completion") + "/my-tool.bash"
        try CompletionGenerator.script(for: spec, shell: .bash).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Command.run("bash", ["-c", "source \(file); COMP_WORDS=(my-tool --mode u); COMP_CWORD=2; _my_tool; "
                                                + "echo \"${COMPREPLY[*]}\"; COMP_WORDS=(my-tool --q); COMP_CWORD=1; _my_tool; echo \"${COMPREPLY[*]}\""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "upsert\n--quiet\n")
    }

    @Test func zshAndFish() {
        let zsh = CompletionGenerator.script(for: spec, shell: .zsh)
        #expect(zsh.hasPrefix("#compdef my-tool\n"))
        #expect(zsh.contains("'--mode[How \\[to\\] write\\: it'\\''s '\\''mode'\\''.]:mode:(insert upsert)'"))
        #expect(zsh.contains("'--store[The store file.]:file:_files'"))
        let fish = CompletionGenerator.script(for: spec, shell: .fish)
        #expect(fish.contains("complete -c my-tool -l mode -x -a 'insert upsert' -d 'How [to] write: it\\'s \\'mode\\'.'"))
        #expect(fish.contains("complete -c my-tool -l quiet -s q -d 'Say less.'"))
        let nested = CompletionGenerator.script(for: root, shell: .fish)
        #expect(nested.contains("complete -c my-root -f -n __fish_use_subcommand -a check -d 'Checks.'"))
        #expect(nested.contains("complete -c my-root -n '__fish_seen_subcommand_from check' -l output -s o -r -F -d 'Where.'"))
    }

    @Test func manPage() {
        let page = ManPageGenerator.page(for: spec, version: "9.9")
        #expect(page.hasPrefix(".TH MY-TOOL 1 \"\" \"realm-tools 9.9\" \"User Commands\"\n.SH NAME\nmy\\-tool \\- Does things \\- carefully.\n"))
        #expect(page.contains(".SH OPTIONS\n.TP\n\\fB\\-\\-store\\fR \\fIfile\\fR\nThe store file.\n"))
        #expect(page.contains(".TP\n\\fB\\-\\-quiet\\fR, \\fB\\-q\\fR\nSay less.\n"))
        #expect(page.contains(".SH EXIT STATUS") && page.contains("64"))
        #expect(!page.contains("secret"))
        let nested = ManPageGenerator.page(for: root)
        #expect(nested.contains(".SH SUBCOMMANDS\n.SS check\nChecks.\n"))
    }

    @Test func usageLineWritesExclusiveNeighboursAsAlternatives() {
        let shapes = CommandSpec(name: "shapes", overview: "Writes.", options: [
            .flag("--ndjson", help: "Lines.").exclusive(in: "shape"),
            .value("--legacy", valueName: "x", help: "Hidden.").hidden(),
            .flag("--jsonArray", help: "An array.").exclusive(in: "shape"),
            .value("--mode", valueName: "mode", allowed: ["a", "b"], help: "Mode.").exclusive(in: "mode"),
            .flag("--pretty", help: "Indent."),
        ])
        #expect(shapes.usage == "[--ndjson | --jsonArray] [--mode a|b] [--pretty]")
    }

    private func expectValidBash(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try Temporary.path("completion") + "/script.bash"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Command.run("bash", ["-n", file])
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    }
}
