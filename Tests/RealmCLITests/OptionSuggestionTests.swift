import Foundation
import RealmCLI
import Testing

/// "Did you mean", accepted aliases, hidden options and `--error-format json` for usage errors.
/// The options of the test tool: aliases and a hidden one among them.
enum SuggestingOption: CommandOptions {
    case limit, className, output, mode, dryRun, jsonFormat

    var spec: OptionSpec {
        switch self {
        case .limit: .value("--limit", valueName: "n", help: "At most this many.")
        case .className: .value("--class", valueName: "name", help: "A class.")
        case .output: .value("--output", "-o", valueName: "file", help: "Where to write.").aliased("--out")
        case .mode: .value("--mode", valueName: "mode", allowed: ["insert", "upsert"], help: "How.")
        case .dryRun: .flag("--dry-run", help: "Write nothing.")
        case .jsonFormat: .value("--jsonFormat", valueName: "format", allowed: ["relaxed", "canonical"], help: "Compat.").hidden()
        }
    }
}

@Suite("Option suggestions")
struct OptionSuggestionTests {
    let command = Command<SuggestingOption>(name: "tool", overview: "A test tool.")
    var spec: CommandSpec { command.spec }

    @Test(arguments: [
        ("--limt", "Unknown option '--limt'; did you mean '--limit'?"),
        ("--clas", "Unknown option '--clas'; did you mean '--class'?"),
        ("--dryRun", "Unknown option '--dryRun'; did you mean '--dry-run'?"),
        ("--outptu", "Unknown option '--outptu'; did you mean '--output'?"),
        ("-c", "Unknown option '-c'; did you mean '--class'?"),
        ("--collection", "Unknown option '--collection'; did you mean '--class'?"),
        ("--upsert", "Unknown option '--upsert'; did you mean '--mode upsert'?"),
        ("--nope", "Unknown option '--nope'."),
        ("--nl", "Unknown option '--nl'."),
    ])
    func suggestions(spelling: String, message: String) {
        #expect(throws: UsageError(message)) { try command.parse([spelling, "x"]) }
    }

    @Test func aliasesAndHiddenOptionsParseButAreNotListed() throws {
        let parsed = try command.parse(["--out", "a.json", "--jsonFormat", "canonical"])
        #expect(parsed.value(.output) == "a.json")
        #expect(parsed.value(.jsonFormat) == "canonical")
        let help = HelpGenerator.help(for: spec)
        #expect(help.contains("--output <file>"))
        #expect(!help.contains("--out,") && !help.contains("jsonFormat") && !help.contains("generate-completion"))
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(OptionSuggestions.suggestion(for: "--lmiit", in: spec) == "--limit")
        #expect(OptionSuggestions.suggestion(for: "--lmitti", in: spec) == nil)
        #expect(OptionSuggestions.suggestion(for: "--zzzzz", in: spec) == nil)
    }

    @Test func usageErrorsAsJSON() throws {
        let collected = CapturedOutput()
        let status = CommandRunner(command).run(["--limt", "3"], diagnosticFormat: .json, output: collected.textOutput) { _ in }
        #expect(status == .usage)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(collected.err.utf8)) as? [String: String])
        #expect(object["kind"] == "usage" && object["severity"] == "error")
        #expect(object["message"] == "Unknown option '--limt'; did you mean '--limit'?")
        #expect(object["usage"] == "tool [--limit <n>] [--class <name>] [--output <file>] [--mode insert|upsert] [--dry-run]")
    }

    @Test func ioAndOtherFailuresAsJSON() throws {
        let collected = CapturedOutput()
        let status = CommandRunner(command).run([], diagnosticFormat: .json, output: collected.textOutput) { _ in
            throw IOFailure("in.json: no such file")
        }
        #expect(status == .failure)
        #expect(collected.err == #"{"severity":"error","kind":"io","message":"in.json: no such file"}"# + "\n")
    }
}
