/// A shape a geospatial `geoWithin` query tests points against: `GeoBox`, `GeoCircle` or
/// `GeoPolygon`, as Realm Swift's protocol of the same name.
///
/// For example:
///
///     func people<S: RLMGeospatial>(in shape: S) -> Results<Person> {
///         realm.objects(Person.self).where { $0.location.geoWithin(shape) }
///     }
public protocol RLMGeospatial: Sendable {}

/// How a shape reaches a query: the query language's text of it (`geoBox([lon, lat], …)`),
/// passed as a string argument, which the type checker reads as the shape (as Realm does).
protocol GeoQueryShape: RLMGeospatial {
    var queryText: String { get }
}

/// A latitude and a longitude in degrees (and an altitude, which no query uses), as Realm
/// Swift's `GeoPoint`: a corner, center or vertex of a shape. It cannot be stored; store a
/// location as Realm does, in an embedded object with `@Persisted var type: String = "Point"`
/// and `@Persisted var coordinates: List<Double>` holding `[longitude, latitude]`.
///
/// For example:
///
///     let copenhagen = GeoPoint(latitude: 55.6761, longitude: 12.5683)!
///     GeoPoint(latitude: 91, longitude: 0)       // nil: latitude lies within -90...90
public final class GeoPoint: Equatable, Sendable, CustomStringConvertible {
    /// Latitude in degrees, -90...90.
    public let latitude: Double
    /// Longitude in degrees, -180...180.
    public let longitude: Double
    /// Altitude, zero or more (not used by queries).
    public let altitude: Double

    /// A point, or nil when `latitude` is not within -90...90 or `longitude` not within
    /// -180...180 (or either is NaN).
    public convenience init?(latitude: Double, longitude: Double) {
        self.init(latitude: latitude, longitude: longitude, altitude: 0)
    }

    /// A point, or nil when a coordinate is out of range or NaN, or `altitude` is negative.
    public init?(latitude: Double, longitude: Double, altitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude), altitude >= 0 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    public static func == (lhs: GeoPoint, rhs: GeoPoint) -> Bool {
        lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude && lhs.altitude == rhs.altitude
    }

    /// `[longitude, latitude]`, the query language's (and GeoJSON's) order.
    var queryText: String { "[\(longitude), \(latitude)]" }

    public var description: String { "GeoPoint(latitude: \(latitude), longitude: \(longitude))" }
}

/// A rectangle of latitudes and longitudes for `geoWithin`, as Realm Swift's `GeoBox`: the
/// points whose latitude lies between the corners' and whose longitude lies eastward from the
/// bottom left corner's to the top right corner's (so a box whose bottom left longitude is
/// greater crosses the antimeridian). Edges and corners are inside.
///
/// For example:
///
///     let box = GeoBox(bottomLeft: (55.6, 12.0), topRight: (55.7, 12.6))!     // (latitude, longitude)
///     let near = realm.objects(Person.self).where { $0.location.geoWithin(box) }
public final class GeoBox: Equatable, GeoQueryShape {
    /// The bottom left (south west) corner.
    public let bottomLeft: GeoPoint
    /// The top right (north east) corner.
    public let topRight: GeoPoint

    public init(bottomLeft: GeoPoint, topRight: GeoPoint) {
        self.bottomLeft = bottomLeft
        self.topRight = topRight
    }

    /// A box from `(latitude, longitude)` corners, or nil when one is out of range.
    public convenience init?(bottomLeft: (Double, Double), topRight: (Double, Double)) {
        guard let low = GeoPoint(latitude: bottomLeft.0, longitude: bottomLeft.1),
              let high = GeoPoint(latitude: topRight.0, longitude: topRight.1) else { return nil }
        self.init(bottomLeft: low, topRight: high)
    }

    public static func == (lhs: GeoBox, rhs: GeoBox) -> Bool {
        lhs.bottomLeft == rhs.bottomLeft && lhs.topRight == rhs.topRight
    }

    var queryText: String { "geoBox(\(bottomLeft.queryText), \(topRight.queryText))" }
}
