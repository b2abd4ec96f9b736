import RealmCLI
import Testing

/// Options whose spellings clash: `-c` twice (a flag's, after an option with a value), and
/// `--check` twice.
enum ClashingOption: CommandOptions {
    case className, check, verify

    var spec: OptionSpec {
        switch self {
        case .className: .value("--class", "-c", valueName: "name", help: "A class.")
        case .check: .flag("--check", "-c", help: "Only check.")
        case .verify: .flag("--verify", "--check", help: "Verify.")
        }
    }
}

/// `CommandAudit`: every declared option parses back to its own case, by every spelling, and is
/// listed wherever the generators list options. The tools' own commands are audited in
/// EndToEndTests (CommandOptionsAuditTests), which can see them.
@Suite("Command audit")
struct CommandAuditTests {
    @Test func declaredOptionsRoundTripAndAreDocumented() {
        #expect(CommandAudit.problems(of: Command<ToolOption>(name: "tool", overview: "A test tool.")) == [])
        // Aliases and hidden options round-trip too; hidden ones need not be documented.
        #expect(CommandAudit.problems(of: Command<SuggestingOption>(name: "tool", overview: "A test tool.")) == [])
        #expect(CommandAudit.problems(of: Command<NoOptions>(name: "tool", overview: "A test tool.")) == [])
    }

    /// Each declared option, given by each spelling, is found by its case and by no other.
    @Test(arguments: ToolOption.allCases)
    func typedLookUp(option: ToolOption) throws {
        let sample = option.spec.kind == .flag ? [] : ["insert"]
        for spelling in option.spec.names {
            let parsed = try Command<ToolOption>(name: "tool", overview: "A test tool.").parse([spelling] + sample)
            #expect(parsed.has(option))
            #expect(parsed.value(option) == sample.first)
            #expect(ToolOption.allCases.filter { parsed.has($0) } == [option])
        }
    }

    @Test func clashingSpellingsAreReported() {
        let problems = CommandAudit.problems(of: Command<ClashingOption>(name: "tool", overview: "A test tool."))
        #expect(problems == ["'-c' does not parse for tool", "'--check' does not parse to verify alone for tool"])
    }
}
