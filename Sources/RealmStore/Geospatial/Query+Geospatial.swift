import RealmEngine
import RealmQuery

extension Query where T: OptionalProtocol, T.Wrapped: EmbeddedObject {
    /// Whether the location, a GeoJSON-shaped embedded object (`type` "Point" and
    /// `coordinates` `[longitude, latitude]`), lies within `value`: the query language's
    /// `location GEOWITHIN shape`. A nil location, or one that is not a valid point, never does.
    ///
    ///     let near = realm.objects(Person.self).where {
    ///         $0.location.geoWithin(GeoCircle(center: (55.6761, 12.5683), radius: .kilometers(50)!)!)
    ///     }
    public func geoWithin<U: RLMGeospatial>(_ value: U) -> Query<Bool> {
        compare(.geoWithin, .value(.string(GeoShapes.queryText(value))))
    }
}

/// Shapes as query arguments: the text of the shape, which the type checker reads back.
enum GeoShapes {
    static func queryText(_ value: any RLMGeospatial) -> String {
        guard let shape = value as? any GeoQueryShape else { RealmMessages.trap(RealmMessages.unknownGeoShape(type(of: value))) }
        return shape.queryText
    }
}
