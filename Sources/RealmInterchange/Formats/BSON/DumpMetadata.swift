import RealmSchema

/// A `<collection>.metadata.json` as `mongodump` writes it (and `BSONMetadata` does): read to
/// be told apart from data and to check its indexes against the schema, never imported
/// (docs/mongodb.md, section 2.1).
///
/// A file is metadata by its content: one JSON object, at most `maximumBytes` long, whose keys
/// are all mongodump's (`indexes`, `uuid`, `collectionName`, `type`, `options`), with an
/// `indexes` array of objects that each have a `key` object, or a `collectionName` string.
/// Key values may be relaxed (`1`) or canonical (`{"$numberInt": "1"}`) numbers, or strings
/// (`"text"`, `"2dsphere"`, `"hashed"`).
///
/// For example:
///
///     let metadata = try DumpMetadata.read(path: "dump/shop/Person.metadata.json")  // nil: not metadata
///     metadata?.check(against: person, file: "dump/shop/Person.metadata.json")      // notes and warnings
public struct DumpMetadata: Sendable, Equatable {
    /// One index as mongodump lists it.
    public struct Index: Sendable, Equatable {
        public var name: String
        /// The key's fields in order (a text index's `_fts` and `_ftsx` left out), each with its
        /// kind: nil for an ascending or descending index (a number), else the string
        /// (`2dsphere`, `hashed`, …).
        public var key: [Field]
        public var unique: Bool
        /// Whether this is a text index (`"_fts": "text"`, or a field of kind `text`).
        public var isText: Bool
        /// A text index's fields (its `weights`), empty for other indexes.
        public var textFields: [String]

        public struct Field: Sendable, Equatable {
            public var name: String
            public var kind: String?
        }
    }

    public var collectionName: String?
    /// `collection`, `view` or `timeseries`; nil in older dumps.
    public var type: String?
    public var indexes: [Index]

    /// The keys mongodump writes at the top of a metadata file.
    static let keys: Set<String> = ["indexes", "uuid", "collectionName", "type", "options"]
    /// The longest metadata file read whole; a longer input is data.
    static let maximumBytes = 1 << 20

    /// The metadata in the file at `path` (gzip, xz or zstd decompressed as any input), or nil
    /// when its content is not metadata.
    ///
    /// - Throws: `SourceError` of kind `.io` when the file cannot be read.
    public static func read(path: String) throws(SourceError) -> DumpMetadata? {
        let source = try DocumentSource(path: path)
        guard let bytes = try source.metadataCandidate(maximumBytes: maximumBytes) else { return nil }
        guard let document = try? JSONDocument.parse(String(decoding: bytes, as: UTF8.self), name: source.name) else {
            return nil
        }
        return document.withRoot { DumpMetadata($0) }
    }

    /// Metadata without indexes or names.
    init() {
        indexes = []
    }

    /// The metadata of a decoded JSON value; nil when it is not shaped as metadata.
    init?(_ root: JSONValue) {
        guard root.kind == .object, root.count > 0, root.fields.allSatisfy({ Self.keys.contains($0.key.string) }) else { return nil }
        collectionName = root["collectionName"]?.stringValue
        type = root["type"]?.stringValue
        var indexes: [Index] = []
        if let list = root["indexes"] {
            guard list.kind == .array else { return nil }
            for element in list.elements {
                guard let index = Self.index(element) else { return nil }
                indexes.append(index)
            }
        } else if collectionName == nil {
            return nil
        }
        self.indexes = indexes
    }

    /// One element of `indexes`: an object with a `key` object; nil otherwise.
    private static func index(_ value: JSONValue) -> Index? {
        guard let key = value["key"], key.kind == .object else { return nil }
        let fields = key.fields.map { field in Index.Field(name: field.key.string, kind: field.value.stringValue) }
        let weights = value["weights"].map { $0.fields.map(\.key.string) } ?? []
        let textFields = weights.isEmpty ? fields.filter { $0.kind == "text" }.map(\.name) : weights
        let isText = fields.contains { $0.kind == "text" }
        return Index(name: value["name"]?.stringValue ?? fields.map(\.name).joined(separator: "_"),
                     key: isText ? fields.filter { $0.name != "_fts" && $0.name != "_ftsx" } : fields,
                     unique: value["unique"]?.boolValue ?? false, isText: isText, textFields: isText ? textFields : [])
    }

    /// Whether this is a view's metadata (a view has no documents).
    public var isView: Bool { type == "view" }

    /// The indexes compared with `model`'s: `_id_` is always fine; a unique index needs the
    /// primary key (a warning otherwise: duplicates would load); a text index needs
    /// `indexed: fulltext` on each of its fields; any other single-field index needs the
    /// property indexed (or the primary key); each other difference is a note naming what to
    /// add to the schema. Every diagnostic is one line starting with `file`.
    public func check(against model: ModelSchema, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let properties = Dictionary(model.persistedProperties.map { ($0.storedName, $0) }, uniquingKeysWith: { first, _ in first })
        for index in indexes where !(index.key.count == 1 && index.key[0].name == "_id" && !index.isText) {
            if index.isText {
                for field in index.textFields {
                    guard let property = properties[field] else {
                        result.append(Diagnostic(.note, DumpMessages.missingField(file, index: index.name, field: field,
                                                                                    className: model.name)))
                        continue
                    }
                    if property.indexed != .fulltext {
                        result.append(Diagnostic(.note, DumpMessages.notFullText(file, index: index.name, className: model.name,
                                                                                   property: property.name)))
                    }
                }
                continue
            }
            if let other = index.key.first(where: { $0.kind != nil }), let kind = other.kind {
                result.append(Diagnostic(.note, DumpMessages.otherKind(file, index: index.name, kind: kind)))
                continue
            }
            guard index.key.count == 1, let field = index.key.first?.name else {
                let fields = index.key.map(\.name)
                result.append(index.unique
                    ? .warning(DumpMessages.uniqueCompound(file, index: index.name, fields: fields, className: model.name))
                    : Diagnostic(.note, DumpMessages.compound(file, index: index.name, fields: fields)))
                continue
            }
            let property = properties[field]
            if index.unique {
                if property?.isPrimaryKey != true {
                    result.append(.warning(DumpMessages.uniqueWithoutKey(file, index: index.name, field: field, className: model.name,
                                                                         primaryKey: model.primaryKeyProperty?.storedName)))
                }
            } else if let property {
                if !property.isPrimaryKey && property.indexed == .none {
                    result.append(Diagnostic(.note, DumpMessages.notIndexed(file, index: index.name, className: model.name,
                                                                              property: property.name)))
                }
            } else {
                result.append(Diagnostic(.note, DumpMessages.missingField(file, index: index.name, field: field, className: model.name)))
            }
        }
        return result
    }
}

extension DocumentSource {
    /// The whole input, when it may be metadata: it starts (after whitespace) with `{` and a
    /// key mongodump writes in metadata, and ends within `maximumBytes`; nil otherwise, having
    /// read at most that much. The cursor does not move, so nothing read is dropped.
    func metadataCandidate(maximumBytes: Int) throws(SourceError) -> [UInt8]? {
        var offset = 0
        func next() throws(SourceError) -> UInt8? {
            while let byte = try peek(offset) {
                offset += 1
                if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) { return byte }
            }
            return nil
        }
        guard try next() == UInt8(ascii: "{"), try next() == UInt8(ascii: "\"") else { return nil }
        var key: [UInt8] = []
        while let byte = try peek(offset), byte != UInt8(ascii: "\""), key.count <= 16 {
            key.append(byte)
            offset += 1
        }
        guard DumpMetadata.keys.contains(String(decoding: key, as: UTF8.self)), try peek(maximumBytes) == nil else { return nil }
        return Array(buffer.bytes(from: 0))
    }
}
