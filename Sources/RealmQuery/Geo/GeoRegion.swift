import Foundation

/// A checked `GEOWITHIN` shape, ready to test points: Realm's semantics on a sphere.
///
/// - A box holds the points whose latitude and longitude lie within its corners' (edges along
///   lines of constant latitude and longitude, bounds included); a box whose bottom left
///   longitude is greater than its top right one crosses the antimeridian.
/// - A circle holds the points at most its radius (radians of great-circle angle) from its
///   center.
/// - A polygon holds the points inside its outer ring and outside its holes; edges are
///   great-circle arcs and each ring bounds the smaller of its two sides.
///
/// Creating one checks the shape as Realm does: coordinates in range (longitude -180…180,
/// latitude -90…90), a radius that is a non-negative number, a box whose bottom is not above
/// its top, closed rings of three or more distinct points whose edges do not cross, and holes
/// inside the outer ring. Errors are located `QueryError`s.
///
/// For example:
///
///     let box = try GeoRegion(.box(bottomLeft: QueryGeoPoint(longitude: 170, latitude: -10),
///                                  topRight: QueryGeoPoint(longitude: -170, latitude: 10)), column: 1)
///     box.contains(longitude: 179, latitude: 0)     // true: the box crosses the antimeridian
public struct GeoRegion: Sendable {
    enum Kind: Sendable {
        /// Radians; the longitude interval is inverted when `lngLow > lngHigh`.
        case box(latLow: Double, latHigh: Double, lngLow: Double, lngHigh: Double)
        /// The squared chord length of the radius (4 for a radius of π or more).
        case circle(center: GeoVector, chord2: Double)
        case polygon(outer: GeoLoop, holes: [GeoLoop])
    }

    let kind: Kind
    /// The checked shape (to pass on in `encoded`).
    public let shape: QueryGeoShape<Double>

    /// Checks `shape`; `column` locates errors that have no point of their own.
    public init(_ shape: QueryGeoShape<Double>, column: Int) throws(QueryError) {
        self.shape = shape
        switch shape {
        case .box(let low, let high):
            try GeoRegion.check(low)
            try GeoRegion.check(high)
            guard low.latitude <= high.latitude else { throw QueryMessages.geoBoxUpsideDown(column: column) }
            var lngLow = low.longitude * .pi / 180, lngHigh = high.longitude * .pi / 180
            if lngLow == -.pi && lngHigh != .pi { lngLow = .pi }
            if lngHigh == -.pi && lngLow != .pi { lngHigh = .pi }
            kind = .box(latLow: low.latitude * .pi / 180, latHigh: high.latitude * .pi / 180, lngLow: lngLow, lngHigh: lngHigh)
        case .circle(let center, let radius):
            try GeoRegion.check(center)
            guard radius >= 0 else { throw QueryMessages.geoBadRadius(radius, column: column) }
            let chord = radius >= .pi ? 4 : pow(2 * sin(radius / 2), 2)
            kind = .circle(center: GeoVector(latitude: center.latitude, longitude: center.longitude), chord2: chord)
        case .polygon(let rings):
            var loops: [GeoLoop] = []
            for (index, ring) in rings.enumerated() {
                let loop = try GeoRegion.loop(ring, index: index)
                if let outer = loops.first, !loop.vertices.allSatisfy(outer.contains) {
                    throw QueryMessages.geoHoleOutside(index, column: ring[0].column)
                }
                loops.append(loop)
            }
            kind = .polygon(outer: loops[0], holes: Array(loops.dropFirst()))
        }
    }

    /// Whether the point at `longitude`, `latitude` (degrees, as stored) lies in the region;
    /// never for a point whose coordinates are not finite numbers.
    public func contains(longitude: Double, latitude: Double) -> Bool {
        let point = GeoVector(latitude: latitude, longitude: longitude)
        guard point.isFinite else { return false }
        switch kind {
        case .box(let latLow, let latHigh, let lngLow, let lngHigh):
            let lat = point.latitude
            var lng = point.longitude
            if lng == -.pi { lng = .pi }
            guard lat >= latLow && lat <= latHigh else { return false }
            if lngLow <= lngHigh { return lng >= lngLow && lng <= lngHigh }
            return (lng >= lngLow || lng <= lngHigh) && !(lngLow == .pi && lngHigh == -.pi)
        case .circle(let center, let chord2):
            let difference = center - point
            return difference.dot(difference) <= chord2
        case .polygon(let outer, let holes):
            return outer.contains(point) && !holes.contains { $0.contains(point) }
        }
    }

    static func check(_ point: QueryGeoPoint<Double>) throws(QueryError) {
        guard abs(point.longitude) <= 180 && abs(point.latitude) <= 90 else {
            throw QueryMessages.geoOutOfBounds(longitude: point.longitude, latitude: point.latitude, column: point.column)
        }
    }

    /// Ring `index` checked and made a loop: closed, repeats removed, valid.
    static func loop(_ ring: [QueryGeoPoint<Double>], index: Int) throws(QueryError) -> GeoLoop {
        for point in ring { try check(point) }
        let first = ring[0], last = ring[ring.count - 1]
        guard first.longitude == last.longitude && first.latitude == last.latitude && first.altitude == last.altitude else {
            throw QueryMessages.geoRingNotClosed(index, first: text(first), last: text(last), column: last.column)
        }
        var vertices: [GeoVector] = []
        for point in ring {
            let vertex = GeoVector(latitude: point.latitude, longitude: point.longitude)
            if vertex != vertices.last { vertices.append(vertex) }
        }
        vertices.removeLast()
        guard vertices.count >= 3 else { throw QueryMessages.geoRingTooSmall(index, distinct: vertices.count, column: first.column) }
        let loop = GeoLoop(vertices)
        if let problem = loop.problem() { throw QueryMessages.geoRingInvalid(index, problem, column: first.column) }
        return loop
    }

    /// `[lon, lat]` (or with the altitude) for messages.
    static func text(_ point: QueryGeoPoint<Double>) -> String {
        "[" + ([point.longitude, point.latitude] + (point.altitude.map { [$0] } ?? [])).map { "\($0)" }.joined(separator: ", ") + "]"
    }
}
