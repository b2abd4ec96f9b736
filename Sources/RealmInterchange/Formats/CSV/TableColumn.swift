import RealmEngine
import RealmSchema

/// One column `realm-export --type csv|tsv` writes: a property of the exported class, or
/// through embedded objects a property of one (`loc.x`).
struct TableColumn {
    /// The header: the field as given (`loc.x`).
    let header: String
    /// The properties leading to the value: embedded links, then the column's property.
    let path: [PropertySchema]
    /// Their positions among the persisted properties of their classes (`Store.values(of:)`).
    let positions: [Int]

    var property: PropertySchema { path[path.count - 1] }

    /// The columns `fields` name, or without fields every property that is not a collection
    /// (an embedded object's by its properties, dotted), in schema order. `leftOut` gets the
    /// lists, sets and maps the default columns leave out, dotted as headers are (`tags`,
    /// `loc.tags`); none when `fields` names the columns.
    static func columns(_ fields: [String]?, of model: ModelSchema, in schema: CompiledSchema,
                        leftOut: inout [String]) throws(ExportError) -> [TableColumn] {
        guard let fields else { return defaults(of: model, in: schema, prefix: "", path: [], positions: [], leftOut: &leftOut) }
        var columns: [TableColumn] = []
        for field in fields {
            var current = model
            var path: [PropertySchema] = []
            var positions: [Int] = []
            let parts = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            for (index, part) in parts.enumerated() {
                let properties = current.persistedProperties
                guard let position = properties.firstIndex(where: { $0.name == part || $0.storedName == part }) else {
                    throw ExportError(CSVMessages.unknownField(field, className: model.name))
                }
                let property = properties[position]
                path.append(property)
                positions.append(position)
                let embedded = embeddedTarget(of: property, in: schema)
                if index < parts.count - 1 {
                    guard let embedded else { throw ExportError(CSVMessages.unknownField(field, className: model.name)) }
                    current = embedded
                } else if embedded != nil {
                    throw ExportError(CSVMessages.fieldIsObject(field))
                }
            }
            columns.append(TableColumn(header: field, path: path, positions: positions))
        }
        return columns
    }

    private static func defaults(of model: ModelSchema, in schema: CompiledSchema, prefix: String, path: [PropertySchema],
                                 positions: [Int], leftOut: inout [String]) -> [TableColumn] {
        var columns: [TableColumn] = []
        for (position, property) in model.persistedProperties.enumerated() {
            let header = prefix + property.storedName
            guard property.type.collection == .single else {
                leftOut.append(header)
                continue
            }
            if let embedded = embeddedTarget(of: property, in: schema) {
                columns += defaults(of: embedded, in: schema, prefix: header + ".", path: path + [property],
                                    positions: positions + [position], leftOut: &leftOut)
            } else {
                columns.append(TableColumn(header: header, path: path + [property], positions: positions + [position]))
            }
        }
        return columns
    }

    /// The embedded model a single link property leads to.
    private static func embeddedTarget(of property: PropertySchema, in schema: CompiledSchema) -> ModelSchema? {
        guard property.type.collection == .single, case .object(let name) = property.type.base,
              let target = schema.model(named: name), target.kind == .embedded else { return nil }
        return target
    }
}
