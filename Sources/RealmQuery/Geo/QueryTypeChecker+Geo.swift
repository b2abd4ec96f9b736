import RealmSchema

/// `path GEOWITHIN shape`: the path must reach GeoJSON-shaped embedded objects (a `type`
/// string and a `coordinates` list of doubles, as Realm requires); the shape is a literal
/// `geoBox`/`geoCircle`/`geoPolygon` whose numbers may be numeric arguments, or a string
/// argument holding one (as Realm accepts, and as Realm Swift's `GeoBox`, `GeoCircle` and
/// `GeoPolygon` arrive; Realm Swift's `location IN %@` with such an argument means the same).
/// The shape's numbers are checked once known, when compiled
/// (`GeoRegion`).
extension QueryTypeChecker {
    func checkGeoWithin(_ comparison: QueryComparison, className: String, scope: Scope?) throws(QueryError) -> TypedComparison {
        guard let lhs = try pathOperand(comparison.lhs, className: className, scope: scope) else {
            throw QueryMessages.noKeyPath(column: comparison.column)
        }
        try checkGeoJSON(lhs)
        var quantifier = comparison.quantifier
        if lhs.isMultiValued {
            quantifier = quantifier ?? .any
        } else if quantifier != nil {
            throw QueryMessages.quantifierNeedsCollection(column: comparison.lhs.column)
        }
        if comparison.caseInsensitive || comparison.diacriticInsensitive {
            throw QueryMessages.modifierNeedsString(describe(lhs), column: comparison.column)
        }
        return TypedComparison(quantifier: quantifier, lhs: lhs, op: .geoWithin, caseInsensitive: false, diacriticInsensitive: false,
                               rhs: .geoShape(try geoShape(comparison.rhs), column: comparison.rhs.column), column: comparison.column)
    }

    /// Whether `comparison` is Realm Swift's spelling `location IN %@` with a shape argument
    /// (a string holding a shape's text), which Realm reads as `GEOWITHIN`.
    func isGeoShapeIn(_ comparison: QueryComparison) -> Bool {
        guard comparison.op == .in, case .argument(let index, _) = comparison.rhs, index < arguments.count,
              case .value(.string, let text?) = arguments[index], let open = text.firstIndex(of: "(") else { return false }
        return QueryParser.geoShapeWords.contains(String(text[..<open]).trimmingSpaces.uppercased())
    }

    /// Checks that `path` ends in links to GeoJSON-shaped embedded objects.
    func checkGeoJSON(_ path: ResolvedPath) throws(QueryError) {
        let isLinkValue: Bool = switch path.leaf {
        case .column, .elements, .mapEntry: true
        default: false
        }
        guard isLinkValue, case .object(let target) = path.type, let model = schema.model(named: target) else {
            throw QueryMessages.geoNeedsGeoJSON(describe(path), column: path.column)
        }
        let type = model.property(named: "type")?.type
        guard let type, type.base == .string, type.collection == .single else {
            throw QueryMessages.geoWrongFormat(target, missing: "'type' string property", column: path.column)
        }
        let coordinates = model.property(named: "coordinates")?.type
        guard let coordinates, coordinates.base == .double, coordinates.collection == .list else {
            throw QueryMessages.geoWrongFormat(target, missing: "'coordinates' list of doubles", column: path.column)
        }
        guard model.kind == .embedded else { throw QueryMessages.geoNotEmbedded(target, column: path.column) }
    }

    /// The shape on the right of `GEOWITHIN`, its numbers literals or numeric arguments.
    func geoShape(_ operand: QueryOperand) throws(QueryError) -> QueryGeoShape<TypedValue> {
        switch operand {
        case .geoShape(let shape, _):
            return try shape.map { (coordinate: QueryOperand) throws(QueryError) -> TypedValue in try geoCoordinate(coordinate) }
        case .argument(let index, let column):
            guard index < arguments.count else { throw QueryMessages.missingArgument(index, count: arguments.count, column: column) }
            guard case .value(let type, let text) = arguments[index] else {
                throw QueryMessages.geoShapeArgument(index, type: "a list", column: column)
            }
            guard type == .string, let text else { throw QueryMessages.geoShapeArgument(index, type: type.description, column: column) }
            let parsed: QueryOperand
            do {
                parsed = try QueryParser.parseGeoShape(text)
            } catch {
                throw QueryMessages.geoShapeText(index, error, column: column)
            }
            guard case .geoShape(let shape, _) = parsed else { throw QueryMessages.geoShapeArgument(index, type: "string", column: column) }
            return try shape.map { (coordinate: QueryOperand) throws(QueryError) -> TypedValue in
                guard case .literal(let literal, let literalColumn) = coordinate else {
                    throw QueryMessages.geoShapeText(index, QueryMessages.geoArgumentInText(column: coordinate.column), column: column)
                }
                return .literal(literal, column: literalColumn)
            }
        default:
            throw QueryMessages.geoNeedsShape(column: operand.column)
        }
    }

    /// A number, or an argument holding an int, float or double.
    func geoCoordinate(_ coordinate: QueryOperand) throws(QueryError) -> TypedValue {
        switch coordinate {
        case .literal(.number, _):
            return try typedValue(coordinate)
        case .argument(let index, let column):
            guard index < arguments.count else { throw QueryMessages.missingArgument(index, count: arguments.count, column: column) }
            guard case .value(let type, _) = arguments[index] else {
                throw QueryMessages.geoCoordinateArgument(index, type: "a list", column: column)
            }
            guard [.int, .float, .double].contains(type) else {
                throw QueryMessages.geoCoordinateArgument(index, type: type.description, column: column)
            }
            return .argument(index, column: column)
        default:
            throw QueryMessages.geoNeedsShape(column: coordinate.column)
        }
    }
}
