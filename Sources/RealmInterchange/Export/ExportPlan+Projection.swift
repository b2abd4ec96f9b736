import RealmSchema

/// `--fields` (mongoexport's projection): only the named properties of the exported class, with
/// dotted paths into embedded objects (`address.city`). The primary key is always written, as
/// mongoexport always writes `_id`, so the output still imports and links still resolve.
///
/// A projection is kept by class (`projection`), so an embedded class reached by two paths must
/// be projected alike (`home.city` with `work` is an error).
///
/// For example:
///
///     let options = ExportOptions(classes: ["Person"], shape: .array).projecting(["name", "address.city"])
///     try Exporter(store: store, options: options, output: output).export()
///     // [{"_id":1,"name":"Ann","address":{"city":"Oslo"}}]
extension ExportPlan {
    /// Sets `projection` to the projection of `options.fields` (nothing without it).
    func applyProjection(_ models: [ModelSchema]) throws(ExportError) {
        guard let fields = options.fields else { return }
        guard models.count == 1 else { throw ExportError(ExportMessages.fieldsNeedOneClass(models.map(\.name))) }
        var projected: [String: [String]] = [:]
        let paths = fields.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
        if let bad = fields.first(where: { $0.isEmpty || $0.split(separator: ".", omittingEmptySubsequences: false).contains("") }) {
            throw ExportError(ExportMessages.badField(bad))
        }
        try project(models[0], paths: paths, prefix: "", into: &projected)
    }

    /// Keeps the properties of `model` that `paths` (relative to it) name, recursing into
    /// embedded objects for longer paths.
    private func project(_ model: ModelSchema, paths: [[String]], prefix: String,
                         into projected: inout [String: [String]]) throws(ExportError) {
        let all = plans[model.name]?.properties ?? []
        var kept: [String] = []
        for name in Self.firstComponents(paths) {
            guard let property = all.first(where: { $0.storedName == name || $0.name == name }) else {
                throw ExportError(ExportMessages.unknownField(prefix + name, className: model.name, known: all.map(\.storedName)))
            }
            kept.append(property.name)
            let rest = paths.filter { $0.first == name && $0.count > 1 }.map { Array($0.dropFirst()) }
            // A path that names the property itself keeps all of it.
            let embedded: ModelSchema? = if case .object(let targetName) = property.type.base,
                let target = store.schema.model(named: targetName), target.kind == .embedded { target } else { nil }
            guard !rest.isEmpty, !paths.contains([name]) else {
                if let embedded { try keepWhole(embedded, in: &projected) }
                continue
            }
            guard let target = embedded else {
                throw ExportError(ExportMessages.notEmbedded(prefix + name, path: prefix + name + "." + rest[0].joined(separator: ".")))
            }
            try project(target, paths: rest, prefix: prefix + name + ".", into: &projected)
        }
        if let key = model.primaryKey, !kept.contains(key) { kept.append(key) }
        let names = all.map(\.name).filter(kept.contains)
        if let earlier = projected[model.name], earlier != names {
            throw ExportError(ExportMessages.embeddedProjectedTwice(model.name))
        }
        projected[model.name] = names
        projection[model.name] = Set(names)
    }

    /// Records that `model` (an embedded class) is written whole, which another path must not narrow.
    private func keepWhole(_ model: ModelSchema, in projected: inout [String: [String]]) throws(ExportError) {
        let names = model.persistedProperties.map(\.name)
        if let earlier = projected[model.name], earlier != names {
            throw ExportError(ExportMessages.embeddedProjectedTwice(model.name))
        }
        projected[model.name] = names
    }

    /// The distinct first components of `paths`, in the order given.
    private static func firstComponents(_ paths: [[String]]) -> [String] {
        var seen: Set<String> = []
        return paths.compactMap { $0.first }.filter { seen.insert($0).inserted }
    }
}

extension ExportMessages {
    static func fieldsNeedOneClass(_ names: [String]) -> String {
        "--fields projects the objects of one class; name it with --class (one of \(names.joined(separator: ", ")))"
    }

    static func badField(_ field: String) -> String {
        "--fields: '\(field)' is not a property path (names joined by '.')"
    }

    static func unknownField(_ path: String, className: String, known: [String]) -> String {
        "--fields: '\(path)' names no property of \(className) (it has \(known.joined(separator: ", ")))"
    }

    static func notEmbedded(_ path: String, path full: String) -> String {
        "--fields: '\(full)' goes into '\(path)', which is not an embedded object"
    }

    static func embeddedProjectedTwice(_ className: String) -> String {
        "--fields: the embedded class \(className) is reached by two paths with different fields; project it alike"
    }
}
