/// A polygon for `geoWithin`, as Realm Swift's `GeoPolygon`: an outer ring and any number of
/// holes, each a closed ring (at least 4 points, the last equal to the first). Edges are
/// great-circle arcs; holes must lie inside the outer ring. A query checks the rest (rings
/// whose edges cross are an error).
///
/// For example:
///
///     let triangle = GeoPolygon(outerRing: [(0, 0), (0, 10), (10, 5), (0, 0)])!     // (latitude, longitude)
///     let inside = realm.objects(Person.self).where { $0.location.geoWithin(triangle) }
public final class GeoPolygon: Equatable, GeoQueryShape {
    /// The outer ring.
    public let outerRing: [GeoPoint]
    /// The holes, if any.
    public let holes: [[GeoPoint]]?

    /// A polygon, or nil when a ring has fewer than 4 points or is not closed.
    public convenience init?(outerRing: [GeoPoint]) {
        self.init(outerRing: outerRing, holes: nil)
    }

    /// A polygon, or nil when a ring (outer or hole) has fewer than 4 points or is not closed.
    public init?(outerRing: [GeoPoint], holes: [[GeoPoint]]?) {
        func closed(_ ring: [GeoPoint]) -> Bool { ring.count > 3 && ring.first == ring.last }
        guard closed(outerRing), (holes ?? []).allSatisfy(closed) else { return nil }
        self.outerRing = outerRing
        self.holes = holes
    }

    /// A polygon of `(latitude, longitude)` pairs, or nil when a point is out of range or a
    /// ring is too short or not closed.
    public convenience init?(outerRing: [(Double, Double)], holes: [[(Double, Double)]] = []) {
        func points(_ ring: [(Double, Double)]) -> [GeoPoint]? {
            let points = ring.compactMap { GeoPoint(latitude: $0.0, longitude: $0.1) }
            return points.count == ring.count ? points : nil
        }
        guard let outer = points(outerRing) else { return nil }
        var inner: [[GeoPoint]] = []
        for hole in holes {
            guard let ring = points(hole) else { return nil }
            inner.append(ring)
        }
        self.init(outerRing: outer, holes: inner)
    }

    /// A polygon of `(latitude, longitude)` pairs with its holes listed one by one.
    public convenience init?(outerRing: [(Double, Double)], holes: [(Double, Double)]...) {
        self.init(outerRing: outerRing, holes: holes)
    }

    public static func == (lhs: GeoPolygon, rhs: GeoPolygon) -> Bool {
        lhs.outerRing == rhs.outerRing && lhs.holes == rhs.holes
    }

    var queryText: String {
        let rings = [outerRing] + (holes ?? [])
        return "geoPolygon(" + rings.map { "{" + $0.map(\.queryText).joined(separator: ", ") + "}" }.joined(separator: ", ") + ")"
    }
}
