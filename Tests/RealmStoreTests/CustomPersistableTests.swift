import Foundation
import RealmStore
import TestSupport
import Testing

/// A temperature stored as its degrees (a `Double`).
struct Celsius: CustomPersistable, Hashable {
    typealias PersistedType = Double
    var degrees: Double
    init(_ degrees: Double) { self.degrees = degrees }
    init(persistedValue: Double) { degrees = persistedValue }
    var persistableValue: Double { degrees }
}

/// An address stored as a `String`; stored text without an `@` is no address.
struct Email: FailableCustomPersistable, Hashable {
    typealias PersistedType = String
    var address: String
    init(_ address: String) { self.address = address }
    init?(persistedValue: String) {
        guard persistedValue.contains("@") else { return nil }
        address = persistedValue
    }
    var persistableValue: String { address }
}

/// A model with custom persistable properties, found by reflection.
final class Station: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var temperature: Celsius
    @Persisted var readings: List<Celsius>
    @Persisted var byDay: Map<String, Celsius>
    @Persisted var contact: Email?
    @Persisted var owner = Email("ops@example.com")
}

/// The stored form of `Point`.
final class PointObject: EmbeddedObject {
    @Persisted var x = 0.0
    @Persisted var y = 0.0
}

/// A point stored as an embedded object, as Realm's documentation stores `CGPoint`.
struct Point: CustomPersistable, Hashable {
    typealias PersistedType = PointObject
    var x: Double
    var y: Double
    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    init(persistedValue: PointObject) {
        self.init(x: persistedValue.x, y: persistedValue.y)
    }
    var persistableValue: PointObject { PointObject(value: [x, y]) }
}

final class Shape: Object {
    @Persisted var name = ""
    @Persisted var origin: Point
    @Persisted var path: List<Point>
}

/// The stored form of `Stops`: an embedded object with a List member.
final class StopsObject: EmbeddedObject {
    @Persisted var names: List<String>
}

/// Stop names stored as an embedded object holding a List.
struct Stops: CustomPersistable, Hashable {
    typealias PersistedType = StopsObject
    var names: [String]
    init(names: [String]) { self.names = names }
    init(persistedValue: StopsObject) { names = Array(persistedValue.names) }
    var persistableValue: StopsObject { StopsObject(value: [names]) }
}

final class Route: Object {
    @Persisted var stops: Stops
}

/// `CustomPersistable` and `FailableCustomPersistable` properties, as in Realm Swift: stored
/// as their `PersistedType`, read back as the custom type, queried by persisted value.
@Suite struct CustomPersistableTests {
    private func stocked() throws -> Realm {
        let realm = try makeRealm([Station.self])
        try realm.write {
            realm.add(Station(value: ["name": "north", "temperature": Celsius(-3.5), "readings": [Celsius(1), Celsius(2)],
                                      "contact": Email("n@example.com")]))
            let south = realm.create(Station.self, value: ["name": "south", "temperature": 24.0, "readings": [30.0]])
            south.byDay["mon"] = Celsius(25)
        }
        return realm
    }

    @Test func theSchemaHasThePersistedTypes() {
        let schema = Station().objectSchema
        #expect(schema["temperature"]?.type == .double && schema["temperature"]?.isOptional == false)
        #expect(schema["readings"]?.type == .double && schema["readings"]?.isArray == true)
        #expect(schema["byDay"]?.isMap == true && schema["contact"]?.type == .string && schema["contact"]?.isOptional == true)
        #expect(Station().temperature == Celsius(0), "the default is made from the persisted type's")
        #expect(Station().owner == Email("ops@example.com"))
    }

    @Test func valuesAreStoredAsTheirPersistedTypeAndReadBack() throws {
        let realm = try stocked()
        let north = try #require(realm.object(ofType: Station.self, forPrimaryKey: "north"))
        #expect(north.temperature == Celsius(-3.5) && north.readings.map(\.degrees) == [1, 2])
        #expect(north.contact == Email("n@example.com") && north.owner == Email("ops@example.com"))
        let south = try #require(realm.object(ofType: Station.self, forPrimaryKey: "south"))
        #expect(south.temperature == Celsius(24) && south.byDay["mon"] == Celsius(25) && south.contact == nil)
        let stored = try #require(realm.dynamicObject(ofType: "Station", forPrimaryKey: "north"))
        #expect(stored["temperature"] as? Double == -3.5 && stored["contact"] as? String == "n@example.com")
        try realm.write {
            north.temperature = Celsius(5)
            north.readings.append(Celsius(3))
        }
        #expect(stored["temperature"] as? Double == 5 && (stored["readings"] as? [Any?])?.count == 3)
    }

    @Test func queriesCompareThePersistedValues() throws {
        let realm = try stocked()
        let stations = realm.objects(Station.self)
        func names(_ results: Results<Station>) -> [String] { results.sorted(byKeyPath: "name").map(\.name) }
        #expect(names(stations.where { $0.temperature == Celsius(24) }) == names(stations.filter("temperature == 24.0")))
        #expect(names(stations.where { $0.temperature == Celsius(24) }) == ["south"])
        #expect(names(stations.where { $0.temperature.persistableValue < 0 }) == names(stations.filter("temperature < 0")))
        #expect(names(stations.where { $0.temperature.persistableValue < 0 }) == ["north"])
        #expect(names(stations.where { $0.readings.persistableValue > 20 }) == ["south"])
        #expect(names(stations.where { $0.contact.persistableValue.ends(with: "example.com") }) == ["north"])
        #expect(names(stations.where { $0.contact == nil }) == names(stations.filter("contact == nil")))
        #expect(names(stations.where { $0.byDay.persistableValue["mon"] >= 25 }) == ["south"])
    }

    @Test func anEmbeddedObjectCanBeThePersistedType() throws {
        let realm = try makeRealm([Shape.self, PointObject.self])
        #expect(Shape().objectSchema["origin"]?.objectClassName == "PointObject")
        #expect(Shape().origin == Point(x: 0, y: 0))
        try realm.write {
            let shape = Shape(value: ["name": "line", "origin": Point(x: 1, y: 2)])
            shape.path.append(objectsIn: [Point(x: 1, y: 2), Point(x: 3, y: 4)])
            realm.add(shape)
        }
        let shape = try #require(realm.objects(Shape.self).first)
        #expect(shape.origin == Point(x: 1, y: 2) && shape.path.map(\.y) == [2, 4])
        #expect(realm.objects(Shape.self).filter("origin.x == 1 AND ANY path.y == 4").count == 1)
        try realm.write { shape.origin = Point(x: 5, y: 6) }
        #expect(shape.origin == Point(x: 5, y: 6))
        #expect(realm.objects(Shape.self).where { $0.origin.persistableValue.x > 4 }.count == 1)
    }

    /// Shapes "line" at (1, 2) through (1, 2), (3, 4); "dot" at (5, 6) through (5, 6); "zero"
    /// at the default (0, 0) with no path.
    private func shapes() throws -> Results<Shape> {
        let realm = try makeRealm([Shape.self, PointObject.self])
        try realm.write {
            realm.add(Shape(value: ["name": "line", "origin": Point(x: 1, y: 2), "path": [Point(x: 1, y: 2), Point(x: 3, y: 4)]]))
            realm.add(Shape(value: ["name": "dot", "origin": Point(x: 5, y: 6), "path": [Point(x: 5, y: 6)]]))
            realm.add(Shape(value: ["name": "zero"]))
        }
        return realm.objects(Shape.self)
    }

    @Test func aCustomTypeStoredAsAnObjectComparesMemberByMember() throws {
        let shapes = try shapes()
        func names(_ results: Results<Shape>) -> [String] { results.map(\.name) }
        #expect(names(shapes.where { $0.origin == Point(x: 1, y: 2) }) == ["line"])
        #expect(names(shapes.where { $0.origin == Point(x: 1, y: 2) }) == names(shapes.filter("origin.x == 1 AND origin.y == 2")))
        #expect(names(shapes.where { $0.origin == Point(x: 1, y: 6) }) == [], "every member must match")
        #expect(names(shapes.where { $0.origin == Point(x: 0, y: 0) }) == ["zero"])
        #expect(names(shapes.where { $0.origin != Point(x: 1, y: 2) }) == ["dot", "zero"])
        #expect(names(shapes.where { $0.origin != Point(x: 1, y: 2) }) == names(shapes.filter("NOT (origin.x == 1 AND origin.y == 2)")))
        #expect(names(shapes.where { $0.origin == Point(x: 5, y: 6) && $0.name != "line" }) == ["dot"])
    }

    @Test func throughAListSomeElementComparesMemberByMember() throws {
        let shapes = try shapes()
        func names(_ results: Results<Shape>) -> [String] { results.map(\.name) }
        #expect(names(shapes.where { $0.path == Point(x: 3, y: 4) }) == ["line"])
        #expect(names(shapes.where { $0.path == Point(x: 3, y: 4) })
                == names(shapes.filter("SUBQUERY(path, $p, $p.x == 3 AND $p.y == 4).@count > 0")))
        #expect(names(shapes.where { $0.path == Point(x: 3, y: 6) }) == [])
        #expect(names(shapes.where { $0.path != Point(x: 5, y: 6) }) == ["line"], "some element differs")
    }

    @Test func aCustomTypeStoredAsAnObjectWithACollectionIsNotComparedWhole() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm([Route.self, StopsObject.self])
            _ = realm.objects(Route.self).where { $0.stops == Stops(names: ["a"]) }.count
        }
        #expect(standardError(result).contains(
            "Cannot compare 'Stops' values in a query: their member 'names' is a collection. Compare their properties through 'persistableValue' instead."))
    }

    @Test func aStoredValueThatDoesNotConvertIsNilWhenOptional() throws {
        let realm = try stocked()
        let north = try #require(realm.object(ofType: Station.self, forPrimaryKey: "north"))
        try realm.write { realm.dynamicObject(ofType: "Station", forPrimaryKey: "north")?["contact"] = "no address" }
        #expect(north.contact == nil)
    }

    @Test func aStoredValueThatDoesNotConvertTrapsWhenRequired() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm([Station.self])
            try realm.write {
                realm.add(Station(value: ["name": "x"]))
                realm.dynamicObject(ofType: "Station", forPrimaryKey: "x")?["owner"] = "nobody"
            }
            _ = realm.object(ofType: Station.self, forPrimaryKey: "x")?.owner
        }
        #expect(standardError(result).contains("Failed to convert persisted value 'nobody' to type 'Email' in a non-optional context."))
    }
}
