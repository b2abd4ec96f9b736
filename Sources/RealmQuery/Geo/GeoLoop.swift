import Foundation

/// One ring of a polygon on the sphere: great-circle edges between its vertices, and of the two
/// regions the ring bounds, the smaller one inside (as Realm normalizes rings, so a ring's
/// direction does not matter).
struct GeoLoop: Sendable {
    let vertices: [GeoVector]
    /// A point known to lie inside, and the rest decided by counting crossings from it.
    private let reference: GeoVector
    private let referenceInside: Bool

    /// `vertices` without the closing repeat of the first; at least three distinct.
    init(_ vertices: [GeoVector]) {
        self.vertices = vertices
        // Just left of the first edge's middle: inside the region left of the edges.
        let a = vertices[0], b = vertices[1]
        reference = ((a + b).normalized + a.cross(b).normalized * 1e-9).normalized
        // The region left of the edges is the smaller one when the ring turns left overall.
        referenceInside = GeoLoop.turning(vertices) >= 0
    }

    /// Whether `point` lies inside.
    func contains(_ point: GeoVector) -> Bool {
        var inside = referenceInside
        for index in vertices.indices {
            let next = vertices[(index + 1) % vertices.count]
            if GeoVector.arcsCross(reference, point, vertices[index], next) { inside.toggle() }
        }
        return inside
    }

    /// The sum of the turns at the vertices (radians, left positive): 2π minus the area left of
    /// the edges, so negative when that area is more than a hemisphere.
    static func turning(_ vertices: [GeoVector]) -> Double {
        var sum = 0.0
        let count = vertices.count
        for index in 0..<count {
            let previous = vertices[(index + count - 1) % count], vertex = vertices[index], next = vertices[(index + 1) % count]
            let incoming = previous.cross(vertex).cross(vertex)
            let outgoing = vertex.cross(next).cross(vertex)
            sum += atan2(incoming.cross(outgoing).dot(vertex), incoming.dot(outgoing))
        }
        return sum
    }

    /// The first problem that makes the ring invalid: an edge between (nearly) antipodal points,
    /// whose great circle is not defined, a repeated vertex, or two edges that cross.
    func problem() -> String? {
        let count = vertices.count
        for i in 0..<count where vertices[i].dot(vertices[(i + 1) % count]) < -1 + 1e-12 {
            return "vertices \(i) and \((i + 1) % count) are antipodal"
        }
        for i in 0..<count {
            for j in stride(from: i + 1, to: count, by: 1) where vertices[i] == vertices[j] {
                return "vertices \(i) and \(j) are the same point"
            }
        }
        for i in 0..<count {
            for j in stride(from: i + 2, to: count, by: 1) where !(i == 0 && j == count - 1) {
                if GeoVector.arcsCross(vertices[i], vertices[(i + 1) % count], vertices[j], vertices[(j + 1) % count]) {
                    return "edge \(i) crosses edge \(j)"
                }
            }
        }
        return nil
    }
}
