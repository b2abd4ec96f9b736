import Foundation
import RealmQuery
import Testing

/// The geometry of `GEOWITHIN` on its own: circles by great-circle angle, boxes near the poles
/// and across the antimeridian, polygons around a pole and across the antimeridian, stored
/// points as Realm reads them, and the bytes a compiled query binds.
@Suite struct GeoRegionTests {
    func region(_ text: String) throws -> GeoRegion {
        guard case .geoShape(let shape, let column) = try QueryParser.parseGeoShape(text) else {
            throw QueryError("not a shape", column: 1)
        }
        let numbers = try shape.map { (operand: QueryOperand) throws(QueryError) -> Double in
            guard case .literal(.number(let digits), _) = operand, let number = Double(digits) else { throw QueryError("not a number", column: 1) }
            return number
        }
        return try GeoRegion(numbers, column: column)
    }

    @Test func circlesMeasureTheGreatCircleAngle() throws {
        let circle = try region("geoCircle([0, 0], 0.1)")
        // 0.1 rad is 5.7296°; along a meridian and along the equator alike.
        #expect(circle.contains(longitude: 0, latitude: 5.72))
        #expect(!circle.contains(longitude: 0, latitude: 5.74))
        #expect(circle.contains(longitude: -5.72, latitude: 0))
        #expect(!circle.contains(longitude: 4.1, latitude: 4.1))     // 5.80° away on the diagonal
        #expect(circle.contains(longitude: 4.0, latitude: 4.0))      // 5.66° away
        let polar = try region("geoCircle([0, 90], 0.1)")
        #expect(polar.contains(longitude: 179, latitude: 84.5) && polar.contains(longitude: -90, latitude: 84.5))
        #expect(!polar.contains(longitude: 0, latitude: 84.0))
        #expect(try region("geoCircle([10, 10], 4)").contains(longitude: -170, latitude: -10))   // past π: everything
    }

    @Test func boxesFollowParallelsAndMeridians() throws {
        let cap = try region("geoBox([-180, 80], [180, 90])")
        #expect(cap.contains(longitude: 37, latitude: 89.9) && cap.contains(longitude: -179, latitude: 85))
        #expect(!cap.contains(longitude: 0, latitude: 79.9))
        let across = try region("geoBox([170, -5], [-170, 5])")
        #expect(across.contains(longitude: 180, latitude: 0) && across.contains(longitude: -180, latitude: 5))
        #expect(across.contains(longitude: 170, latitude: -5) && across.contains(longitude: -170.0, latitude: 0))
        #expect(!across.contains(longitude: 0, latitude: 0) && !across.contains(longitude: 169.9, latitude: 0))
    }

    @Test func polygonEdgesAreGreatCircles() throws {
        // A triangle around the North Pole: its edges bulge to 84.96°N halfway between vertices.
        let pole = try region("geoPolygon({[0, 80], [120, 80], [-120, 80], [0, 80]})")
        #expect(pole.contains(longitude: 0, latitude: 90) && pole.contains(longitude: 60, latitude: 86))
        #expect(!pole.contains(longitude: 60, latitude: 84) && !pole.contains(longitude: 0, latitude: 70))
        let across = try region("geoPolygon({[170, -10], [-170, -10], [-170, 10], [170, 10], [170, -10]})")
        #expect(across.contains(longitude: 180, latitude: 0) && across.contains(longitude: 175, latitude: 5))
        #expect(across.contains(longitude: -175, latitude: -5))
        #expect(!across.contains(longitude: 0, latitude: 0) && !across.contains(longitude: 160, latitude: 0))
    }

    @Test func storedPointsAreReadAsRealmReadsThem() throws {
        let box = try region("geoBox([-175, -5], [-165, 5])")
        // Out-of-range stored coordinates wrap around the sphere: 190° east is 170° west.
        #expect(box.contains(longitude: 190, latitude: 0))
        #expect(!box.contains(longitude: .nan, latitude: 0) && !box.contains(longitude: -170, latitude: .infinity))
        #expect(!(try region("geoCircle([0, 0], 4)")).contains(longitude: .nan, latitude: .nan))
    }

    @Test func regionsTravelAsBytes() throws {
        for text in ["geoBox([170, -5], [-170, 5])", "geoCircle([1.5, -2.25], 0.125)",
                     "geoPolygon({[0, 0], [10, 0], [10, 10], [0, 0]}, {[5, 2], [8, 2], [8, 4], [5, 2]})"] {
            let original = try region(text)
            let decoded = GeoRegion(encoded: original.encoded)
            #expect(decoded != nil && decoded?.encoded == original.encoded, "\(text)")
            #expect(decoded?.contains(longitude: 7, latitude: 3) == original.contains(longitude: 7, latitude: 3))
        }
        guard case .circle(let center, let radius)? = GeoRegion(encoded: try region("geoCircle([1.5, -2.25], 0.125)").encoded)?.shape else {
            Issue.record("not a circle")
            return
        }
        #expect(center.longitude == 1.5 && center.latitude == -2.25 && radius == 0.125)
        #expect(GeoRegion(encoded: [1, 2, 3]) == nil)
        #expect(GeoRegion(encoded: Array(repeating: 0xff, count: 16)) == nil)
        // A valid encoding of a shape that is not valid (a negative radius) is refused too.
        let negative = [1.0, 0, 0, -1].flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
        #expect(GeoRegion(encoded: negative) == nil)
    }

    @Test func shapesParseWithTheirColumns() throws {
        let query = try QueryParser.parse("loc GEOWITHIN geoCircle([1, -2, 3], $0)")
        guard case .comparison(let comparison) = query.predicate else { Issue.record("not a comparison"); return }
        #expect(comparison.op == .geoWithin && comparison.column == 5)
        let center = QueryGeoPoint<QueryOperand>(longitude: .literal(.number("1"), column: 26), latitude: .literal(.number("-2"), column: 29),
                                                 altitude: .literal(.number("3"), column: 33), column: 25)
        #expect(comparison.rhs == .geoShape(.circle(center: center, radius: .argument(0, column: 37)), column: 15))
    }
}
