import Foundation
import RealmStore

// An Rx wrapper's `asObservable()` sends a Results once when subscribed and again after every
// change until the subscriber stops; `asObservableArray()` sends it as an array. In today's
// Swift the same is an AsyncSequence: `collectionSequence()` sends frozen Results, and mapping
// them gives arrays. Breaking out of `for await` ends the observation.

final class Dog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
}

extension Results where Element == Dog {
    /// The Results now and after every change (`asObservable()`).
    func asStream() -> RealmNotificationSequence<Results<Dog>> {
        collectionSequence()
    }

    /// The same as arrays of frozen dogs (`asObservableArray()`).
    func asArrayStream() -> AsyncMapSequence<RealmNotificationSequence<Results<Dog>>, [Dog]> {
        collectionSequence().map { Array($0) }
    }
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ResultsStream-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("dogs.realm"), objectTypes: [Dog.self])

/// Adds a dog from another thread (as another part of an app would).
@MainActor func addDog(_ name: String, age: Int) {
    let url = configuration.fileURL!
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        let realm = try! Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Dog.self]))
        try! realm.write { realm.add(Dog(value: ["name": name, "age": age])) }
        done.signal()
    }
    done.wait()
}

// Top-level code runs on the main actor, which on Linux is not always the same thread after an
// `await`: a Realm confined to the main actor follows it.
let realm = try await Realm(configuration: configuration, actor: MainActor.shared)
try realm.write { realm.add(Dog(value: ["name": "Rex", "age": 3])) }
let puppies = realm.objects(Dog.self).filter("age < 2").sorted(byKeyPath: "name")

var counts: [Int] = []
for await results in puppies.asStream() {
    print("asStream: \(results.count) puppies: \(results.map(\.name).joined(separator: ", "))")
    counts.append(results.count)
    if counts.count == 3 { break }  // the consumer stops: the observation ends
    addDog(counts.count == 1 ? "Bella" : "Ace", age: 1)
}

var arrays: [[String]] = []
for await dogs in puppies.asArrayStream() {
    print("asArrayStream: \(dogs.map(\.name))")
    arrays.append(dogs.map(\.name))
    if arrays.count == 2 { break }
    addDog("Zed", age: 1)
}

guard counts == [0, 1, 2], arrays == [["Ace", "Bella"], ["Ace", "Bella", "Zed"]] else {
    print("unexpected: \(counts) \(arrays)")
    exit(1)
}
print("ResultsStream: ok")
