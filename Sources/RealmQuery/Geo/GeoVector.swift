import Foundation

/// A point of the unit sphere as a 3-vector: the geometry of `GEOWITHIN` (Realm computes on a
/// sphere, not on a flat map).
struct GeoVector: Equatable, Sendable {
    var x, y, z: Double

    /// The point at `latitude`, `longitude` (degrees; values out of range wrap around the
    /// sphere, as they do in Realm).
    init(latitude: Double, longitude: Double) {
        let lat = latitude * .pi / 180, lng = longitude * .pi / 180
        x = cos(lat) * cos(lng)
        y = cos(lat) * sin(lng)
        z = sin(lat)
    }

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
    /// Latitude in radians, -π/2…π/2.
    var latitude: Double { atan2(z, (x * x + y * y).squareRoot()) }
    /// Longitude in radians, -π…π.
    var longitude: Double { atan2(y, x) }

    static func + (a: GeoVector, b: GeoVector) -> GeoVector { GeoVector(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func - (a: GeoVector, b: GeoVector) -> GeoVector { GeoVector(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static func * (a: GeoVector, k: Double) -> GeoVector { GeoVector(x: a.x * k, y: a.y * k, z: a.z * k) }

    func dot(_ other: GeoVector) -> Double { x * other.x + y * other.y + z * other.z }

    func cross(_ other: GeoVector) -> GeoVector {
        GeoVector(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    var normalized: GeoVector {
        let length = dot(self).squareRoot()
        return length > 0 ? self * (1 / length) : self
    }

    /// The sign of the turn a → b → c seen from outside the sphere: positive counterclockwise.
    static func orientation(_ a: GeoVector, _ b: GeoVector, _ c: GeoVector) -> Double {
        a.cross(b).dot(c)
    }

    /// Whether the great-circle arcs a–b and c–d (each shorter than half a great circle) cross
    /// at a point inside both.
    static func arcsCross(_ a: GeoVector, _ b: GeoVector, _ c: GeoVector, _ d: GeoVector) -> Bool {
        let acb = orientation(a, c, b), bda = orientation(b, d, a)
        guard acb * bda > 0 else { return false }
        let cbd = orientation(c, b, d), dac = orientation(d, a, c)
        return acb * cbd > 0 && acb * dac > 0
    }
}
