/// A shape on the right of `GEOWITHIN`, as Realm writes them: `geoBox([lon, lat], [lon, lat])`,
/// `geoCircle([lon, lat], radians)` and `geoPolygon({[lon, lat], …}, {…holes})`. Points are
/// `[longitude, latitude]` (GeoJSON's order), with an optional third number, the altitude,
/// which no query uses.
///
/// The coordinates are generic: as parsed they are operands (numbers or `$N` arguments), once
/// checked `TypedValue`s, and once the arguments are known `Double`s (`GeoRegion`).
///
/// For example:
///
///     let shape: QueryGeoShape<Double> = .circle(center: QueryGeoPoint(longitude: 12.5, latitude: 55.7), radius: 0.01)
public enum QueryGeoShape<Coordinate: Equatable & Sendable>: Equatable, Sendable {
    /// A rectangle of latitudes and longitudes; it crosses the antimeridian when the bottom
    /// left corner's longitude is greater than the top right corner's.
    case box(bottomLeft: QueryGeoPoint<Coordinate>, topRight: QueryGeoPoint<Coordinate>)
    /// The points at most `radius` radians (great-circle angle) from `center`.
    case circle(center: QueryGeoPoint<Coordinate>, radius: Coordinate)
    /// An outer ring and its holes, each closed (first point == last point); edges are
    /// great-circle arcs.
    case polygon([[QueryGeoPoint<Coordinate>]])

    /// The same shape with every coordinate transformed (the first error stops it).
    public func map<Other>(_ transform: (Coordinate) throws(QueryError) -> Other) throws(QueryError) -> QueryGeoShape<Other> {
        switch self {
        case .box(let bottomLeft, let topRight):
            return .box(bottomLeft: try bottomLeft.map(transform), topRight: try topRight.map(transform))
        case .circle(let center, let radius):
            return .circle(center: try center.map(transform), radius: try transform(radius))
        case .polygon(let rings):
            var mapped: [[QueryGeoPoint<Other>]] = []
            for ring in rings {
                var points: [QueryGeoPoint<Other>] = []
                for point in ring { points.append(try point.map(transform)) }
                mapped.append(points)
            }
            return .polygon(mapped)
        }
    }
}

/// `[longitude, latitude]` or `[longitude, latitude, altitude]`, with the column of its `[`.
public struct QueryGeoPoint<Coordinate: Equatable & Sendable>: Equatable, Sendable {
    public var longitude: Coordinate
    public var latitude: Coordinate
    public var altitude: Coordinate?
    public var column: Int

    public init(longitude: Coordinate, latitude: Coordinate, altitude: Coordinate? = nil, column: Int = 1) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
        self.column = column
    }

    /// The point with each coordinate transformed.
    public func map<Other>(_ transform: (Coordinate) throws(QueryError) -> Other) throws(QueryError) -> QueryGeoPoint<Other> {
        var altitude: Other?
        if let value = self.altitude { altitude = try transform(value) }
        return QueryGeoPoint<Other>(longitude: try transform(longitude), latitude: try transform(latitude),
                                    altitude: altitude, column: column)
    }
}
