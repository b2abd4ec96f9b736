import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport

/// The fixture schema: people with every scalar type, collections of each kind, links, an
/// embedded class and backlinks.
let fixtureSchema = CompiledSchema(schemaVersion: 1, models: [
    ModelSchema(name: "Person", primaryKey: "id", properties: [
        property("id", .int(.int), primaryKey: true), property("name", .string),
        property("nick", .string, optional: true), property("age", .int(.int), optional: true),
        property("height", .double, optional: true), property("weight", .float, optional: true),
        property("balance", .decimal128, optional: true), property("born", .date, optional: true),
        property("active", .bool, optional: true), property("code", .objectId, optional: true),
        property("token", .uuid, optional: true), property("photo", .data, optional: true),
        property("bio", .string, optional: true, indexed: .fulltext), property("city", .string, indexed: .regular),
        property("extra", .mixed), property("scores", .int(.int), .list), property("tags", .string, .set),
        property("heights", .double, .list), property("nums", .int(.int), .list, optional: true),
        property("amounts", .decimal128, .list), property("attrs", .mixed, .map), property("counts", .int(.int), .map),
        property("pets", .object("Dog"), .map, optional: true), property("dogs", .object("Dog"), .list),
        property("best", .object("Dog"), optional: true), property("friend", .object("Person"), optional: true),
        property("bag", .mixed, .list),
    ]),
    ModelSchema(name: "Dog", primaryKey: "name", properties: [
        property("name", .string, primaryKey: true), property("age", .int(.int)), property("weight", .double, optional: true),
        property("toys", .object("Toy"), .list), property("collar", .object("Toy"), optional: true),
        PropertySchema(name: "owners", type: DeclaredType(.linkingObjects(objectType: "Person", property: "dogs"), collection: .list)),
    ]),
    ModelSchema(name: "Toy", kind: .embedded, properties: [
        property("label", .string), property("price", .decimal128, optional: true),
    ]),
])

/// Deterministic pseudo-random numbers (a 64-bit LCG), so the fixture is the same every run.
struct FixtureRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
}

enum FixtureValues {
    static let names = ["Rex", "rex", "Rover", "ÄRGER", "ärger", "Straße", "STRASSE", "Élodie", "elodie", "",
                        "O'Brien", "x--y; DROP TABLE Person", "nul\0byte", "ΣΊΣΥΦΟΣ", "σίσυφος", "Zoë", "zoe",
                        "résumé", "Resume", "a*b?c", "ümlaut", "İstanbul", "日本語", "🐶 dog"]
    static let nicks: [StoreValue] = [.null, "rex", "Ärger", "", "o'brien", "ZOË", "x"]
    static let ages: [StoreValue] = [.null, 0, 1, 3, 7, 30, -5, 42, 100]
    static let heights: [StoreValue] = [.null, 0.0, 1.5, -2.25, 3.0, 1e10, .double(.nan), 180.5]
    static let weights: [StoreValue] = [.null, .float(0.1), .float(1.5), .float(-3), .float(70.25)]
    static let decimals: [StoreValue] = [.null, .decimal128("1.50"), .decimal128("1.5"), .decimal128("-0"),
                                         .decimal128("1E+3"), .decimal128("123.456"), .decimal128("-7.25"), .decimal128("3")]
    static let dates: [StoreValue] = [.null, .date(Timestamp(seconds: 0)), .date(Timestamp(seconds: -1, nanoseconds: -100_000_000)),
                                      .date(Timestamp(seconds: -2_208_988_800)), .date(Timestamp(seconds: 1_700_000_000, nanoseconds: 5)),
                                      .date(Timestamp(seconds: 86_400))]
    static let bools: [StoreValue] = [.null, true, false]
    static let objectIds: [StoreValue] = [.null, .objectId("000000000000000000000001"), .objectId("65a0c0ffee0000000000abcd")]
    static let uuids: [StoreValue] = [.null, .uuid(UUID(uuidString: "3b241101-e2bb-4255-8caf-4136c566a962")!),
                                      .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)]
    static let photos: [StoreValue] = [.null, .data(Data()), .data(Data([0, 1, 2])), .data(Data([0xff]))]
    static let bios: [StoreValue] = [.null, "The quick brown fox", "lazy dogs sleep all day", "Quick thinking, café owner",
                                     "foxes and hounds", ""]
    static let cities = ["Oslo", "oslo", "Berlin", "São Paulo", "Zürich", "Bergen"]
    static let tags = ["a", "B", "ß", "é", "tag;--", "x'y"]
    static let mapKeys = ["k1", "k2", "Key", "ä", "x y"]
}
