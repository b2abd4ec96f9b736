import Foundation
import RealmStore

/// Turns the calling thread's run loop until `done()` holds or `seconds` pass; returns `done()`.
@discardableResult
func spin(seconds: TimeInterval = 2, until done: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !done() && Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.005))
    }
    return done()
}

/// Sleeps (without a run loop: for deliveries on a dispatch queue) until `done()` holds or
/// `seconds` pass; returns `done()`.
func sleepUntil(seconds: TimeInterval = 5, _ done: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !done() && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    return done()
}

/// Turns the run loop for a while (for checking that nothing is delivered).
func spinBriefly() {
    spin(seconds: 0.1) { false }
}

/// A collection change reduced to comparable values: "initial", "error" or the index arrays.
enum Change: Equatable {
    case initial
    case update(deletions: [Int], insertions: [Int], modifications: [Int])
    case error

    init<C>(_ change: RealmCollectionChange<C>) {
        switch change {
        case .initial: self = .initial
        case .update(_, let deletions, let insertions, let modifications):
            self = .update(deletions: deletions, insertions: insertions, modifications: modifications)
        case .error: self = .error
        }
    }
}

/// Adds pets with these names and ages.
func addPets(_ realm: Realm, _ pets: [(String, Int)]) throws {
    try realm.write {
        for (name, age) in pets { realm.add(Pet(value: ["name": name, "age": age])) }
    }
}

/// The pet with this name.
func pet(_ realm: Realm, _ name: String) -> Pet {
    realm.objects(Pet.self).filter("name == %@", name).first!
}
