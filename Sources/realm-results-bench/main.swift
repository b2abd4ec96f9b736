import Foundation
import RealmEngine
import RealmStore

/// realm-results-bench populate FILE COUNT
/// realm-results-bench typed|dynamic QUESTION FILE [POSITION]
/// realm-results-bench sql QUESTION [POSITION]
/// realm-results-bench changeset FILE WRITES   (Changeset.swift)
/// realm-results-bench notify-watch FILE N      (NotifyWatch.swift)
///
/// `populate` writes a store of COUNT `Item`s. `typed` and `dynamic` open FILE through the
/// typed API (`Realm`) or the dynamic one (`Store`), ask one `Question` and print
/// `<answer> <open seconds> <question seconds>`: each time is measured in the process, around
/// the open and around the question alone. `sql` prints the question in SQL for the sqlite3
/// shell. POSITION is the index of the `index` question (default 500000).
/// `bench/results_bench.sh` runs each question in a fresh process, so peak memory is per question.
let arguments = CommandLine.arguments
let usage = """
    usage: realm-results-bench populate FILE COUNT
           realm-results-bench typed|dynamic QUESTION FILE [POSITION]
           realm-results-bench sql QUESTION [POSITION]
           realm-results-bench changeset FILE WRITES
           realm-results-bench notify-watch FILE N
    questions: \(Question.allCases.map(\.rawValue).joined(separator: " "))

    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(status)
}

func seconds<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

func position(_ index: Int) -> Int? {
    arguments.count > index ? Int(arguments[index]).flatMap { $0 >= 0 ? $0 : nil } : 500_000
}

do {
    switch (arguments.dropFirst().first, arguments.count) {
    case ("populate", 4):
        guard let count = Int(arguments[3]), count >= 0 else { fail(usage, status: 64) }
        try Item.populate(arguments[2], count: count)
    case ("changeset", 4):
        guard let writes = Int(arguments[3]), writes > 0 else { fail(usage, status: 64) }
        print(try Changeset.run(arguments[2], writes: writes))
    case ("notify-watch", 4):
        guard let commits = Int(arguments[3]), commits > 0 else { fail(usage, status: 64) }
        try NotifyWatch.run(arguments[2], commits: commits)
    case ("sql", 3...4):
        guard let question = Question(rawValue: arguments[2]), let position = position(3) else { fail(usage, status: 64) }
        print(question.sql(position: position))
    case (let mode?, 4...5) where mode == "typed" || mode == "dynamic":
        guard let question = Question(rawValue: arguments[2]), let position = position(4) else { fail(usage, status: 64) }
        let path = arguments[3]
        guard FileManager.default.fileExists(atPath: path) else { fail("no store at \(path)\n", status: 66) }
        // `results[i]` beyond the end traps, as in Realm: checked before the clock starts, on a
        // connection of its own with a small page cache (so the question's peak memory is its own).
        if question == .index {
            let check = try Store(path: path)
            try check.setPageCache(kibibytes: 256)
            let total = try check.count("Item")
            guard position < total else { fail("position \(position) is beyond the \(total) objects of \(path)\n", status: 65) }
        }
        let answer: String, open: Double, ask: Double
        if mode == "typed" {
            let (realm, opened) = try seconds { try Item.realm(path) }
            (answer, ask) = seconds { question.typed(realm, position: position) }
            open = opened
        } else {
            let (store, opened) = try seconds { try Store(path: path) }
            (answer, ask) = try seconds { try question.dynamic(store, position: position) }
            open = opened
        }
        print(answer, String(format: "%.6f %.6f", open, ask))
    default:
        fail(usage, status: 64)
    }
} catch {
    fail("error: \(error)\n", status: 2)
}
