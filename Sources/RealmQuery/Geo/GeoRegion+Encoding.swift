/// A region as bytes, so a compiled query can bind it as one parameter of the SQL function that
/// tests points: little-endian doubles, a kind (0 box, 1 circle, 2 polygon) and then the box's
/// corners `lon, lat, lon, lat`, the circle's `lon, lat, radius`, or the polygon's ring count
/// and each ring's point count and points.
///
/// For example:
///
///     let bytes = region.encoded
///     let same = GeoRegion(encoded: bytes)
extension GeoRegion {
    public var encoded: [UInt8] {
        var numbers: [Double] = []
        switch shape {
        case .box(let low, let high):
            numbers = [0, low.longitude, low.latitude, high.longitude, high.latitude]
        case .circle(let center, let radius):
            numbers = [1, center.longitude, center.latitude, radius]
        case .polygon(let rings):
            numbers = [2, Double(rings.count)]
            for ring in rings {
                numbers.append(Double(ring.count))
                for point in ring { numbers += [point.longitude, point.latitude] }
            }
        }
        return numbers.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
    }

    /// The region `encoded` holds, or nil when the bytes are not one (altitudes are not kept).
    public init?(encoded bytes: [UInt8]) {
        guard bytes.count % 8 == 0 else { return nil }
        var numbers = stride(from: 0, to: bytes.count, by: 8).map { start in
            Double(bitPattern: bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }[...]
        func point() -> QueryGeoPoint<Double>? {
            guard numbers.count >= 2 else { return nil }
            return QueryGeoPoint(longitude: numbers.removeFirst(), latitude: numbers.removeFirst())
        }
        func count() -> Int? {
            guard let value = numbers.popFirst(), value >= 0, value <= Double(bytes.count) else { return nil }
            return Int(value)
        }
        let shape: QueryGeoShape<Double>
        switch numbers.popFirst() {
        case 0:
            guard let low = point(), let high = point() else { return nil }
            shape = .box(bottomLeft: low, topRight: high)
        case 1:
            guard let center = point(), let radius = numbers.popFirst() else { return nil }
            shape = .circle(center: center, radius: radius)
        case 2:
            guard let ringCount = count(), ringCount > 0 else { return nil }
            var rings: [[QueryGeoPoint<Double>]] = []
            for _ in 0..<ringCount {
                guard let pointCount = count(), pointCount > 0 else { return nil }
                var ring: [QueryGeoPoint<Double>] = []
                for _ in 0..<pointCount {
                    guard let next = point() else { return nil }
                    ring.append(next)
                }
                rings.append(ring)
            }
            shape = .polygon(rings)
        default:
            return nil
        }
        guard numbers.isEmpty, let region = try? GeoRegion(shape, column: 1) else { return nil }
        self = region
    }
}
