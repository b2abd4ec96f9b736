import Foundation
import RealmCLI
import RealmSchema
import Testing

/// Collects what a command prints.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }

    var textOutput: TextOutput {
        TextOutput(out: { text in self.lock.withLock { self.outText += text } },
                   err: { text in self.lock.withLock { self.errText += text } })
    }
}

@Suite("Command runner: errors become messages and exit codes")
struct CommandRunnerTests {
    let runner = CommandRunner(Command<NoOptions>(name: "tool", overview: "Does things.",
                                                  arguments: [ArgumentSpec("INPUT", help: "An input.")]),
                               parents: ["suite"])

    @Test func usageErrorPrintsErrorAndUsageAndExits64() {
        let output = CapturedOutput()
        let code = runner.run(["--bogus"], output: output.textOutput) { _ in }
        #expect(code == .usage)
        #expect(output.err.hasPrefix("Error: Unknown option '--bogus'.\nUsage: suite tool <input>\n"))
        #expect(output.out.isEmpty)
    }

    @Test func helpAndVersionGoToStdout() {
        let output = CapturedOutput()
        #expect(runner.run(["--help"], output: output.textOutput) { _ in Issue.record("body must not run") } == .success)
        #expect(output.out.hasPrefix("OVERVIEW: Does things."))
        let version = CapturedOutput()
        #expect(runner.run(["--version"], output: version.textOutput) { _ in } == .success)
        #expect(version.out == RealmToolsVersion.current + "\n")
    }

    @Test func diagnosticsExit1InTextAndJSON() {
        let diagnostic = Diagnostic.error("Type 'Foo' appears more than once in the schema.",
                                          at: SourceLocation(file: "a.yaml", line: 3, column: 5))
        let text = CapturedOutput()
        #expect(runner.run([], output: text.textOutput) { _ in throw DiagnosticsError([diagnostic]) } == .invalidInput)
        #expect(text.err == "a.yaml:3:5: error: Type 'Foo' appears more than once in the schema.\n")
        let json = CapturedOutput()
        #expect(runner.run([], diagnosticFormat: .json, output: json.textOutput) { _ in throw diagnostic } == .invalidInput)
        #expect(json.err == #"{"severity":"error","file":"a.yaml","line":3,"column":5,"message":"Type 'Foo' appears more than once in the schema."}"# + "\n")
    }

    @Test func ioFailureExits2() {
        let output = CapturedOutput()
        #expect(runner.run([], output: output.textOutput) { _ in throw IOFailure("x.yaml: cannot read file") } == .failure)
        #expect(output.err == "error: x.yaml: cannot read file\n")
    }

    @Test func jsonStringEscaping() {
        #expect(DiagnosticPrinter.quoted("a\"b\\c\nd\u{1}é") == #""a\"b\\c\nd\u0001é""#)
    }
}
