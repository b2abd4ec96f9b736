import Foundation
import RealmCLI
import Testing

/// Other tools' flags (`ForeignOption`): a note, this command's own option, or a refusal, with
/// values given apart or inline; notes printed once each, not with `--quiet`.
@Suite("Foreign options")
struct ForeignOptionTests {
    enum Option: CommandOptions {
        case className, maxErrors, quiet
        var spec: OptionSpec {
            switch self {
            case .className: .value("--class", valueName: "name", help: "A class.")
            case .maxErrors: .value("--max-errors", valueName: "n", help: "Errors.")
            case .quiet: .flag("--quiet", help: "Quiet.")
            }
        }
    }

    let command = Command<Option>(name: "tool", overview: "A test tool.", foreign: [
        ForeignOption(["--jsonArray"], .note("arrays are detected")),
        ForeignOption(["-c", "--collection"], takesValue: true) { name in .same(as: "--class", value: name) },
        ForeignOption(["--stopOnError"], .same(as: "--max-errors", value: "1")),
        ForeignOption(["--parseGrace"], takesValue: true) { value in
            value == "stop" ? .note("stopping is the default") : .refused("never skips (\(value ?? ""))")
        },
    ])

    @Test func notesAreKeptAndNothingElseChanges() throws {
        let parsed = try command.parse(["--jsonArray", "--parseGrace", "stop", "in.json"])
        #expect(parsed.notes == ["arrays are detected", "stopping is the default"])
        #expect(parsed.positionals == ["in.json"] && !parsed.has(.className))
    }

    @Test func equivalentsAreThisCommandsOptions() throws {
        let parsed = try command.parse(["-c", "Dog", "--stopOnError"])
        #expect(parsed.value(.className) == "Dog" && parsed.value(.maxErrors) == "1" && parsed.notes.isEmpty)
        let inline = try command.parse(["--collection=Cat"])
        #expect(inline.value(.className) == "Cat")
        // The equivalent counts as the option itself: given twice is the usual error.
        #expect(throws: UsageError("Option '--class' was given more than once.")) {
            try command.parse(["--class", "Dog", "-c", "Cat"])
        }
    }

    @Test func refusalsAndMissingValues() {
        #expect(throws: UsageError("never skips (skipRow)")) { try command.parse(["--parseGrace=skipRow"]) }
        #expect(throws: UsageError("Missing value for '--parseGrace'.")) { try command.parse(["--parseGrace"]) }
        #expect(throws: UsageError("Option '--jsonArray' does not take a value.")) { try command.parse(["--jsonArray=1"]) }
    }

    @Test func notesArePrintedUnlessQuiet() {
        for (arguments, expected) in [(["--jsonArray"], "note: arrays are detected\n"), (["--jsonArray", "--quiet"], "")] {
            let collected = CapturedOutput()
            let status = CommandRunner(command).run(arguments, output: collected.textOutput) { _ in }
            #expect(status == .success && collected.err == expected)
        }
    }
}
