/// Finds cycles made only of links between embedded types (docs/schema-rules.md, rule 2.5).
///
/// From each embedded type, a depth-first walk follows links (to-one, list, set or map) whose
/// target is embedded; reaching a type already on the current path is a cycle, reported once
/// per starting type as `Type.prop.prop…`. A loop through a top-level type is not followed,
/// and two paths to the same embedded type are not a cycle, as in Realm core. Run it only on a
/// schema that passed every other check (all link targets exist).
struct EmbeddedCycleChecker {
    private let modelsByName: [String: LoadedModel]
    private let models: [LoadedModel]

    init(_ loaded: LoadedSchema) {
        models = loaded.models
        var byName: [String: LoadedModel] = [:]
        for model in loaded.models where byName[model.model.name] == nil {
            byName[model.model.name] = model
        }
        modelsByName = byName
    }

    /// One error per embedded type from which a cycle is reachable, at the first link of the path.
    func check() -> Diagnostics {
        var diagnostics = Diagnostics()
        // One walk state for every start: a type finished by an earlier start reaches no cycle
        // (and no type on a later path), so skipping it changes no result, and each type's
        // properties are followed once in all rather than once per start.
        var walk = Walk()
        for model in models where model.model.kind == .embedded {
            guard let links = walk.findCycle(from: model.model.name, in: modelsByName) else { continue }
            let path = ([model.model.name] + links.map(\.name)).joined(separator: ".")
            let location = model.locations(of: links[0]).type
            diagnostics.error(SchemaMessages.embeddedCycle(path), at: location)
        }
        return diagnostics
    }

    /// The state of the depth-first walks, without recursion so deep chains cannot overflow.
    private struct Walk {
        /// Types whose every embedded descendant has been explored without finding a cycle.
        private var finished: Set<String> = []

        /// The links from `start` to the first type found twice on one path, or nil.
        mutating func findCycle(from start: String, in models: [String: LoadedModel]) -> [PropertySchema]? {
            guard !finished.contains(start) else { return nil }
            // Each frame: a type on the current path and the index of its next property to follow.
            var stack: [(name: String, next: Int)] = [(start, 0)]
            var onPath: Set<String> = [start]
            var path: [PropertySchema] = []
            while let top = stack.last {
                let properties = models[top.name]?.model.properties ?? []
                guard top.next < properties.count else {
                    finished.insert(top.name)
                    onPath.remove(top.name)
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let property = properties[top.next]
                guard case .object(let target) = property.type.base, models[target]?.model.kind == .embedded,
                      !finished.contains(target)
                else { continue }
                path.append(property)
                if onPath.contains(target) { return path }
                stack.append((target, 0))
                onPath.insert(target)
            }
            return nil
        }
    }
}
