import RealmQuery
import RealmSchema

/// `GEOWITHIN` in SQL: the shape's numbers resolved and checked (`GeoRegion`), bound as one
/// parameter, and the SQL function `rq_geo_within` testing the linked object's point: its
/// `type` must be "Point" (any letter case) and its `coordinates` list hold the longitude
/// (position 0) and latitude (position 1). A null link, another type, or fewer than two
/// coordinates never match.
extension QueryCompiler {
    func geoCondition(_ value: CompiledValue, _ shape: QueryGeoShape<TypedValue>, column: Int) throws -> String {
        let numbers = try shape.map { (coordinate: TypedValue) throws(QueryError) -> Double in try geoNumber(coordinate) }
        let region = try GeoRegion(numbers, column: column)
        guard case .object(let target) = value.base else { preconditionFailure(StoreError.Trap.geoWithinNeedsLink) }
        let info = try store.classInfo(target)
        let type = try info.property("type"), coordinates = try info.property("coordinates")
        let point = newAlias("g")
        let shapeParameter = parameter(.bytes(region.encoded))
        func coordinate(_ position: Int) -> String {
            "(SELECT value FROM \(coordinates.sideTable) WHERE owner = \(point)._key AND pos = \(position))"
        }
        let test = "\(QueryFunctions.geoWithinName)(\(shapeParameter), \(point).\(type.column), \(coordinate(0)), \(coordinate(1)))"
        return "EXISTS (SELECT 1 FROM \(info.table) \(point) WHERE \(point)._key = \(value.value) AND \(test))"
    }

    /// A coordinate: a numeric literal, or an int, float or double argument.
    func geoNumber(_ value: TypedValue) throws(QueryError) -> Double {
        switch value {
        case .literal(.number(let text), let column):
            guard case .double(let number)? = try? number(text, for: .double, column: column) else {
                throw QueryMessages.invalidLiteral(text, column: column)
            }
            return number
        case .argument(let index, let column):
            switch arguments[index] {
            case .int(let number): return Double(number)
            case .float(let number): return Double(number)
            case .double(let number): return number
            case let other:
                var type = "a list"
                if case .value(let kind, _) = Store.argumentKind(other) { type = kind.description }
                throw QueryMessages.geoCoordinateArgument(index, type: type, column: column)
            }
        case .literal(let literal, let column):
            throw QueryMessages.invalidLiteral("\(literal)", column: column)
        case .list(_, let column):
            throw QueryMessages.invalidLiteral("{…}", column: column)
        }
    }
}
