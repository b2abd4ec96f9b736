import RealmCLI
import Testing

@Suite("Argument parsing")
struct ArgumentParsingTests {
    let spec = CommandSpec(
        name: "tool",
        overview: "A test tool.",
        usage: "<input> ... [--output <dir>] [--check]",
        arguments: [ArgumentSpec("INPUT", help: "Input files.", isRepeating: true)],
        options: [
            .value("--output", "-o", valueName: "dir", help: "Where to write."),
            .value("--mode", valueName: "mode", allowed: ["insert", "upsert"], help: "How to write."),
            .value("--class", valueName: "name", repeatable: true, help: "A class."),
            .flag("--check", help: "Only check."),
        ])

    @Test func positionalsOptionsAndFlags() throws {
        let parsed = try spec.parse(["a.yaml", "-o", "out", "b.yaml", "--check", "-"])
        #expect(parsed.positionals == ["a.yaml", "b.yaml", "-"])
        #expect(parsed.value("--output") == "out")
        #expect(parsed.has("--check"))
        #expect(!parsed.has("--mode"))
    }

    @Test func inlineValueAndDoubleDash() throws {
        let parsed = try spec.parse(["--output=dir", "--", "--check"])
        #expect(parsed.value("--output") == "dir")
        #expect(parsed.positionals == ["--check"])
        #expect(!parsed.has("--check"))
    }

    @Test func repeatableOption() throws {
        let parsed = try spec.parse(["--class", "A", "--class", "B"])
        #expect(parsed.values("--class") == ["A", "B"])
    }

    @Test(arguments: [
        (["--nope"], "Unknown option '--nope'."),
        (["-o"], "Missing value for '--output <dir>'."),
        (["--mode", "merge"], "The value 'merge' is invalid for '--mode'; expected one of 'insert', 'upsert'."),
        (["-o", "a", "--output", "b"], "Option '--output' was given more than once."),
        (["--check=yes"], "Option '--check' does not take a value."),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try spec.parse(arguments) }
    }

    @Test func helpHasAllSections() {
        let help = HelpGenerator.help(for: spec)
        #expect(help.hasPrefix("OVERVIEW: A test tool.\n\nUSAGE: tool <input> ... [--output <dir>] [--check]\n"))
        #expect(help.contains("\nARGUMENTS:\n  <input> ..."))
        #expect(help.contains("\nOPTIONS:\n  -o, --output <dir>"))
        #expect(help.contains("  -h, --help"))
        #expect(help.contains("  --version"))
    }
}
