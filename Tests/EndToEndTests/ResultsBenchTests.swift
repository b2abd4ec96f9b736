import Foundation
import RealmEngine
import TestSupport
import Testing

/// `realm-results-bench` (bench/results_bench.sh) on a small store: every question answered
/// through the typed API, the dynamic API and the sqlite3 shell agrees with the answer computed
/// here from the stored rows, so `make test` catches a bench that would time a wrong answer.
@Suite("realm-results-bench answers")
struct ResultsBenchTests {
    static let questions = ["count", "filter-count", "filter-first", "sorted-first", "index", "iterate", "sum"]
    static let count = 100
    static let position = 37

    /// The stored rows in insertion order, read through the dynamic API.
    struct Row {
        var id: Int64, name: String, age: Int64, score: Double
    }

    static func rows(_ path: String) throws -> [Row] {
        let store = try Store(path: path)
        return try store.objects("Item").map { object in
            guard case .int(let id) = try store.get(object, "id"), case .string(let name) = try store.get(object, "name"),
                  case .int(let age) = try store.get(object, "age"), case .double(let score) = try store.get(object, "score") else {
                throw CocoaError(.coderValueNotFound)
            }
            return Row(id: id, name: name, age: age, score: score)
        }
    }

    /// Each question's answer, computed from the rows.
    static func expected(_ rows: [Row]) -> [String: String] {
        let matches = rows.filter { $0.age > 30 }
        let youngest = rows.min { $0.age < $1.age }   // the first of the youngest: min keeps the earliest
        return [
            "count": String(rows.count),
            "filter-count": String(matches.count),
            "filter-first": matches.first.map { String($0.id) } ?? "none",
            "sorted-first": youngest.map { String($0.id) } ?? "none",
            "index": String(rows[position].id),
            "iterate": String(rows.reduce(0) { $0 + $1.name.utf8.count }),
            "sum": String(rows.reduce(0.0) { $0 + $1.score }),
        ]
    }

    /// The answer printed by a mode: the first word of `<answer> <open s> <question s>`.
    static func answer(_ mode: String, _ question: String, _ path: String) throws -> String {
        let run = try Tool.run("realm-results-bench", [mode, question, path, String(position)])
        #expect(run.status == 0, "\(mode) \(question): \(run.stderr)")
        let words = run.stdout.split(separator: " ")
        #expect(words.count == 3, "\(mode) \(question) printed \(run.stdout)")
        #expect(words.dropFirst().allSatisfy { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 >= 0 } ?? false })
        return words.first.map(String.init) ?? ""
    }

    /// The sqlite3 shell's answer to the question's SQL (`iterate`: the total length of the names it prints).
    static func shellAnswer(_ question: String, _ path: String) throws -> String {
        let sql = try Tool.run("realm-results-bench", ["sql", question, String(position)])
        #expect(sql.status == 0, "\(sql.stderr)")
        let shell = try Command.run("sqlite3", [path, sql.stdout])
        #expect(shell.status == 0, "\(shell.stderr)")
        let lines = shell.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return question == "iterate" ? String(lines.reduce(0) { $0 + $1.utf8.count }) : lines.joined(separator: "\n")
    }

    /// Answers compare as numbers (a sum prints as `2.5` or `2.50` depending on who prints it).
    static func same(_ answer: String, _ expected: String) -> Bool {
        if let a = Double(answer), let b = Double(expected) { return a == b }
        return answer == expected
    }

    @Test func typedDynamicAndShellAnswersMatchTheRows() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("items.realm").path
        let populated = try Tool.run("realm-results-bench", ["populate", path, String(Self.count)])
        #expect(populated.status == 0, "\(populated.stderr)")
        let rows = try Self.rows(path)
        #expect(rows.count == Self.count)
        // The seeded data exercises every question: some ages at most 30, some above.
        #expect(rows.contains { $0.age <= 30 } && rows.contains { $0.age > 30 })
        let expected = Self.expected(rows)
        for question in Self.questions {
            let want = try #require(expected[question])
            for mode in ["typed", "dynamic"] {
                let got = try Self.answer(mode, question, path)
                #expect(Self.same(got, want), "\(mode) \(question): \(got), expected \(want)")
            }
            let shell = try Self.shellAnswer(question, path)
            #expect(Self.same(shell, want), "sqlite3 \(question): \(shell), expected \(want)")
        }
        // A position past the end is refused before anything is timed, through either API.
        for mode in ["typed", "dynamic"] {
            let beyond = try Tool.run("realm-results-bench", [mode, "index", path, String(Self.count)])
            #expect(beyond.status == 65)
            #expect(beyond.stderr == "position \(Self.count) is beyond the \(Self.count) objects of \(path)\n")
        }
    }

    @Test func unknownQuestionsAndMissingStoresAreRefused() throws {
        let unknown = try Tool.run("realm-results-bench", ["typed", "median", "/nonexistent.realm"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("questions: count filter-count"))
        let missing = try Tool.run("realm-results-bench", ["dynamic", "count", "/nonexistent/items.realm"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "no store at /nonexistent/items.realm\n")
    }
}
