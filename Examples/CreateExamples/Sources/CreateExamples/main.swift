import Foundation
import RealmStore

// Harness: the guide's examples run as XCTest cases against a fresh default Realm; here each
// gets a new default file, and the checks the guide makes in prose are made explicitly.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("create-examples-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func XCTAssertEqual<T: Equatable>(_ actual: T, _ expected: T, file: StaticString = #file, line: UInt = #line) {
    if actual != expected {
        print("\(file):\(line): XCTAssertEqual failed: \(actual) != \(expected)")
        exit(1)
    }
}

func freshDefaultRealm(_ name: String) {
    Realm.Configuration.defaultConfiguration = Realm.Configuration(fileURL: directory.appendingPathComponent("\(name).realm"))
}

// Percent encode . or $ characters to use them in map keys
let mapKey = "New York.Brooklyn"
let encodedMapKey = "New York%2EBrooklyn"

freshDefaultRealm("map")
createObjectWithMapProperty()
let wolfie = try Realm().objects(Dog.self).first!
XCTAssertEqual(wolfie.favoriteParksByCity.keys, ["Chicago", "New York", "Ottawa"])
XCTAssertEqual(wolfie.favoriteParksByCity["Ottawa"], "Bush Park")

freshDefaultRealm("set")
createObjectWithMutableSetProperty()
XCTAssertEqual(try Realm().objects(Dog.self).first!.citiesVisited.sorted().map { $0 }, ["Boston", "Chicago", "New York"])

freshDefaultRealm("anyRealmValue")
createObjectWithAnyRealmValueProperty()
let fido = try Realm().objects(Dog.self).first { $0.name == "Fido" }!
XCTAssertEqual(fido.companion.objectValue(Dog.self)?.name, "Spot")
print("create examples: ok (map key \(mapKey) stored as \(encodedMapKey))")
