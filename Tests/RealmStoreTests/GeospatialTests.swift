import Foundation
import RealmEngine
import RealmQuery
@testable import RealmStore
import TestSupport
import Testing

/// A location as Realm's documentation stores one: a GeoJSON-shaped embedded object.
final class GeoLocation: EmbeddedObject {
    @Persisted private(set) var coordinates: List<Double>
    @Persisted var type: String = "Point"

    convenience init(_ latitude: Double, _ longitude: Double) {
        self.init()
        coordinates.append(objectsIn: [longitude, latitude])
    }
}

final class GeoPerson: Object {
    @Persisted var name: String
    @Persisted var location: GeoLocation?

    convenience init(_ name: String, _ location: GeoLocation?) {
        self.init()
        self.name = name
        self.location = location
    }
}

/// Realm Swift's `GeoPoint`, `GeoBox`, `GeoCircle`, `GeoPolygon` and `Distance`, and
/// `geoWithin` in `where {}` giving the same answers as `GEOWITHIN` in the query language.
@Suite struct GeospatialTests {
    @Test func pointsHoldOnlyValidCoordinates() {
        for (latitude, longitude, altitude) in [(90.0, 0.0, 0.0), (-90, 0, 0), (0, 180, 0), (0, -180, 0), (45.5, -73.25, 500)] {
            #expect(GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude) != nil, "\(latitude) \(longitude)")
        }
        for (latitude, longitude, altitude) in [(90.0000001, 0.0, 0.0), (-90.5, 0, 0), (0, 180.0000001, 0), (0, -181, 0),
                                                (0, 0, -1), (.nan, 0, 0), (0, .nan, 0), (0, 0, .nan)] {
            #expect(GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude) == nil, "\(latitude) \(longitude) \(altitude)")
        }
        #expect(GeoPoint(latitude: 1, longitude: 2)! == GeoPoint(latitude: 1, longitude: 2, altitude: 0)!)
        #expect(GeoPoint(latitude: 1, longitude: 2)! != GeoPoint(latitude: 1, longitude: 2, altitude: 3)!)
        #expect(GeoBox(bottomLeft: (-90, -180), topRight: (90, 180)) != nil)
        #expect(GeoBox(bottomLeft: (-91, 0), topRight: (0, 0)) == nil)
        #expect(GeoBox(bottomLeft: (0, 0), topRight: (1, 1))! == GeoBox(bottomLeft: GeoPoint(latitude: 0, longitude: 0)!,
                                                                        topRight: GeoPoint(latitude: 1, longitude: 1)!))
    }

    @Test func polygonsNeedClosedRingsOfFourPointsOrMore() {
        let p = { (latitude: Double, longitude: Double) in GeoPoint(latitude: latitude, longitude: longitude)! }
        let ring = [p(0, 0), p(1, 1), p(2, 0), p(0, 0)]
        #expect(GeoPolygon(outerRing: ring) != nil)
        #expect(GeoPolygon(outerRing: [p(0, 0), p(1, 1), p(0, 0)]) == nil)
        #expect(GeoPolygon(outerRing: [p(0, 0), p(1, 1), p(2, 0), p(3, 3)]) == nil)
        #expect(GeoPolygon(outerRing: ring, holes: [ring]) != nil)
        #expect(GeoPolygon(outerRing: ring, holes: [[p(0, 0)]]) == nil)
        #expect(GeoPolygon(outerRing: ring, holes: [ring, [p(0, 0), p(1, 1), p(2, 2), p(3, 3)]]) == nil)
        #expect(GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 0), (0, 0)]) != nil)
        #expect(GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 0), (0, 0)], holes: [(0, 0), (1, 1), (2, 0), (0, 0)])?.holes?.count == 1)
        #expect(GeoPolygon(outerRing: [(0, 0), (91, 1), (2, 0), (0, 0)]) == nil)
        #expect(GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 0), (0, 0)])! == GeoPolygon(outerRing: ring, holes: [])!)
        #expect(GeoPolygon(outerRing: ring)! != GeoPolygon(outerRing: ring, holes: [ring])!)
    }

    @Test func distancesAndCirclesConvertAsRealmDoes() {
        // Realm's Earth radius is 6,378.1 km; a mile is 1,609.344 m.
        #expect(abs(Distance.kilometers(6378.1)!.radians - 1) < 1e-15)
        #expect(abs(Distance.miles(1)!.asKilometers() - 1.609344) < 1e-12)
        #expect(abs(Distance.degrees(180)!.radians - .pi) < 1e-15)
        #expect(abs(Distance.radians(1)!.asDegrees() - 180 / .pi) < 1e-12)
        #expect(abs(Distance.radians(2)!.asMiles() - 2 * 6_378_100 / 1609.344) < 1e-9)
        #expect(Distance.kilometers(-1) == nil && Distance.radians(.nan) == nil)
        let center = GeoPoint(latitude: 10, longitude: 20)!
        #expect(GeoCircle(center: center, radius: .kilometers(10)!).radians == Distance.kilometers(10)!.radians)
        #expect(GeoCircle(center: center, radiusInRadians: -0.1) == nil && GeoCircle(center: center, radiusInRadians: .nan) == nil)
        #expect(GeoCircle(center: (10, 20), radiusInRadians: 0.5)! == GeoCircle(center: center, radiusInRadians: 0.5)!)
        #expect(GeoCircle(center: (100, 20), radius: .radians(1)!) == nil)
    }

    func makeRealm() throws -> Realm {
        let realm = try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("g.realm", prefix: "geo-api"),
                                                                 objectTypes: [GeoPerson.self, GeoLocation.self]))
        try realm.write {
            realm.add(GeoPerson("Copenhagen", GeoLocation(55.6761, 12.5683)))
            realm.add(GeoPerson("Roskilde", GeoLocation(55.6415, 12.0803)))
            realm.add(GeoPerson("NewYork", GeoLocation(40.7128, -74.0060)))
            realm.add(GeoPerson("Fiji", GeoLocation(-17.7134, 178.0650)))
            realm.add(GeoPerson("Samoa", GeoLocation(-13.7590, -172.1046)))
            realm.add(GeoPerson("Nowhere", nil))
        }
        return realm
    }

    /// Each shape, its query-language literal and the hand-worked answer.
    static let cases: [(any RLMGeospatial & Sendable, String, [String])] = [
        // Roskilde is 31 km from Copenhagen.
        (GeoCircle(center: (55.6761, 12.5683), radius: .kilometers(50)!)!, "geoCircle([12.5683, 55.6761], \(50 / 6378.1))",
         ["Copenhagen", "Roskilde"]),
        (GeoCircle(center: (55.6761, 12.5683), radius: .kilometers(20)!)!, "geoCircle([12.5683, 55.6761], \(20 / 6378.1))",
         ["Copenhagen"]),
        (GeoBox(bottomLeft: (55, 12), topRight: (56, 13))!, "geoBox([12, 55], [13, 56])", ["Copenhagen", "Roskilde"]),
        (GeoBox(bottomLeft: (-20, 170), topRight: (-10, -170))!, "geoBox([170, -20], [-170, -10])", ["Fiji", "Samoa"]),
        (GeoPolygon(outerRing: [(54, 11), (54, 14), (57, 14), (57, 11), (54, 11)],
                    holes: [(55.6, 12.4), (55.6, 12.7), (55.75, 12.7), (55.75, 12.4), (55.6, 12.4)])!,
         "geoPolygon({[11, 54], [14, 54], [14, 57], [11, 57], [11, 54]}, {[12.4, 55.6], [12.7, 55.6], [12.7, 55.75], [12.4, 55.75], [12.4, 55.6]})",
         ["Roskilde"]),
        (GeoCircle(center: (0, 0), radiusInRadians: .pi)!, "geoCircle([0, 0], 3.15)", ["Copenhagen", "Roskilde", "NewYork", "Fiji", "Samoa"]),
    ]

    @Test func whereAndTheQueryLanguageGiveTheSameHandWorkedAnswers() throws {
        let realm = try makeRealm()
        let people = realm.objects(GeoPerson.self)
        for (shape, literal, expected) in Self.cases {
            let typed: [String]
            let argument: [String]
            switch shape {
            case let box as GeoBox:
                typed = people.where { $0.location.geoWithin(box) }.map(\.name)
                argument = people.filter("location GEOWITHIN %@", box).map(\.name)
            case let circle as GeoCircle:
                typed = people.where { $0.location.geoWithin(circle) }.map(\.name)
                argument = people.filter("location GEOWITHIN $0", circle).map(\.name)
            case let polygon as GeoPolygon:
                typed = people.where { $0.location.geoWithin(polygon) }.map(\.name)
                argument = people.filter("location GEOWITHIN %@", polygon).map(\.name)
            default:
                Issue.record("unexpected shape \(shape)")
                continue
            }
            #expect(typed == expected, "\(literal)")
            #expect(argument == expected, "\(literal)")
            #expect(people.filter("location GEOWITHIN \(literal)").map(\.name) == expected, "\(literal)")
            // Realm Swift's own spelling of a shape argument.
            #expect(people.filter("location IN %@", shape).map(\.name) == expected, "\(literal)")
        }
    }

    @Test func geoWithinCombinesWithOtherConditions() throws {
        let realm = try makeRealm()
        let people = realm.objects(GeoPerson.self)
        let denmark = GeoBox(bottomLeft: (54, 8), topRight: (58, 15))!
        #expect(people.where { !$0.location.geoWithin(denmark) }.map(\.name) == ["NewYork", "Fiji", "Samoa", "Nowhere"])
        #expect(people.where { $0.location.geoWithin(denmark) && $0.name != "Roskilde" }.map(\.name) == ["Copenhagen"])
        #expect(people.where { $0.location.geoWithin(denmark) || $0.name == "Fiji" }.count == 3)
        let copenhagen = people.where { $0.name == "Copenhagen" }.first!
        try realm.write { copenhagen.location?.type = "LineString" }
        #expect(people.where { $0.location.geoWithin(denmark) }.map(\.name) == ["Roskilde"])
    }

    @Test func whereBuildsTheASTOfGeoWithinWithTheShapeAsArgument() throws {
        let box = GeoBox(bottomLeft: (55, 12), topRight: (56, 13.25))!
        let built = BuiltQuery(Query<GeoPerson>().location.geoWithin(box))
        #expect(built.text == "location GEOWITHIN $0")
        #expect(built.query == (try QueryParser.parse("location GEOWITHIN $0")))
        #expect(built.arguments == [.string("geoBox([12.0, 55.0], [13.25, 56.0])")])
        let polygon = GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 0), (0, 0)], holes: [(0.5, 0.5), (0.6, 0.6), (0.7, 0.5), (0.5, 0.5)])!
        #expect(BuiltQuery(Query<GeoPerson>().location.geoWithin(polygon)).arguments
                == [.string("geoPolygon({[0.0, 0.0], [1.0, 1.0], [0.0, 2.0], [0.0, 0.0]}, {[0.5, 0.5], [0.6, 0.6], [0.5, 0.7], [0.5, 0.5]})")])
        let circle = GeoCircle(center: (-10.5, 20), radiusInRadians: 1e-5)!
        #expect(BuiltQuery(!Query<GeoPerson>().location.geoWithin(circle)).arguments == [.string("geoCircle([20.0, -10.5], 1e-05)")])
    }
}
