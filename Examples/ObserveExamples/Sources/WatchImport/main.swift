import Foundation
import RealmStore

// Watches a store and prints each change while `realm-import` (another process) loads dogs
// into it in batches. Usage: WatchImport <path of realm-import> [dogs per batch] [batches]

final class Dog: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: WatchImport <path of realm-import> [dogs per batch] [batches]")
    exit(2)
}
let importTool = URL(fileURLWithPath: arguments[1])
let perBatch = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let batches = arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("WatchImport-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let store = directory.appendingPathComponent("dogs.realm")

/// Runs realm-import on a JSON array of dogs `first..<first + perBatch`, in another process.
@MainActor func importBatch(_ batch: Int) throws -> Process {
    let first = batch * perBatch
    let dogs = (first..<first + perBatch).map { ["id": $0, "name": "dog \($0)"] as [String: Any] }
    let input = directory.appendingPathComponent("batch\(batch).json")
    try JSONSerialization.data(withJSONObject: dogs).write(to: input)
    let process = Process()
    process.executableURL = importTool
    process.arguments = ["--store", store.path, "--class", "Dog", "--quiet", input.path]
    try process.run()
    return process
}

// Give up (and fail) if the changes never arrive.
Thread.detachNewThread {
    Thread.sleep(forTimeInterval: 60)
    print("WatchImport: timed out")
    exit(1)
}

// A Realm confined to the main actor (top-level code's), whose notifications arrive in its jobs.
let realm = try await Realm(configuration: Realm.Configuration(fileURL: store, objectTypes: [Dog.self]), actor: MainActor.shared)
var total = 0
var batch = 0
for await change in realm.objects(Dog.self).sorted(byKeyPath: "id").changesetSequence() {
    switch change {
    case .initial(let dogs):
        print("initial: \(dogs.count) dogs")
    case .update(let dogs, let deletions, let insertions, let modifications):
        let span = insertions.isEmpty ? "" : " (rows \(insertions.first!)...\(insertions.last!))"
        print("update: \(dogs.count) dogs, \(insertions.count) inserted\(span), \(deletions.count) deleted, \(modifications.count) modified")
        total = dogs.count
    case .error(let error):
        print("error: \(error)")
        exit(1)
    }
    if total == perBatch * batches { break }
    if batch < batches, total == batch * perBatch {
        let process = try importBatch(batch)
        batch += 1
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            print("realm-import failed with status \(process.terminationStatus)")
            exit(1)
        }
    }
}
print("WatchImport: saw all \(total) dogs arrive")
