/// The shapes after `GEOWITHIN`: `geoBox(point, point)`, `geoCircle(point, radius)`,
/// `geoPolygon({point, …}, {…})`, where a point is `[lon, lat]` or `[lon, lat, alt]` and each
/// number may be a `$N`/`%@` argument (as in Realm's grammar). Keywords are case-insensitive.
extension QueryParser {
    static let geoShapeWords: Set<String> = ["GEOBOX", "GEOCIRCLE", "GEOPOLYGON"]

    /// Parses `text` as one shape alone (a shape given as a string argument, as Realm accepts).
    public static func parseGeoShape(_ text: String) throws(QueryError) -> QueryOperand {
        var parser = try QueryParser(text)
        guard case .word(let word) = parser.current.kind, geoShapeWords.contains(word.uppercased()),
              parser.tokens[parser.index + 1].isSymbol("(") else {
            throw QueryMessages.expected("geoBox, geoCircle or geoPolygon", after: "the start", found: parser.current)
        }
        let shape = try parser.parseGeoShape()
        guard parser.current.kind == .end else {
            throw QueryMessages.expected("the end", after: "a shape", found: parser.current)
        }
        return shape
    }

    /// A shape starting at the current keyword (followed by `(`).
    mutating func parseGeoShape() throws(QueryError) -> QueryOperand {
        let start = advance()
        try enter(start)
        defer { nesting -= 1 }
        let name = start.spelling
        try expectSymbol("(", after: name)
        let shape: QueryGeoShape<QueryOperand>
        switch name.uppercased() {
        case "GEOBOX":
            let bottomLeft = try parseGeoPoint(after: "'geoBox('")
            try expectSymbol(",", after: "the bottom left corner")
            shape = .box(bottomLeft: bottomLeft, topRight: try parseGeoPoint(after: "','"))
        case "GEOCIRCLE":
            let center = try parseGeoPoint(after: "'geoCircle('")
            try expectSymbol(",", after: "the center")
            shape = .circle(center: center, radius: try parseCoordinate(after: "the center"))
        default:
            var rings: [[QueryGeoPoint<QueryOperand>]] = []
            repeat {
                try expectSymbol("{", after: rings.isEmpty ? "'geoPolygon('" : "','")
                var ring: [QueryGeoPoint<QueryOperand>] = []
                repeat { ring.append(try parseGeoPoint(after: ring.isEmpty ? "'{'" : "','")) } while try consumeComma()
                try expectSymbol("}", after: "the points of a ring")
                rings.append(ring)
            } while try consumeComma()
            shape = .polygon(rings)
        }
        try expectSymbol(")", after: "the shape")
        return .geoShape(shape, column: start.column)
    }

    /// `[lon, lat]` or `[lon, lat, alt]`.
    mutating func parseGeoPoint(after context: String) throws(QueryError) -> QueryGeoPoint<QueryOperand> {
        let open = current
        try expectSymbol("[", after: context)
        let longitude = try parseCoordinate(after: "'['")
        try expectSymbol(",", after: "the longitude")
        let latitude = try parseCoordinate(after: "the longitude")
        var altitude: QueryOperand?
        if try consumeComma() { altitude = try parseCoordinate(after: "the latitude") }
        try expectSymbol("]", after: "the coordinates of a point")
        return QueryGeoPoint(longitude: longitude, latitude: latitude, altitude: altitude, column: open.column)
    }

    /// A number or a `$N`/`%@` argument.
    mutating func parseCoordinate(after context: String) throws(QueryError) -> QueryOperand {
        let token = current
        switch token.kind {
        case .number(let text):
            _ = advance()
            return .literal(.number(text), column: token.column)
        case .word(let word) where ["inf", "infinity"].contains(word.lowercased()):
            _ = advance()
            return .literal(.number(word.lowercased()), column: token.column)
        case .argument, .valuePlaceholder:
            return try parseOperand(after: context)
        default:
            throw QueryMessages.expected("a number or an argument", after: context, found: token)
        }
    }
}
