import RealmEngine
import RealmSchema

/// Everything an export decides that is not the format's: the store and the options, the
/// classes and their order, which objects (`--query`, `--sort`, `--skip`, `--limit`:
/// `ExportPlan+Selection.swift`), which properties (`--fields`: `ExportPlan+Projection.swift`;
/// `--omit-empty`: `ExportPlan+OmitEmpty.swift`), the `$id`s of objects of classes without a
/// primary key and the classes `$ref`s may name (`ExportReference`), and the order of sets and
/// dictionaries (`ExportPlan+Order.swift`). The Extended JSON, BSON and CSV/TSV writers
/// (`DocumentWriter`) all write what one plan says, so their objects, fields and order agree;
/// `ExportDriver` runs a plan against any of them.
///
/// A plan reads through one connection: a second thread's spool has a plan of its own over its
/// own connection (`ClassSpooler`), sharing the insertion ordinals only on the same connection.
///
/// For example:
///
///     let plan = ExportPlan(store: store, options: ExportOptions(classes: ["Person"]))
///     let models = try plan.prepare()    // [Person], with the selection and projection checked
final class ExportPlan {
    let store: Store
    let options: ExportOptions
    /// Persisted properties and their keys by class, computed once.
    var plans: [String: ExportClassPlan] = [:]
    /// The properties `--fields` keeps, by class (a class not in it is written whole).
    var projection: [String: Set<String>] = [:]
    /// The exported top-level classes (the targets `$ref` positions may name).
    var exported: Set<String> = []
    /// Insertion ordinals of classes without a primary key, made on first use.
    var ordinals: [String: InsertionOrdinals] = [:]
    /// Positions of objects in their class's export order, for ordering links in sets.
    var exportRanks: [String: [Int64: Int]] = [:]

    init(store: Store, options: ExportOptions) {
        self.store = store
        self.options = options
        for model in store.schema.models {
            plans[model.name] = ExportClassPlan(model)
        }
    }

    /// The classes to export, with the selection, projection and references checked.
    func prepare() throws(ExportError) -> [ModelSchema] {
        let models = try selectedModels()
        exported = Set(models.map(\.name))
        try checkSelection(models)
        try applyProjection(models)
        try checkReferencedClasses(models)
        return models
    }

    /// Forgets what was read in the export's read transaction (the insertion ordinals and the
    /// export ranks), which the next export reads again.
    func forgetReads() {
        ordinals = [:]
        exportRanks = [:]
    }

    /// The top-level classes to export, in schema order.
    func selectedModels() throws(ExportError) -> [ModelSchema] {
        let topLevel = store.schema.models.filter { $0.kind == .object }
        var models = topLevel
        if !options.classes.isEmpty {
            for name in options.classes {
                guard let model = store.schema.model(named: name) else {
                    throw ExportError(ExportMessages.unknownClass(name, known: topLevel.map(\.name)))
                }
                if model.kind == .embedded { throw ExportError(ExportMessages.embeddedClass(name)) }
                if model.kind == .asymmetric { throw ExportError(ExportMessages.asymmetricClass(name)) }
            }
            models = topLevel.filter { options.classes.contains($0.name) }
        }
        if options.shape != .classes && models.count != 1 {
            throw ExportError(ExportMessages.ndjsonNeedsOneClass(models.map(\.name)))
        }
        return models
    }

    /// Every class without a primary key that an exported object can link to (directly or
    /// through embedded objects) must be exported too, or its `$ref`s would dangle.
    func checkReferencedClasses(_ models: [ModelSchema]) throws(ExportError) {
        var visited: Set<String> = []
        var pending = models
        while let model = pending.popLast() {
            guard visited.insert(model.name).inserted else { continue }
            // A link `--fields` leaves out needs nothing.
            for property in plans[model.name]?.properties ?? [] where projection[model.name]?.contains(property.name) ?? true {
                guard case .object(let targetName) = property.type.base,
                      let target = store.schema.model(named: targetName) else { continue }
                if target.kind == .embedded {
                    pending.append(target)
                } else if target.primaryKey == nil && !exported.contains(targetName) {
                    throw ExportError(ExportMessages.referencedClassMissing("\(model.name).\(property.name)", target: targetName))
                }
            }
        }
    }

    /// The `$id` of an object of a class without a primary key.
    func position(of target: ObjectKey) throws -> Int64 {
        guard exported.contains(target.className) else {
            throw ExportError(ExportMessages.referencedClassMissing("a mixed value", target: target.className))
        }
        guard let position = try insertionOrdinals(target.className).ordinal(of: target.key) else {
            throw ExportError(ExportMessages.storeFailed(ExportMessages.danglingLink(target.description)), isIOFailure: true)
        }
        return position
    }

    /// The insertion ordinals of a class without a primary key, made once per export (a
    /// selection of the class and links to it share them: making them again would drop the
    /// table the first ones read).
    func insertionOrdinals(_ className: String) throws -> InsertionOrdinals {
        if let made = ordinals[className] { return made }
        let made = try store.insertionOrdinals(className)
        ordinals[className] = made
        return made
    }

    /// The schema of a class the store names (in a link or a mixed value).
    func storedModel(_ name: String) throws(ExportError) -> ModelSchema {
        guard let model = store.schema.model(named: name) else {
            throw ExportError(ExportMessages.storeFailed(ExportMessages.unknownStoredClass(name)), isIOFailure: true)
        }
        return model
    }
}
