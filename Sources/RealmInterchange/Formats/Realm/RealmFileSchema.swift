import Glibc
import RealmFile
import RealmSchema

/// A Realm file's schema in this project's terms (`CompiledSchema`), and whether a file fits a
/// given schema: what `realm-import` creates a store with when no `--schema` is given, what
/// `realm-schema extract` writes as YAML, and what the importer checks before reading a Realm
/// file into a store (docs/realm-import.md, section 18).
///
/// Class names are the tables' names without `class_`; each property keeps its stored name,
/// type, collection, optionality, primary key and index (`indexed`, full-text); embedded and
/// asymmetric classes keep their kind; the schema version is the file's (0 when it has none).
/// A Realm file stores backlink columns but not the names of `linkingObjects` properties, so the
/// schema has none.
///
/// For example:
///
///     let schema = try RealmFileSchema.schema(ofFileAt: "default.realm")
///     print(SchemaYAMLWriter().render(schema))
public enum RealmFileSchema {
    /// Whether the file at `path` starts as a Realm file does (`T-DB` at bytes 16..<20), or is a
    /// file named `*.realm` (`isNamedAsRealmFile`); false when it cannot be read or is shorter.
    public static func isRealmFile(atPath path: String) -> Bool {
        if isNamedAsRealmFile(path) && access(path, R_OK) == 0 { return true }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: headerLength)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, headerLength, 0) }
        return count == headerLength && header.withUnsafeBytes { startsRealm($0) }
    }

    /// Whether `path` names a Realm file by its extension. An encrypted Realm file has no
    /// readable header (Realm encrypts whole pages), so content alone cannot tell it; by its
    /// name it is read as a Realm file, which says it is encrypted, rather than as bad JSON.
    static func isNamedAsRealmFile(_ path: String) -> Bool {
        path.hasSuffix(".realm")
    }

    /// The bytes a Realm file starts with: two top references, `T-DB`, versions and flags.
    static let headerLength = 24

    /// Whether `header` (at least 24 bytes) is a Realm file's header: `T-DB` at bytes 16..<20.
    static func startsRealm(_ header: UnsafeRawBufferPointer) -> Bool {
        header.count >= headerLength && header[16] == UInt8(ascii: "T") && header[17] == UInt8(ascii: "-")
            && header[18] == UInt8(ascii: "D") && header[19] == UInt8(ascii: "B")
    }

    /// The schema of the Realm file at `path` (named `name` in diagnostics) and whether the file
    /// has backlinks (whose `linkingObjects` names the schema cannot have).
    ///
    /// - Throws: `SourceError`: `.io` when the file cannot be opened, `.malformed` (a located
    ///   diagnostic) when it is not a readable Realm file or has a property with no type here.
    public static func schema(ofFileAt path: String, name: String? = nil) throws(SourceError) -> (schema: CompiledSchema, hasBacklinks: Bool) {
        let file = try open(path, name: name ?? path)
        return (try schema(of: file, name: name ?? path), file.classes.contains { !$0.backlinks.isEmpty })
    }

    /// The note printed once when a store's schema is taken from the Realm file `file`, which has
    /// backlinks: their `linkingObjects` names are not in the file.
    public static func noLinkingObjectsNote(_ file: String) -> String {
        RealmFileInputMessages.noLinkingObjects(file)
    }

    /// Opens a Realm file read-only, its errors as located source errors.
    /// Standard input (`-`) and compressed files are refused with messages of their own: a
    /// Realm file is mapped in place.
    static func open(_ path: String, name: String) throws(SourceError) -> RealmFile {
        guard path != "-" else { throw SourceError(.malformed, .error(RealmFileInputMessages.notAFile("<stdin>"))) }
        do {
            return try RealmFile(path: path)
        } catch {
            if error.kind == .notARealmFile && isCompressed(path) {
                throw SourceError(.malformed, .error(RealmFileInputMessages.compressed(name)))
            }
            throw sourceError(error, file: name)
        }
    }

    /// Whether the file at `path` starts as gzip, xz or zstd data does.
    private static func isCompressed(_ path: String) -> Bool {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return CompressionFormat(magic: CompressionFormat.magic(ofFile: descriptor)) != .none
    }

    /// A decoder error as the diagnostic the tools print: its message, and a note placing it in
    /// the file (class, object key, property, byte offset). A file that cannot be opened is an
    /// I/O error (exit status 2), anything else bad input (exit status 1).
    static func sourceError(_ error: RealmFileError, file: String, kind: SourceError.Kind? = nil) -> SourceError {
        let note = RealmFileInputMessages.placeNote(file: file, className: error.className, objectKey: error.objectKey,
                                                    property: error.property, offset: error.offset)
        if error.kind == .cannotOpen {
            return SourceError(.io, .error("\(file): \(error.message)"))
        }
        return SourceError(kind ?? .malformed, .error(error.message, notes: [note]))
    }

    /// The schema of an open file.
    static func schema(of file: RealmFile, name: String) throws(SourceError) -> CompiledSchema {
        var models: [ModelSchema] = []
        for cls in file.classes {
            var properties: [PropertySchema] = []
            for property in cls.properties {
                guard let type = declaredType(property) else {
                    throw SourceError(.malformed, .error(RealmFileInputMessages.typedLink(cls.name, property.name),
                                                         notes: [RealmFileInputMessages.placeNote(
                                                            file: name, className: cls.name, objectKey: nil,
                                                            property: property.name, offset: nil)]))
                }
                let index: IndexKind = property.isFullTextIndexed ? .fulltext
                    : property.isIndexed && !property.isPrimaryKey ? .regular : .none
                properties.append(PropertySchema(name: property.name, type: type, indexed: index,
                                                 isPrimaryKey: property.isPrimaryKey))
            }
            models.append(ModelSchema(name: cls.name, kind: kind(cls.kind), primaryKey: cls.primaryKey, properties: properties))
        }
        return CompiledSchema(schemaVersion: file.schemaVersion ?? 0, models: models)
    }

    static func kind(_ kind: RealmClass.Kind) -> ModelKind {
        switch kind {
        case .object: .object
        case .embedded: .embedded
        case .asymmetric: .asymmetric
        }
    }

    /// A property's type in this project's terms; nil for a typed link, which has none. Links
    /// and maps of links are nullable and lists and sets of links are not, mixed is never
    /// `mixed?` (docs/schema-rules.md), whatever the column's nullable bit says.
    static func declaredType(_ property: RealmProperty) -> DeclaredType? {
        let collection: CollectionKind = switch property.collection {
        case .none: .single
        case .list: .list
        case .set: .set
        case .map: .map
        }
        let base: BaseType
        var optional = property.isOptional
        switch property.type {
        case .int: base = .int(.int)
        case .bool: base = .bool
        case .string: base = .string
        case .data: base = .data
        case .date: base = .date
        case .float: base = .float
        case .double: base = .double
        case .decimal128: base = .decimal128
        case .objectId: base = .objectId
        case .uuid: base = .uuid
        case .mixed:
            base = .mixed
            optional = false
        case .object(let target):
            base = .object(target)
            optional = collection == .single || collection == .map
        case .typedLink:
            return nil
        }
        return DeclaredType(base, collection: collection, isOptional: optional)
    }

    /// The ways the classes of `file` do not fit `models` (the schema a store is imported with):
    /// a class missing or of another kind or primary key, a property missing or of another type,
    /// collection or optionality (any integer width takes the file's 64-bit integers). One
    /// diagnostic each, placed in the file by class and property.
    static func mismatches(of file: RealmFile, with models: [ModelSchema], name: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func report(_ message: String, _ cls: RealmClass, _ property: String? = nil) {
            diagnostics.append(.error(message, notes: [
                RealmFileInputMessages.placeNote(file: name, className: cls.name, objectKey: nil, property: property, offset: nil),
                RealmFileInputMessages.fitNote(name),
            ]))
        }
        for cls in file.classes {
            guard let model = models.first(where: { $0.name == cls.name }) else {
                report(RealmFileInputMessages.classMissing(cls.name, file: name), cls)
                continue
            }
            let fileKind = kind(cls.kind)
            if model.kind != fileKind {
                report(RealmFileInputMessages.kind(cls.name, file: RealmFileInputMessages.kindName(fileKind),
                                                   schema: RealmFileInputMessages.kindName(model.kind)), cls)
            }
            let schemaKey = model.primaryKeyProperty?.storedName
            if schemaKey != cls.primaryKey {
                report(RealmFileInputMessages.primaryKey(cls.name, file: cls.primaryKey, schema: schemaKey), cls)
            }
            for property in cls.properties {
                guard let fileType = declaredType(property) else {
                    report(RealmFileInputMessages.typedLink(cls.name, property.name), cls, property.name)
                    continue
                }
                guard let declared = model.persistedProperties.first(where: { $0.storedName == property.name }) else {
                    report(RealmFileInputMessages.propertyMissing(cls.name, property.name, type: fileType.description), cls, property.name)
                    continue
                }
                if !fits(fileType, declared.type) {
                    report(RealmFileInputMessages.propertyType(cls.name, property.name, file: fileType.description,
                                                               schema: declared.type.description), cls, property.name)
                }
            }
        }
        return diagnostics
    }

    /// Whether a property of the file's type can be read into one declared `declared`: the same
    /// base type (an integer of any width), collection and optionality.
    private static func fits(_ file: DeclaredType, _ declared: DeclaredType) -> Bool {
        guard file.collection == declared.collection, file.isOptional == declared.isOptional else { return false }
        switch (file.base, declared.base) {
        case (.int, .int): return true
        default: return file.base == declared.base
        }
    }
}

// The other direction: a store's schema as the classes of a Realm file (`realm-export --type realm`).
extension RealmFileSchema {
    /// The Realm classes of `models` (the inverse of `schema(of:name:)`): each model's name and
    /// kind, its persisted properties under their stored names (`mapTo`) with their type,
    /// collection, optionality, primary key and `indexed: true`; any integer width is Realm's
    /// 64-bit int. `linkingObjects` properties are left out (the writer computes backlink
    /// columns); `indexed: fulltext` becomes a full-text index. (Nothing is refused today; the
    /// signature keeps room for what a later writer may not hold.)
    static func realmClasses(of models: [ModelSchema]) throws(ExportError) -> [RealmClass] {
        var classes: [RealmClass] = []
        for model in models {
            var properties: [RealmProperty] = []
            for property in model.persistedProperties {
                let type = property.type
                let collection: RealmProperty.Collection = switch type.collection {
                case .single: .none
                case .list: .list
                case .set: .set
                case .map: .map
                }
                let valueType: RealmProperty.ValueType
                var optional = type.isOptional
                switch type.base {
                case .bool: valueType = .bool
                case .int: valueType = .int
                case .float: valueType = .float
                case .double: valueType = .double
                case .string: valueType = .string
                case .data: valueType = .data
                case .date: valueType = .date
                case .decimal128: valueType = .decimal128
                case .objectId: valueType = .objectId
                case .uuid: valueType = .uuid
                case .mixed:
                    valueType = .mixed
                    optional = true
                case .object(let target):
                    valueType = .object(target)
                    optional = collection == .none || collection == .map
                case .linkingObjects:
                    continue
                }
                properties.append(RealmProperty(name: property.storedName, type: valueType, collection: collection,
                                                isOptional: optional,
                                                isIndexed: property.isPrimaryKey || property.indexed == .regular,
                                                isFullTextIndexed: property.indexed == .fulltext,
                                                isPrimaryKey: property.isPrimaryKey,
                                                columnKey: 0))
            }
            let kind: RealmClass.Kind = switch model.kind {
            case .object: .object
            case .embedded: .embedded
            case .asymmetric: .asymmetric
            }
            classes.append(RealmClass(name: model.name, tableName: RealmClass.tablePrefix + model.name, tableKey: 0,
                                      kind: kind, properties: properties,
                                      primaryKey: model.primaryKeyProperty?.storedName, backlinks: []))
        }
        return classes
    }
}
