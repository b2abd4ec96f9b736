import Foundation
import TestSupport
import Testing

/// `realm-export --query`, `--sort`, `--limit` (docs/realm-export.md, section 7) through the built binary.
@Suite struct RealmExportQueryTests {
    func store(_ directory: String) throws -> String {
        let store = directory + "/q.sqlite"
        try Tool.importDemoStore(store)
        return store
    }

    @Test func queryFiltersSortsAndLimits() throws {
        let store = try store(try Temporary.path("realm-e2e"))
        let adult = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "--query", "age > 30"])
        #expect(adult.status == 0, "\(adult.stderr)")
        #expect(adult.stdout.split(separator: "\n").count == 1 && adult.stdout.contains("Ada Lovelace"))
        let sorted = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "--sort", "-name"])
        let names = sorted.stdout.split(separator: "\n").map { $0.contains("Charles") ? "C" : "A" }
        #expect(names == ["C", "A"], "\(sorted.stdout)")
        let limited = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--sort", "name", "--limit", "1"])
        #expect(limited.status == 0 && limited.stdout.contains("Ada") && !limited.stdout.contains("Charles"))
        let both = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson",
                                                 "--query", "name CONTAINS[c] 'b' OR age == nil", "--limit", "5"])
        #expect(both.stdout.split(separator: "\n").count == 1 && both.stdout.contains("Babbage"))
        let none = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--query", "name == 'x\\'; --'"])
        #expect(none.status == 0 && !none.stdout.contains("Lovelace") && !none.stdout.contains("Babbage"), "\(none.stdout)")
    }

    @Test func queryErrorsAreLocatedDiagnostics() throws {
        let store = try store(try Temporary.path("realm-e2e"))
        let syntax = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--query", "age >"])
        #expect(syntax.status == 1)
        #expect(syntax.stderr == "query:1:6: error: expected a value or key path after '>', found end of query\n", "\(syntax.stderr)")
        let unknown = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--query", "agee > 3"])
        #expect(unknown.status == 1 && unknown.stderr.contains("did you mean 'age'?"))
        let classes = try Tool.run("realm-export", ["--store", store, "--query", "age > 3"])
        #expect(classes.status == 1 && classes.stderr.contains("name it with --class"))
        let outbox = try Tool.run("realm-export", ["--store", store, "--outbox", "--limit", "2"])
        #expect(outbox.status == 64 && outbox.stderr.hasPrefix("Error: "))
        let limit = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--limit", "-1"])
        #expect(limit.status == 64)
    }
}
