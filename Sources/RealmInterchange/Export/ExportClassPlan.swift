import RealmSchema

/// What an export writes of one class, made once per export (`ExportPlan.plans`): its persisted
/// properties in schema order and their keys as quoted, escaped JSON text and as BSON's UTF-8,
/// so writing an object copies each key's bytes instead of escaping its name again. A class:
/// looked up once per object written, without copying (retaining) its arrays.
///
/// For example:
///
///     ExportClassPlan(model).keys[0]    // the bytes of "\"_id\"" for a class whose first property is `_id`
final class ExportClassPlan {
    let model: ModelSchema
    let properties: [PropertySchema]
    /// Each property's type (read per value without copying the whole `PropertySchema`).
    let types: [DeclaredType]
    /// `"storedName"` of each property, quoted and escaped (JSON's keys).
    let keys: [[UInt8]]
    /// `storedName` of each property as UTF-8 (BSON's keys).
    let names: [[UInt8]]
    /// The binary subtype each property's data is written with (`subtype: 9`; 0 for generic
    /// binary and properties of other types), and whether any is not 0.
    let binarySubtypes: [UInt8]
    let keepsSubtypes: Bool

    init(_ model: ModelSchema) {
        self.model = model
        properties = model.persistedProperties
        types = properties.map(\.type)
        keys = properties.map { ExtendedJSONWriter.quoted($0.storedName) }
        names = properties.map { Array($0.storedName.utf8) }
        binarySubtypes = properties.map { $0.binarySubtype ?? 0 }
        keepsSubtypes = binarySubtypes.contains { $0 != 0 }
    }
}
