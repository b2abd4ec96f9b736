@testable import RealmEngine
import RealmQuery

/// `GEOWITHIN` read object by object: the linked object's `type` and `coordinates` through the
/// store's plain reads, tested against the region.
extension ReferenceEvaluator {
    func geoRegion(_ shape: QueryGeoShape<TypedValue>, column: Int) throws -> GeoRegion {
        let numbers = try shape.map { (value: TypedValue) throws(QueryError) -> Double in
            switch rhs(value, type: .double).first {
            case .double(let number)?: return number
            case .int(let number)?: return Double(number)
            case .float(let number)?: return Double(number)
            default: throw QueryError("not a coordinate", column: value.column)
            }
        }
        return try GeoRegion(numbers, column: column)
    }

    func geoContains(_ region: GeoRegion, _ value: StoreValue) throws -> Bool {
        guard case .object(let key) = value, case .string(let type) = try store.get(key, "type"), type.lowercased() == "point",
              case .list(let coordinates) = try store.get(key, "coordinates"), coordinates.count >= 2,
              case .double(let longitude) = coordinates[0], case .double(let latitude) = coordinates[1] else { return false }
        return region.contains(longitude: longitude, latitude: latitude)
    }
}
