import RealmCLI
import Testing

/// The options of the test tool.
enum ToolOption: CommandOptions {
    case output, mode, className, check

    var spec: OptionSpec {
        switch self {
        case .output: .value("--output", "-o", valueName: "dir", help: "Where to write.")
        case .mode: .value("--mode", valueName: "mode", allowed: ["insert", "upsert"], help: "How to write.")
        case .className: .value("--class", valueName: "name", repeatable: true, help: "A class.")
        case .check: .flag("--check", help: "Only check.")
        }
    }
}

@Suite("Argument parsing")
struct ArgumentParsingTests {
    let spec = Command<ToolOption>(
        name: "tool",
        overview: "A test tool.",
        arguments: [ArgumentSpec("INPUT", help: "Input files.", isRepeating: true)])

    @Test func positionalsOptionsAndFlags() throws {
        let parsed = try spec.parse(["a.yaml", "-o", "out", "b.yaml", "--check", "-"])
        #expect(parsed.positionals == ["a.yaml", "b.yaml", "-"])
        #expect(parsed.value(.output) == "out")
        #expect(parsed.has(.check))
        #expect(!parsed.has(.mode))
    }

    @Test func inlineValueAndDoubleDash() throws {
        let parsed = try spec.parse(["--output=dir", "--", "--check"])
        #expect(parsed.value(.output) == "dir")
        #expect(parsed.positionals == ["--check"])
        #expect(!parsed.has(.check))
    }

    @Test func repeatableOption() throws {
        let parsed = try spec.parse(["--class", "A", "--class", "B"])
        #expect(parsed.values(.className) == ["A", "B"])
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
        let help = HelpGenerator.help(for: spec.spec)
        #expect(help.hasPrefix("OVERVIEW: A test tool.\n\nUSAGE: tool <input> ... [--output <dir>] [--mode insert|upsert] "
                               + "[--class <name> ...] [--check]\n"))
        #expect(help.contains("\nARGUMENTS:\n  <input> ..."))
        #expect(help.contains("\nOPTIONS:\n  -o, --output <dir>"))
        #expect(help.contains("  -h, --help"))
        #expect(help.contains("  --version"))
    }
}
