/// The in-memory path of `RealmFileWriter`: with every object at hand, finds the backlinks from
/// the objects' links (checking that each target exists and that each embedded object has one
/// owner), then streams each table in name order through `GroupWriter` (docs/realm-file.md,
/// "Writing").
struct GroupAssembler {
    let plans: [TablePlan]
    /// Each class's objects, sorted by key.
    let objects: [[RealmObject]]
    let layout: [[BacklinkPlan]]
    /// Per class, per backlink column: target key → origin keys in origin-key order.
    private var origins: [[[Int64: [Int64]]]]

    init(plans: [TablePlan], objects: [[RealmObject]]) throws(RealmFileError) {
        self.plans = plans
        self.objects = objects
        var tableKeys: [String: Int64] = [:]
        for plan in plans { tableKeys[plan.tableName] = plan.tableKey }
        // Every link, checked; mixed properties get a backlink column in each class they link to.
        let existing: [Set<Int64>] = objects.map { Set($0.map(\.key)) }
        var mixed: [(target: Int, origin: Int, column: Int)] = []
        var found: [(target: Int, origin: Int, column: Int, key: Int64, from: Int64)] = []
        for (planIndex, plan) in plans.enumerated() {
            for object in objects[planIndex] {
                for (column, spec) in plan.columns.enumerated() {
                    var links: [RealmLink] = []
                    Self.links(in: object.values[column], into: &links)
                    for link in links {
                        let target: Int
                        if let declared = spec.target, link.tableName.isEmpty || link.tableName == plans[declared].tableName {
                            target = declared
                        } else if let key = tableKeys[link.tableName], key >= TablePlan.firstClassKey {
                            target = Int(key - TablePlan.firstClassKey)
                            if let declared = spec.target {
                                throw RealmFileError(.badValue, RealmWriterMessages.linkToWrongClass(plans[declared].name, link.tableName),
                                                     className: plan.name, objectKey: object.key, property: spec.property.name)
                            }
                        } else {
                            throw RealmFileError(.badValue, RealmWriterMessages.unknownLinkTarget(link.tableName),
                                                 className: plan.name, objectKey: object.key, property: spec.property.name)
                        }
                        guard existing[target].contains(link.objectKey) else {
                            throw RealmFileError(.badValue, RealmWriterMessages.linkToMissingObject(plans[target].name, link.objectKey),
                                                 className: plan.name, objectKey: object.key, property: spec.property.name)
                        }
                        if spec.target == nil { mixed.append((target, planIndex, column)) }
                        found.append((target, planIndex, column, link.objectKey, object.key))
                    }
                }
            }
        }
        layout = BacklinkPlan.layout(plans: plans, mixed: mixed)
        origins = layout.map { columns in columns.map { _ in [:] } }
        for link in found {
            let index = layout[link.target].firstIndex { $0.originPlan == link.origin && $0.originColumn == link.column }!
            origins[link.target][index][link.key, default: []].append(link.from)
        }
    }

    /// Every link in `value`, nested collections included.
    static func links(in value: RealmValue, into result: inout [RealmLink]) {
        switch value {
        case .link(let link): result.append(link)
        case .list(let values), .set(let values): for element in values { links(in: element, into: &result) }
        case .dictionary(let entries): for entry in entries { links(in: entry.value, into: &result) }
        default: break
        }
    }

    /// Writes the file: in memory (`output` nil; the bytes are returned) or into `output`.
    func assemble(schemaVersion: UInt64, output: FileOutput?) throws(RealmFileError) -> [UInt8] {
        var group = try GroupWriter(plans: plans, layout: layout, schemaVersion: schemaVersion, output: output)
        for index in plans.indices {
            var table = group.table(index)
            for object in objects[index] {
                var row = object
                row.backlinks = origins[index].map { $0[object.key] ?? [] }
                try table.add(row, into: &group.writer)
            }
            try group.finish(&table)
        }
        try group.finish()
        return output == nil ? group.writer.bytes : []
    }
}
