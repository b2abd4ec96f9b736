import Foundation
@testable import RealmEngine
import RealmQuery
import RealmSchema
import TestSupport
import Testing

/// `GEOWITHIN` through the store: known places inside and outside circles, boxes (also across
/// the antimeridian) and polygons (with holes, great-circle edges), literal shapes, numeric
/// arguments and shapes given as string arguments, and located errors.
@Suite struct GeoQueryStoreTests {
    static let schema = CompiledSchema(schemaVersion: 1, models: [
        model("Place", [property("name", .string), property("location", .object("Location"), optional: true),
                        property("pin", .object("Spot"), optional: true), property("label", .object("Label"), optional: true)]),
        model("Trip", [property("name", .string), property("stops", .object("Location"), .list)]),
        model("Location", kind: .embedded, [property("type", .string), property("coordinates", .double, .list)]),
        model("Spot", [property("type", .string), property("coordinates", .double, .list)]),
        model("Label", kind: .embedded, [property("text", .string)]),
    ])

    /// (name, type, coordinates as [longitude, latitude]); nil coordinates: no location.
    static let places: [(String, String, [Double]?)] = [
        ("Copenhagen", "Point", [12.5683, 55.6761]), ("Roskilde", "Point", [12.0803, 55.6415]),
        ("NewYork", "Point", [-74.0060, 40.7128]), ("Fiji", "Point", [178.0650, -17.7134]),
        ("Samoa", "Point", [-172.1046, -13.7590]), ("North", "Point", [0, 65]), ("Nowhere", "Point", nil),
        ("Line", "LineString", [12.5683, 55.6761]), ("Short", "Point", [12.5683]), ("Shouting", "POINT", [12.57, 55.68]),
    ]

    static func location(_ type: String, _ coordinates: [Double]) -> InputValue {
        ["type": .value(.string(type)), "coordinates": .collection(coordinates.map { .value(.double($0)) })]
    }

    func makeStore() throws -> Store {
        let store = try Store(path: try Temporary.path("geo-store") + "/geo.sqlite", schema: Self.schema)
        try store.write {
            for (name, type, coordinates) in Self.places {
                _ = try store.create("Place", value: ["name": .value(.string(name)),
                                                      "location": coordinates.map { Self.location(type, $0) } ?? nil])
            }
            _ = try store.create("Trip", value: ["name": "Danish", "stops": .collection([
                Self.location("Point", [12.5683, 55.6761]), Self.location("Point", [12.0803, 55.6415])])])
            _ = try store.create("Trip", value: ["name": "Mixed", "stops": .collection([
                Self.location("Point", [12.5683, 55.6761]), Self.location("Point", [-74.0060, 40.7128])])])
        }
        return store
    }

    func names(_ store: Store, _ className: String, _ query: String, _ arguments: [StoreValue] = []) throws -> [String] {
        try store.query(className, query, arguments: arguments).map { key in
            guard case .string(let name) = try store.get(key, "name") else { return "?" }
            return name
        }
    }

    static let denmark = "{[11, 54], [14, 54], [14, 57], [11, 57], [11, 54]}"
    static let aroundCopenhagen = "{[12.4, 55.6], [12.7, 55.6], [12.7, 55.75], [12.4, 55.75], [12.4, 55.6]}"

    @Test(arguments: [
        // 50 km around Copenhagen (0.00784 rad of Realm's 6,378.1 km radius): Roskilde is 31 km away.
        ("geoCircle([12.5683, 55.6761], 0.00784)", ["Copenhagen", "Roskilde", "Shouting"]),
        ("geoCircle([12.5683, 55.6761], 0.003)", ["Copenhagen", "Shouting"]),
        ("geoBox([12, 55], [13, 56])", ["Copenhagen", "Roskilde", "Shouting"]),
        // Bottom left longitude east of the top right one: the box crosses the antimeridian.
        ("geoBox([170, -20], [-170, -10])", ["Fiji", "Samoa"]),
        ("geoBox([-170, -20], [170, -10])", []),
        ("geoPolygon(\(denmark))", ["Copenhagen", "Roskilde", "Shouting"]),
        ("geoPolygon(\(denmark), \(aroundCopenhagen))", ["Roskilde"]),
        // The same rings clockwise: a ring bounds its smaller side either way.
        ("geoPolygon({[11, 54], [11, 57], [14, 57], [14, 54], [11, 54]}, {[12.4, 55.6], [12.4, 55.75], [12.7, 55.75], [12.7, 55.6], [12.4, 55.6]})",
         ["Roskilde"]),
        // Polygon edges are great circles: the edge between [60, 60] and [-60, 60] passes 73.9°N
        // over longitude 0, so North (65°N) is inside; a box's top edge is the 60°N parallel.
        ("geoPolygon({[-60, 0], [60, 0], [60, 60], [-60, 60], [-60, 0]})", ["Copenhagen", "Roskilde", "North", "Shouting"]),
        ("geoBox([-60, 0], [60, 60])", ["Copenhagen", "Roskilde", "Shouting"]),
        ("GEOCIRCLE([-74.006, 40.7128, 10], 1e-9)", ["NewYork"]),
    ] as [(String, [String])])
    func knownPlacesInsideAndOutside(_ shape: String, _ expected: [String]) throws {
        let store = try makeStore()
        #expect(try names(store, "Place", "location GEOWITHIN \(shape)") == expected, "\(shape)")
        #expect(try names(store, "Place", "location geowithin $0", [.string(shape)]) == expected, "\(shape) as an argument")
        #expect(try names(store, "Place", "location IN $0", [.string(shape)]) == expected, "\(shape) with IN")
        let everyone = Self.places.map(\.0)
        #expect(try names(store, "Place", "NOT location GEOWITHIN \(shape)") == everyone.filter { !expected.contains($0) })
    }

    @Test func coordinatesMayBeNumericArguments() throws {
        let store = try makeStore()
        let circle = try names(store, "Place", "location GEOWITHIN geoCircle([$0, $1], $2)", [.double(12.5683), .double(55.6761), .double(0.00784)])
        #expect(circle == ["Copenhagen", "Roskilde", "Shouting"])
        let box = try names(store, "Place", "location GEOWITHIN geoBox([%@, %@], [%@, %@])", [.int(170), .float(-20), .int(-170), .int(-10)])
        #expect(box == ["Fiji", "Samoa"])
    }

    @Test func listsOfLocationsAreQuantified() throws {
        let store = try makeStore()
        let box = "geoBox([12, 55], [13, 56])"
        #expect(try names(store, "Trip", "stops GEOWITHIN \(box)") == ["Danish", "Mixed"])
        #expect(try names(store, "Trip", "ALL stops GEOWITHIN \(box)") == ["Danish"])
        #expect(try names(store, "Trip", "NONE stops GEOWITHIN geoBox([-80, 40], [-70, 41])") == ["Danish"])
    }

    @Test(arguments: [
        ("name GEOWITHIN geoBox([0, 0], [1, 1])", 1, "must be a link to a GeoJSON-shaped embedded object"),
        ("pin GEOWITHIN geoBox([0, 0], [1, 1])", 1, "'Spot' is a top-level class"),
        ("label GEOWITHIN geoBox([0, 0], [1, 1])", 1, "'Label' is not in the GeoJSON point format GEOWITHIN needs: it has no 'type'"),
        ("location GEOWITHIN geoBox([0, 0], [181, 1])", 35, "point out of bounds: longitude 181.0"),
        ("location GEOWITHIN geoCircle([0, -90.5], 1)", 30, "latitude -90.5 within -90…90"),
        ("location GEOWITHIN geoCircle([0, 0], -1)", 20, "radius of a geoCircle must be a non-negative number"),
        ("location GEOWITHIN geoBox([0, 10], [1, 0])", 20, "bottom left corner lies north of its top right corner"),
        ("location GEOWITHIN geoPolygon({[0, 0], [1, 0], [1, 1], [0, 1]})", 56, "ring 0 of the geoPolygon is not closed"),
        ("location GEOWITHIN geoPolygon({[0, 0], [1, 1], [0, 0], [0, 0]})", 32, "needs at least 3 different points, it has 2"),
        ("location GEOWITHIN geoPolygon({[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]})", 32, "is not valid: edge 0 crosses edge 2"),
        ("location GEOWITHIN geoPolygon({[0, 0], [180, 0], [90, 10], [0, 0]})", 32, "vertices 0 and 1 are antipodal"),
        ("location GEOWITHIN geoPolygon({[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]}, {[5, 5], [6, 5], [6, 6], [5, 5]})", 74,
         "ring 1 of the geoPolygon does not lie inside ring 0"),
        ("location GEOWITHIN geoPolygon({[0, 0], [1, 0]", 46, "expected '}' after the points of a ring, found end of query"),
        ("location GEOWITHIN geoBox([0, 0] [1, 1])", 34, "expected ',' after the bottom left corner, found ["),
        ("location GEOWITHIN geoCircle([0, 'x'], 1)", 34, "expected a number or an argument after the longitude"),
        ("location GEOWITHIN 5", 20, "GEOWITHIN needs a shape here"),
        ("name == geoBox([0, 0], [1, 1])", 9, "can only follow GEOWITHIN"),
        ("location GEOWITHIN[c] geoBox([0, 0], [1, 1])", 10, "[c] and [d]"),
    ] as [(String, Int, String)])
    func errorsAreLocated(_ query: String, _ column: Int, _ message: String) throws {
        let store = try makeStore()
        let error = #expect(throws: QueryError.self) { try store.query("Place", query) }
        #expect(error?.column == column, "\(query): \(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(query): \(String(describing: error))")
    }

    @Test(arguments: [
        ([StoreValue.string("geoBox([0, 0]")], "invalid shape in argument $0 at column 14 of its text: expected ','"),
        ([.string("hello")], "invalid shape in argument $0 at column 1 of its text: expected geoBox, geoCircle or geoPolygon"),
        ([.string("geoCircle([$0, 0], 1)")], "a shape given as text cannot use arguments"),
        ([.int(5)], "the right side of GEOWITHIN must be a shape, but argument $0 is int"),
        ([.null], "argument $0 is null"),
        ([.list([1, 2])], "argument $0 is a list"),
    ] as [([StoreValue], String)])
    func shapeArgumentErrors(_ arguments: [StoreValue], _ message: String) throws {
        let store = try makeStore()
        let error = #expect(throws: QueryError.self) { try store.query("Place", "location GEOWITHIN $0", arguments: arguments) }
        #expect(error?.column == 20)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func inWithAStringThatIsNoShapeIsNoGeoQuery() throws {
        let store = try makeStore()
        let error = #expect(throws: QueryError.self) { try store.query("Place", "name IN $0", arguments: ["Fiji"]) }
        #expect(error?.message.contains("a single value; use '=='") == true, "\(String(describing: error))")
        let link = #expect(throws: QueryError.self) { try store.query("Place", "name IN $0", arguments: ["geoBox([0, 0], [1, 1])"]) }
        #expect(link?.message.contains("must be a link to a GeoJSON-shaped embedded object") == true)
    }

    @Test func coordinateArgumentsMustBeNumbers() throws {
        let store = try makeStore()
        let error = #expect(throws: QueryError.self) {
            try store.query("Place", "location GEOWITHIN geoCircle([$0, 0], 1)", arguments: ["x"])
        }
        #expect(error?.column == 31 && error?.message == "a coordinate must be a number, but argument $0 is string", "\(String(describing: error))")
    }
}
