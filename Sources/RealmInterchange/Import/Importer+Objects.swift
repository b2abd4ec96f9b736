import RealmEngine
import RealmSchema

/// Objects: top-level documents and nested objects with a primary key are created (or
/// upserted) one by one; other nested objects stay in their parent's input tree.
extension Importer {
    /// Converts `value` into an object of `plan` and creates or upserts it with `policy`;
    /// returns its key, or nil when it had problems (recorded as issues).
    func importObject(_ value: JSONValue, _ plan: ImportClassPlan, policy: UpdatePolicy) throws -> ObjectKey? {
        let errorsBefore = errorIssueCount
        try dropBeforeWriting(plan)
        let prepared = takePreparation(for: value, plan)
        var repeatCheck: RepeatCheck?
        if let linked = linkRepeat(prepared, plan, policy: policy, check: &repeatCheck) { return linked }
        // Merge updates nested objects in place, so it needs the stored object first; insert and
        // upsert learn whether it existed from the store (or look it up when a value is missing).
        let existing = policy == .modified ? try storedObject(value, plan) : nil
        frames.append(FixupFrame())
        let fields: FieldsByPosition = try convertFields(value, plan, prepared: prepared, existing: existing,
                                                         mayExist: policy == .all, policy: policy)
        let frame = frames.removeLast()
        guard errorIssueCount == errorsBefore else {
            noteFailure(value, plan)
            return nil
        }
        let repeated = repeatCheck.take() ?? linkRepeat(fields, plan, policy: policy)
        if case .linked(let linked) = repeated { return linked }
        let changesBefore = store.totalChanges
        let created: (key: ObjectKey, existed: Bool)
        do {
            // Until the first error the run may commit, and a create needs no savepoint of its
            // own: an error rolls everything back. After one, savepoints keep failed objects
            // from leaving parts behind that would hide or invent later errors.
            // A collection given in pieces may still turn out to have problems: a savepoint undoes it.
            // (The document's error issues are still `errorsBefore`: the guard above checked.)
            let savepoint = totals.errors > 0 || errorsBefore > 0 || !fields.streams.isEmpty
            // An object of a class without a primary key is always created: only top-level ones
            // carrying `$id` get here under upsert or merge (nested objects inside follow `policy`).
            created = try store.createForImport(plan.name, fields: consume fields, update: plan.primaryKey == nil ? .error : policy,
                                                savepoint: savepoint)
        } catch let error as StoreError where error.isInputProblem {
            // A damaged page can make an object found by its key seem gone: not the input's fault.
            if case let damage as StoreError = store.checkedForDamage(error), damage.code != error.code { throw damage }
            var at = path
            if error.code == .objectAlreadyExists, let property = plan.primaryKey, property.field(in: value) != nil {
                at.append(.key(property.fieldKey(in: value)))
            }
            record(.error(error.message, hint: try upsertHint(for: error, value, plan, policy: policy), at: JSONPath(at)))
            noteFailure(value, plan)
            return nil
        } catch is StreamedInputFailed {
            noteFailure(value, plan)
            return nil
        } catch let duplicate as DuplicateMapKey {
            // A key of a map given in pieces that an earlier piece held already.
            // The store tells which key, not where: its second occurrence is found in the input.
            let property = plan.properties.first { $0.name == duplicate.property }
            let key = options.mapKeys == .encode ? MapKeyCoding.decode(duplicate.key) : duplicate.key
            let range = property.flatMap { $0.field(in: value) }.flatMap { document?.document.deferredRange(of: $0) }
            record(.error(JSONMessages.duplicateKey(key),
                          at: JSONPath(path + (property.map { [.key($0.fieldKey(in: value))] } ?? []) + [.key(key)]),
                          target: .key, offset: range.flatMap { secondOccurrence(of: key, inObjectAt: $0) }))
            noteFailure(value, plan)
            return nil
        }
        if !created.existed {
            if plan.firstCreatedKey == nil { plan.firstCreatedKey = created.key.key }
            recordInserted(created.key, plan, repeated)
            plan.counts.created += 1
        } else if store.totalChanges != changesBefore {
            plan.counts.updated += 1
        } else {
            plan.counts.unchanged += 1
        }
        objectCount += 1
        if created.existed { supersedeFixups(of: created.key, supplied: value, plan) }
        register(frame, root: created.key)
        return created.key
    }

    /// For the first insert of the run that fails because the input gave the same object
    /// before (a nested object shared by several parents): the note that `--mode upsert` loads
    /// it. Nil otherwise, and for objects stored before the run.
    private func upsertHint(for error: StoreError, _ object: JSONValue, _ plan: ImportClassPlan,
                            policy: UpdatePolicy) throws -> String? {
        guard error.code == .objectAlreadyExists, policy == .error, !gaveUpsertHint, let first = plan.firstCreatedKey,
              let existing = try storedObject(object, plan), existing.key >= first else { return nil }
        gaveUpsertHint = true
        return ImportMessages.givenTwiceUseUpsert
    }

    /// The stored object with the primary key `object` holds, if any.
    func storedObject(_ object: JSONValue, _ plan: ImportClassPlan) throws -> ObjectKey? {
        guard let property = plan.primaryKey, let key = property.field(in: object).flatMap({ decodeKey($0, property) }) else {
            return nil
        }
        return try store.object(plan.name, primaryKey: key)
    }

    /// The fields of a nested object for the store's `create`, by property name (see
    /// `convertFields(_:_:prepared:existing:mayExist:policy:)`).
    func convertFields(_ object: JSONValue, _ plan: ImportClassPlan, existing: ObjectKey?,
                       policy: UpdatePolicy) throws -> [String: InputValue] {
        try convertFields(object, plan, prepared: takePreparation(for: object, plan), existing: existing, mayExist: false,
                          policy: policy)
    }

    /// Converts every property present in `object` into its fields, using the reading thread's
    /// preparation of it if there is one (taken by `takePreparation`); missing required values
    /// of a new object and unknown keys are reported. `existing` is the stored object this input
    /// updates, if known; with `mayExist` it may still exist, which is looked up only when a
    /// required value is missing.
    func convertFields<Fields: ImportFields>(_ object: JSONValue, _ plan: ImportClassPlan, prepared: PreparedObject?,
                                             existing: ObjectKey?, mayExist: Bool, policy: UpdatePolicy) throws -> Fields {
        var isNew = existing == nil
        var lookedUp = !mayExist
        let properties = plan.properties
        let preparedInputs = prepared?.inputs
        var fields = Fields(count: properties.count, prepared: preparedInputs)
        try withUnsafeTemporaryAllocation(of: JSONValue?.self, capacity: properties.count) { values in
            let matched: (matched: Int, namedTwice: Bool)
            if let prepared {
                _ = values.initialize(from: prepared.values)
                matched = (prepared.matchedCount, prepared.namedTwice)
            } else {
                values.initialize(repeating: nil)
                matched = plan.matchFields(of: object, into: values)
            }
            if matched.namedTwice { reportNamedTwice(object, plan) }
            for (position, property) in properties.enumerated() {
                guard let value = values[position] else {
                    if isNew && property.isRequired {
                        if !lookedUp {
                            lookedUp = true
                            isNew = try storedObject(object, plan) == nil
                        }
                        if isNew {
                            let hint = property.alias.map { ImportMessages.fieldNames(property.key, alias: $0) }
                            record(.error(ImportMessages.missingValue(plan.name, property.name), hint: hint, at: JSONPath(path)))
                        }
                    }
                    continue
                }
                if let input = preparedInputs?[position] {
                    if !Fields.holdsPreparedInputs { fields.set(input, for: property, at: position) }
                    continue
                }
                if property.isSingleScalar {
                    // A scalar's key joins the path only when it has a problem to report.
                    if let input = convertScalar(value, property, in: plan, allowsNull: property.isOptional,
                                                 key: property.fieldKey(in: object)) {
                        fields.set(input, for: property, at: position)
                    }
                    continue
                }
                if property.isStreamable, let current = document, let range = current.document.deferredRange(of: value) {
                    let key = property.alias == nil ? property.key : property.fieldKey(in: object)
                    fields.stream(streamedCollection(range, property, in: plan, key: key, of: current.document, source: current.source),
                                  for: property, at: position)
                    continue
                }
                path.append(.key(property.alias == nil ? property.key : property.fieldKey(in: object)))
                if let input = try convertProperty(value, property, in: plan, owner: existing, policy: policy) {
                    fields.set(input, for: property, at: position)
                }
                path.removeLast()
            }
            if matched.matched < object.count { checkUnknownKeys(object, plan) }
        }
        return fields
    }

    /// The reading thread's preparation of `object` as `plan`, if that is what it prepared
    /// (the current document's root); it is used once.
    private func takePreparation(for object: JSONValue, _ plan: ImportClassPlan) -> PreparedObject? {
        if let prepared = preparation, prepared.isFor(object, plan) {
            preparation = nil
            nestedPreparations = prepared.nested[...]
            return prepared
        }
        // Nested objects come in the order prepared; a few may be passed over (a link given
        // twice, a problem before them), and a lookup is not a search of the whole document.
        let nested = nestedPreparations
        for index in nested.indices.prefix(8) where nested[index].isFor(object, plan) {
            nestedPreparations = nested[(index + 1)...]
            nestedPreparationsTaken += 1
            return nested[index]
        }
        return nil
    }

    /// Whether the reading thread prepared `object` as `plan` (as a nested object, so it is no
    /// `$ref` and no primary-key value standing for an object); `takePreparation` takes it.
    func hasPreparation(for object: JSONValue, _ plan: ImportClassPlan) -> Bool {
        nestedPreparations.prefix(8).contains { $0.isFor(object, plan) }
    }

    /// Properties `object` names twice, by stored name and by alias: an error at the second key.
    private func reportNamedTwice(_ object: JSONValue, _ plan: ImportClassPlan) {
        for property in plan.properties {
            guard let alias = property.alias, object[property.key] != nil, object[alias] != nil else { continue }
            let second = object.fields.first { $0.key.string == property.key || $0.key.string == alias }?.key.string == alias
                ? property.key : alias
            record(.error(ImportMessages.namedTwice("\(plan.name).\(property.name)", stored: property.key, alias: alias),
                          at: JSONPath(path + [.key(second)]), target: .key))
        }
    }

    /// Keys of `object` that name no persisted property: a counted warning (once printed per
    /// class and key), or an error with `--reject-unknown`.
    private func checkUnknownKeys(_ object: JSONValue, _ plan: ImportClassPlan) {
        for (key, _) in object.fields {
            let name = key.string
            guard !plan.fieldNames.contains(name) else { continue }
            // The `$id` of a top-level object without a primary key is read by `importTopLevelObject`.
            if path.isEmpty && plan.primaryKey == nil && name == ExportReference.idKey { continue }
            let keyPath = JSONPath(path + [.key(name)])
            let isLinking = plan.linkingNames.contains(name)
            if options.rejectUnknown {
                let message = isLinking ? ImportMessages.linkingObjectsKey(name, className: plan.name)
                    : ImportMessages.unknownKeyRejected(name, className: plan.name, suggestion: plan.fieldName(ignoringCase: name))
                record(.error(message, at: keyPath, target: .key))
                continue
            }
            plan.counts.warnings += 1
            guard warnedKeys.insert(plan.name + "." + name).inserted else { continue }
            let message = isLinking ? ImportMessages.linkingObjectsKey(name, className: plan.name)
                : ImportMessages.unknownKey(name, className: plan.name, suggestion: plan.fieldName(ignoringCase: name))
            record(ImportIssue(severity: .warning, problem: .message(message, hint: nil), path: keyPath, target: .key))
        }
    }

    /// A primary-key value, or nil when it does not decode (convertFields reports that).
    func decodeKey(_ value: JSONValue, _ property: ImportProperty) -> StoreValue? {
        if value.isNull { return property.isOptional ? .null : nil }
        return try? decode(value, as: property.base)
    }

    /// Remembers an object whose input failed, so references to it are not reported again.
    private func noteFailure(_ object: JSONValue, _ plan: ImportClassPlan) {
        guard let property = plan.primaryKey, let key = property.field(in: object).flatMap({ decodeKey($0, property) }) else {
            return
        }
        failedObjects.insert(ExportReference.Target(className: plan.name, id: key))
    }
}

/// Where `convertFields` puts the converted properties of one object: by position for an
/// object `importObject` creates (`FieldsByPosition`), by name for a nested object that goes
/// into its owner's input (`InputValue.object`).
protocol ImportFields {
    /// Fields for an object with `count` properties whose reading-thread preparation has the
    /// inputs `prepared` (by position), if it has one. `FieldsByPosition` starts from them as
    /// they are (see `holdsPreparedInputs`); a dictionary starts empty.
    init(count: Int, prepared: [InputValue?]?)

    /// Whether `init(count:prepared:)` holds the prepared inputs already, so that `set` is
    /// called only for the others.
    static var holdsPreparedInputs: Bool { get }

    /// Stores the input of `property`, which sits at `position` of its plan's properties.
    mutating func set(_ input: InputValue, for property: ImportProperty, at position: Int)

    /// Stores the input of `property` given in pieces. Only a document's root object has
    /// values given so (`JSONDocument.deferredRange(of:)`), and it is always `FieldsByPosition`.
    mutating func stream(_ collection: CollectionPieces, for property: ImportProperty, at position: Int)
}

extension FieldsByPosition: ImportFields {
    init(count: Int, prepared: [InputValue?]?) {
        if let prepared { self.init(inputs: prepared) } else { self.init(count: count) }
    }

    static var holdsPreparedInputs: Bool { true }

    mutating func set(_ input: InputValue, for property: ImportProperty, at position: Int) {
        self[position] = input
    }

    mutating func stream(_ collection: CollectionPieces, for property: ImportProperty, at position: Int) {
        stream(collection, at: position)
    }
}

extension Dictionary: ImportFields where Key == String, Value == InputValue {
    init(count: Int, prepared: [InputValue?]?) {
        self.init(minimumCapacity: count)
    }

    static var holdsPreparedInputs: Bool { false }

    mutating func set(_ input: InputValue, for property: ImportProperty, at position: Int) {
        self[property.name] = input
    }

    mutating func stream(_ collection: CollectionPieces, for property: ImportProperty, at position: Int) {
        preconditionFailure(ImportMessages.Trap.streamedNestedValue)
    }
}
