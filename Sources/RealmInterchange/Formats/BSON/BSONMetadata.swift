import Foundation
import RealmSchema

/// The `<collection>.metadata.json` that `mongodump` writes beside each `.bson` file and
/// `mongorestore` reads to create the collection's indexes: canonical Extended JSON with the
/// indexes the schema declares.
///
/// - `_id_` on `_id`, which every collection has;
/// - a unique index `<key>_1` for a primary key stored under another name than `_id`;
/// - `<name>_1` for each `indexed: true` property;
/// - one text index over every `indexed: fulltext` property (a collection has at most one),
///   named as MongoDB names it (`title_text_body_text`), each field of weight 1.
///
/// `uuid` is a new random collection UUID (mongorestore uses it only with `--preserveUUID`).
///
/// For example:
///
///     try BSONMetadata(model: person).write(to: output)
///     // {"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"}, …],
///     //  "uuid":"…","collectionName":"Person","type":"collection"}
public struct BSONMetadata {
    /// One index: its key fields (with `1`, or `"text"` for a text index) and options.
    struct Index {
        var name: String
        var key: [(String, String?)]
        var unique = false
        var textFields: [String] = []
    }

    public let model: ModelSchema
    public var uuid: UUID

    public init(model: ModelSchema, uuid: UUID = UUID()) {
        self.model = model
        self.uuid = uuid
    }

    /// The indexes, `_id_` first.
    var indexes: [Index] {
        var result = [Index(name: "_id_", key: [("_id", nil)])]
        for property in model.persistedProperties where property.type.collection == .single {
            let name = property.storedName
            if property.isPrimaryKey {
                if name != "_id" { result.append(Index(name: name + "_1", key: [(name, nil)], unique: true)) }
            } else if property.indexed == .regular {
                result.append(Index(name: name + "_1", key: [(name, nil)]))
            }
        }
        let text = model.persistedProperties.filter { $0.indexed == .fulltext }.map(\.storedName)
        if !text.isEmpty {
            result.append(Index(name: text.map { $0 + "_text" }.joined(separator: "_"), key: [("_fts", "text"), ("_ftsx", nil)],
                                textFields: text))
        }
        return result
    }

    /// Writes the metadata, one line, and flushes.
    public func write(to output: ExportOutput) throws(ExportError) {
        let json = ExtendedJSONWriter(output: output, mode: .canonical)
        try json.beginObject()
        try json.key("indexes")
        try json.beginArray()
        for index in indexes {
            try json.beginObject()
            try json.key("v")
            try json.int(2)
            try json.key("key")
            try json.beginObject()
            for (field, kind) in index.key {
                try json.key(field)
                if let kind { try json.string(kind) } else { try json.int(1) }
            }
            try json.endObject()
            try json.key("name")
            try json.string(index.name)
            if index.unique {
                try json.key("unique")
                try json.bool(true)
            }
            if !index.textFields.isEmpty { try writeTextOptions(index.textFields, json) }
            try json.endObject()
        }
        try json.endArray()
        try json.key("uuid")
        try json.string(uuid.uuidString.lowercased().replacingOccurrences(of: "-", with: ""))
        try json.key("collectionName")
        try json.string(model.name)
        try json.key("type")
        try json.string("collection")
        try json.endObject()
        try output.write(UInt8(ascii: "\n"))
        try output.flush()
    }

    /// A text index's weights and the defaults MongoDB lists with it.
    private func writeTextOptions(_ fields: [String], _ json: ExtendedJSONWriter) throws(ExportError) {
        try json.key("weights")
        try json.beginObject()
        for field in fields {
            try json.key(field)
            try json.int(1)
        }
        try json.endObject()
        try json.key("default_language")
        try json.string("english")
        try json.key("language_override")
        try json.string("language")
        try json.key("textIndexVersion")
        try json.int(3)
    }
}
