import Foundation

/// A distance on the Earth as an angle, as Realm Swift's `Distance`: for a `GeoCircle`'s
/// radius. Kilometers and miles convert with Realm's Earth radius of 6,378.1 km.
///
/// For example:
///
///     let radius = Distance.kilometers(10)!       // nil for a negative or NaN distance
///     radius.radians                              // 0.00156786...
public final class Distance: Equatable, Sendable {
    /// The distance in radians.
    public let radians: Double

    /// Realm's Earth radius.
    static let earthRadiusMeters = 6_378_100.0

    init?(radians: Double) {
        guard radians >= 0 else { return nil }
        self.radians = radians
    }

    /// `kilometers` as a distance, or nil when negative.
    public static func kilometers(_ kilometers: Double) -> Distance? { Distance(radians: kilometers * 1000 / earthRadiusMeters) }
    /// `miles` as a distance, or nil when negative.
    public static func miles(_ miles: Double) -> Distance? { Distance(radians: miles * 1609.344 / earthRadiusMeters) }
    /// `degrees` of arc as a distance, or nil when negative.
    public static func degrees(_ degrees: Double) -> Distance? { Distance(radians: degrees * .pi / 180) }
    /// `radians` of arc as a distance, or nil when negative.
    public static func radians(_ radians: Double) -> Distance? { Distance(radians: radians) }

    /// The distance in kilometers.
    public func asKilometers() -> Double { radians * Distance.earthRadiusMeters / 1000 }
    /// The distance in miles.
    public func asMiles() -> Double { radians * Distance.earthRadiusMeters / 1609.344 }
    /// The distance in degrees of arc.
    public func asDegrees() -> Double { radians * 180 / .pi }

    public static func == (lhs: Distance, rhs: Distance) -> Bool { lhs.radians == rhs.radians }
}

/// A circle on the sphere for `geoWithin`, as Realm Swift's `GeoCircle`: the points at most
/// `radians` of great-circle angle from its center (the boundary is inside).
///
/// For example:
///
///     let near = GeoCircle(center: (55.6761, 12.5683), radius: .kilometers(50)!)!    // (latitude, longitude)
///     let people = realm.objects(Person.self).where { $0.location.geoWithin(near) }
public final class GeoCircle: Equatable, GeoQueryShape {
    /// The center.
    public let center: GeoPoint
    /// The radius in radians.
    public let radians: Double

    /// A circle, or nil when `radiusInRadians` is negative or NaN.
    public init?(center: GeoPoint, radiusInRadians: Double) {
        guard radiusInRadians >= 0 else { return nil }
        self.center = center
        self.radians = radiusInRadians
    }

    public init(center: GeoPoint, radius: Distance) {
        self.center = center
        self.radians = radius.radians
    }

    /// A circle around `(latitude, longitude)`, or nil when the center is out of range or the
    /// radius negative.
    public convenience init?(center: (Double, Double), radiusInRadians: Double) {
        guard let point = GeoPoint(latitude: center.0, longitude: center.1) else { return nil }
        self.init(center: point, radiusInRadians: radiusInRadians)
    }

    /// A circle around `(latitude, longitude)`, or nil when the center is out of range.
    public convenience init?(center: (Double, Double), radius: Distance) {
        guard let point = GeoPoint(latitude: center.0, longitude: center.1) else { return nil }
        self.init(center: point, radius: radius)
    }

    public static func == (lhs: GeoCircle, rhs: GeoCircle) -> Bool {
        lhs.center == rhs.center && lhs.radians == rhs.radians
    }

    var queryText: String { "geoCircle(\(center.queryText), \(radians))" }
}
