import Foundation

/// realm-soak run DIR SECONDS [IMPORTERS] · verify DIR · writer STORE SECONDS · query STORE SECONDS
///
/// The soak benchmark of bench/soak_bench.sh (and, for a few seconds, of `make test`): several
/// processes importing, exporting, querying and writing through the Swift API on one store,
/// every invariant checked as they go and at the end (SoakDriver). `run` prints the report's
/// Markdown table and `soak: pass` or `soak: FAIL`, and exits 1 on any problem.
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(status)
}

do {
    switch (arguments.first, arguments.count) {
    case ("run", 3...4):
        guard let seconds = Double(arguments[2]), seconds > 0,
              let importers = arguments.count > 3 ? Int(arguments[3]) : 2, importers > 0 else { fail(SoakMessages.usage, status: 64) }
        let report = try SoakDriver.run(in: arguments[1], seconds: seconds, importers: importers)
        print(report.markdown)
        print(SoakMessages.verdict(report.passed))
        exit(report.passed ? 0 : 1)
    case ("verify", 2):
        let verification = SoakVerification.run(in: arguments[1])
        for problem in verification.problems { print("- " + problem) }
        print(SoakMessages.verdict(verification.problems.isEmpty))
        exit(verification.problems.isEmpty ? 0 : 1)
    case ("writer", 3):
        guard let seconds = Double(arguments[2]) else { fail(SoakMessages.usage, status: 64) }
        exit(try SoakWriter.run(store: arguments[1], seconds: seconds))
    case ("query", 3):
        guard let seconds = Double(arguments[2]) else { fail(SoakMessages.usage, status: 64) }
        exit(try SoakQuerier.run(store: arguments[1], seconds: seconds))
    default:
        fail(SoakMessages.usage, status: 64)
    }
} catch {
    fail("error: \(error)\n", status: 2)
}
