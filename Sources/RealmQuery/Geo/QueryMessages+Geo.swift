/// The messages of `GEOWITHIN` and its shapes.
extension QueryMessages {
    static func geoOutOfBounds(longitude: Double, latitude: Double, column: Int) -> QueryError {
        QueryError("point out of bounds: longitude \(longitude) must lie within -180…180 and latitude \(latitude) "
                   + "within -90…90", column: column)
    }
    static func geoBadRadius(_ radius: Double, column: Int) -> QueryError {
        QueryError("the radius of a geoCircle must be a non-negative number of radians, not \(radius)", column: column)
    }
    static func geoBoxUpsideDown(column: Int) -> QueryError {
        QueryError("invalid geoBox: its bottom left corner lies north of its top right corner", column: column)
    }
    static func geoRingNotClosed(_ ring: Int, first: String, last: String, column: Int) -> QueryError {
        QueryError("ring \(ring) of the geoPolygon is not closed: its last point \(last) must repeat its first \(first)",
                   column: column)
    }
    static func geoRingTooSmall(_ ring: Int, distinct: Int, column: Int) -> QueryError {
        QueryError("ring \(ring) of the geoPolygon needs at least 3 different points, it has \(distinct)", column: column)
    }
    static func geoRingInvalid(_ ring: Int, _ problem: String, column: Int) -> QueryError {
        QueryError("ring \(ring) of the geoPolygon is not valid: \(problem)", column: column)
    }
    static func geoHoleOutside(_ ring: Int, column: Int) -> QueryError {
        QueryError("ring \(ring) of the geoPolygon does not lie inside ring 0; the rings after the first are holes in it",
                   column: column)
    }
    static func geoNeedsGeoJSON(_ described: String, column: Int) -> QueryError {
        QueryError("the left side of GEOWITHIN must be a link to a GeoJSON-shaped embedded object (a 'type' string "
                   + "and a 'coordinates' list of doubles), not \(described)", column: column)
    }
    static func geoNotEmbedded(_ className: String, column: Int) -> QueryError {
        QueryError("GEOWITHIN works on links to embedded objects, but '\(className)' is a top-level class", column: column)
    }
    static func geoWrongFormat(_ className: String, missing: String, column: Int) -> QueryError {
        QueryError("'\(className)' is not in the GeoJSON point format GEOWITHIN needs: it has no \(missing)", column: column)
    }
    static func geoNeedsShape(column: Int) -> QueryError {
        QueryError("GEOWITHIN needs a shape here: geoBox(…), geoCircle(…), geoPolygon(…) or an argument holding one",
                   column: column)
    }
    static func geoArgumentInText(column: Int) -> QueryError {
        QueryError("a shape given as text cannot use arguments", column: column)
    }
    static func geoShapeArgument(_ index: Int, type: String, column: Int) -> QueryError {
        QueryError("the right side of GEOWITHIN must be a shape, but argument $\(index) is \(type)", column: column)
    }
    static func geoShapeText(_ index: Int, _ inner: QueryError, column: Int) -> QueryError {
        QueryError("invalid shape in argument $\(index) at column \(inner.column) of its text: \(inner.message)", column: column)
    }
    static func geoShapeWithoutGeoWithin(column: Int) -> QueryError {
        QueryError("a geoBox, geoCircle or geoPolygon shape can only follow GEOWITHIN", column: column)
    }
    /// A coordinate argument that is not a number (also when only the compiled query finds out).
    public static func geoCoordinateArgument(_ index: Int, type: String, column: Int) -> QueryError {
        QueryError("a coordinate must be a number, but argument $\(index) is \(type)", column: column)
    }
}
