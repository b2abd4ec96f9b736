import CSQLite
import RealmQuery

/// `rq_geo_within(region, type, longitude, latitude)`: 1 when `type` is "Point" (any letter
/// case), both coordinates are numbers and the point lies in the region (`GeoRegion.encoded`,
/// decoded once per statement and kept as SQLite auxiliary data), else 0. Deterministic.
extension QueryFunctions {
    static let geoWithinName = "rq_geo_within"

    static func registerGeoWithin(on database: OpaquePointer) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let code = sqlite3_create_function_v2(database, geoWithinName, 4, flags, nil, geoWithin, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw Connection.error(database: database, code: code, sql: "create function \(geoWithinName)", statement: nil)
        }
    }

    /// The decoded region, as auxiliary data of the statement's region parameter.
    final class RegionBox {
        let region: GeoRegion

        init(_ region: GeoRegion) {
            self.region = region
        }
    }

    static let releaseRegion: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
        if let pointer { Unmanaged<RegionBox>.fromOpaque(pointer).release() }
    }

    /// The region of the first argument: cached, or decoded and cached.
    static func region(_ context: OpaquePointer?, _ value: OpaquePointer?) -> GeoRegion? {
        if let cached = sqlite3_get_auxdata(context, 0) {
            return Unmanaged<RegionBox>.fromOpaque(cached).takeUnretainedValue().region
        }
        guard sqlite3_value_type(value) == SQLITE_BLOB, let bytes = sqlite3_value_blob(value) else { return nil }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value)))
        guard let region = GeoRegion(encoded: Array(buffer)) else { return nil }
        sqlite3_set_auxdata(context, 0, Unmanaged.passRetained(RegionBox(region)).toOpaque(), releaseRegion)
        return region
    }

    /// A stored coordinate: a REAL (or INTEGER); NULL and NaN (stored as a BLOB) are none.
    static func coordinate(_ value: OpaquePointer?) -> Double? {
        let type = sqlite3_value_type(value)
        guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else { return nil }
        return sqlite3_value_double(value)
    }

    static let geoWithin: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, count, values in
        guard let values, count == 4, text(values[1])?.lowercased() == "point",
              let longitude = coordinate(values[2]), let latitude = coordinate(values[3]),
              let region = region(context, values[0]) else {
            sqlite3_result_int(context, 0)
            return
        }
        sqlite3_result_int(context, region.contains(longitude: longitude, latitude: latitude) ? 1 : 0)
    }
}
