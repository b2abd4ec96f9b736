import Foundation
import TestSupport
import Testing

/// `GEOWITHIN` on data imported with realm-import and queried with `realm-export --query`; the
/// schema is the one bench/geo_bench.sh reads (`Repository.geoSchema`).
@Suite struct RealmExportGeoQueryTests {
    static let data = """
        {"Place": [
          {"name": "Copenhagen", "location": {"type": "Point", "coordinates": [12.5683, 55.6761]}},
          {"name": "Roskilde", "location": {"type": "Point", "coordinates": [12.0803, 55.6415]}},
          {"name": "Fiji", "location": {"type": "Point", "coordinates": [178.065, -17.7134]}},
          {"name": "Samoa", "location": {"type": "Point", "coordinates": [-172.1046, -13.759]}},
          {"name": "Nowhere"}
        ]}
        """

    func importedStore() throws -> String {
        let directory = try Temporary.path("realm-e2e-geo")
        try Self.data.write(toFile: directory + "/geo.json", atomically: true, encoding: .utf8)
        let store = directory + "/geo.sqlite"
        let imported = try Tool.run("realm-import", ["--store", store, "--schema", Repository.geoSchema, "--quiet", directory + "/geo.json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        return store
    }

    func names(_ store: String, _ query: String) throws -> [String] {
        let exported = try Tool.run("realm-export", ["--store", store, "--class", "Place", "--ndjson", "--query", query])
        #expect(exported.status == 0, "\(exported.stderr)")
        return exported.stdout.split(separator: "\n").compactMap { line in
            ["Copenhagen", "Roskilde", "Fiji", "Samoa", "Nowhere"].first { line.contains("\"\($0)\"") }
        }
    }

    @Test func importedPointsAreQueriedByShape() throws {
        let store = try importedStore()
        #expect(try names(store, "location GEOWITHIN geoCircle([12.5683, 55.6761], 0.00784)") == ["Copenhagen", "Roskilde"])
        #expect(try names(store, "location GEOWITHIN geoBox([170, -20], [-170, -10])") == ["Fiji", "Samoa"])
        #expect(try names(store, "location GEOWITHIN geoPolygon({[11, 54], [14, 54], [14, 57], [11, 57], [11, 54]}, "
                          + "{[12.4, 55.6], [12.7, 55.6], [12.7, 55.75], [12.4, 55.75], [12.4, 55.6]})") == ["Roskilde"])
    }

    @Test func aBadShapeIsALocatedDiagnostic() throws {
        let store = try importedStore()
        let bad = try Tool.run("realm-export", ["--store", store, "--class", "Place", "--query", "location GEOWITHIN geoBox([0, 0], [1, 91])"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "query:1:35: error: point out of bounds: longitude 1.0 must lie within -180…180 and latitude 91.0 within -90…90\n",
                "\(bad.stderr)")
    }
}
