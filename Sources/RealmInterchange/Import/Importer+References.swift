import RealmEngine
import RealmSchema

/// `realm-export`'s encoding of objects without a primary key (`ExportReference`): each is a
/// top-level object with `"$id": N`, and links to it are `{"$ref": "Class", "$id": N}`; links
/// inside mixed values are `$ref`s to any class, by primary key or `$id`. `$id`s name objects of
/// the same run; references to them may point forward, like primary-key references.
extension Importer {
    /// What a JSON object found where a link goes is.
    enum ReferenceDecoding {
        /// Not a `$ref`: a nested object.
        case notAReference
        /// A `$ref` with a problem, already recorded.
        case invalid
        case target(ExportReference.Target)
    }

    /// Creates the object of one document. An object of a class without a primary key may carry
    /// the `$id` `realm-export` gave it: it is recorded under that id and, being a new object of a
    /// class whose objects cannot be updated, created whatever the mode.
    func importTopLevelObject(_ root: JSONValue, _ plan: ImportClassPlan) throws {
        let policy = plan.isAsymmetric ? .error : self.policy
        let hasID = plan.primaryKey == nil && root[ExportReference.idKey] != nil
        if policy != .error && plan.primaryKey == nil && !hasID {
            record(.error(ImportMessages.noPrimaryKey(plan.name), at: []))
            return
        }
        let id = hasID ? objectID(root, plan) : nil
        let key = try importObject(root, plan, policy: policy)
        guard let id else { return }
        let target = ExportReference.Target(className: plan.name, id: .int(id))
        if let key {
            objectIDs[target] = key
        } else {
            failedObjects.insert(target)
        }
    }

    /// The `$id` of a top-level object, or nil after recording why it is not usable.
    private func objectID(_ root: JSONValue, _ plan: ImportClassPlan) -> Int64? {
        let id: Int64
        do {
            guard let decoded = try ExportReference.objectID(root) else { return nil }
            id = decoded
        } catch {
            record(ImportIssue(severity: .error, problem: .value(error, Self.objectIDProperty, className: plan.name),
                               path: [], target: .value))
            return nil
        }
        let target = ExportReference.Target(className: plan.name, id: .int(id))
        guard objectIDs[target] == nil && !failedObjects.contains(target) else {
            record(.error(ImportMessages.duplicateObjectID(plan.name, id: id), at: [.key(ExportReference.idKey)]))
            return nil
        }
        return id
    }

    /// `$id` as a property, for the wording of its errors (`… for 'int' property 'Note.$id'`).
    static let objectIDProperty = PropertySchema(name: ExportReference.idKey, type: DeclaredType(.int(.int)))

    /// Whether `value`, given for a link to `target`, is a `$ref`, and to which object.
    func exportedReference(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan,
                           linkingTo target: ImportClassPlan) -> ReferenceDecoding {
        switch decodeReference(value) {
        case .failure(let error):
            record(.value(error, property, className: plan.name, at: JSONPath(path)))
            return .invalid
        case .success(nil):
            return .notAReference
        case .success(let reference?):
            guard reference.className == target.name else {
                let reason = ImportMessages.referenceClassMismatch(reference.className, target: target.name)
                let error = ExtendedJSONError.invalid(value[ExportReference.classKey] ?? value, reason: reason)
                record(.value(error.inside(.key(ExportReference.classKey)), property, className: plan.name, at: JSONPath(path)))
                return .invalid
            }
            return .target(reference)
        }
    }

    /// The `$ref` `value` is (nil for any other value); asymmetric classes cannot be linked to.
    func decodeReference(_ value: JSONValue) -> Result<ExportReference.Target?, ExtendedJSONError> {
        do {
            let reference = try ExportReference.reference(value) { self.plans[$0]?.model }
            if let reference, plans[reference.className]?.isAsymmetric == true {
                let reason = ImportMessages.referenceToAsymmetric(reference.className)
                return .failure(ExtendedJSONError.invalid(value[ExportReference.classKey] ?? value, reason: reason)
                    .inside(.key(ExportReference.classKey)))
            }
            return .success(reference)
        } catch {
            return .failure(error)
        }
    }

    /// The object `target` names, or nil after noting a fixup at `placement` of `property`: the
    /// reference is then resolved after the last document.
    func link(to target: ExportReference.Target, _ property: ImportProperty, ownerClass: String,
              placement: FixupPlacement) throws -> ObjectKey? {
        if !defersReference(to: target.className), let object = try lookUp(target) { return object }
        guard let origin else { return nil }
        let frame = frames.count - 1
        frames[frame].pending.append(PendingFixup(
            steps: frames[frame].steps, property: property.name, placement: placement, ownerClass: ownerClass,
            target: target, origin: origin.withoutText, path: JSONPath(path)))
        return nil
    }

    /// The object a reference names: by `$id` for a class without a primary key, else by
    /// primary key among the stored objects.
    func lookUp(_ target: ExportReference.Target) throws -> ObjectKey? {
        if plans[target.className]?.primaryKey == nil { return objectIDs[target] }
        return try store.object(target.className, primaryKey: target.id)
    }
}
