import Foundation
import TestSupport
import Testing

/// `realm-export --query` with queries nested past the limit (docs/queries.md, section 1) and with long
/// chains and lists, through the built binary: a located error and exit 1, never a signal or
/// SQLite's own text.
@Suite struct RealmExportQueryLimitsTests {
    func export(_ query: String) throws -> ProcessResult {
        let store = try Temporary.path("realm-e2e") + "/q.sqlite"
        try Tool.importDemoStore(store)
        return try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "--query", query])
    }

    @Test func deepNestingExitsOneWithALocatedError() throws {
        for query in [String(repeating: "(", count: 25_000) + "age > 3" + String(repeating: ")", count: 25_000),
                      String(repeating: "!", count: 60_000) + "age > 3"] {
            let result = try export(query)
            #expect(result.status == 1, "\(result.status) \(result.stderr.prefix(300))")
            #expect(result.stderr.hasPrefix("query:1:1001: error: ") && result.stderr.contains("nested more than 1000 levels deep"),
                    "\(result.stderr.prefix(300))")
        }
    }

    @Test func longChainsNotRunsAndListsRun() throws {
        let chain = (0..<90).map { "age != \($0 + 100)" }
        for query in [chain.joined(separator: " OR "), chain.joined(separator: " AND "),
                      String(repeating: "NOT ", count: 46) + "age > 30",
                      "age IN {\((0..<999).map { "\($0 + 30)" }.joined(separator: ", "))}"] {
            let result = try export(query)
            #expect(result.status == 0, "\(result.stderr.prefix(300))")
            #expect(result.stdout.contains("Ada Lovelace") && !result.stderr.contains("SQL"), "\(result.stdout) \(result.stderr.prefix(300))")
        }
    }
}
