import RealmEngine

/// Which objects a run may link to instead of writing them again (`Importer+Repeats.swift`), and
/// the fingerprints the reading thread makes for them where it converts them whole (BSON).
extension ImportClassPlan {
    /// Whether what the store writes for an object of this class follows from the object's
    /// own input alone: every property is a scalar, a collection of scalars, or an embedded
    /// object (single, list or map) of a class of that kind. A link to an object of another
    /// class may be a reference resolved later, and a mixed value may hold one.
    func writesOnlyItsInput(visiting: Set<ObjectIdentifier> = []) -> Bool {
        let visiting = visiting.union([ObjectIdentifier(self)])
        return properties.allSatisfy { property in
            if property.isMixed { return false }
            guard property.isLink else { return true }
            guard let target = property.target, target.isEmbedded else { return false }
            return visiting.contains(ObjectIdentifier(target)) || target.writesOnlyItsInput(visiting: visiting)
        }
    }
}

extension PreparedObject {
    /// The fingerprint of this object's inputs when the preparation holds all of them: a class
    /// that may be linked again, every field names a property once and converted here (so
    /// converting it on the importer's thread would report nothing and give these inputs), and
    /// nothing was left out of the tree. Nil otherwise.
    var completeFingerprint: [UInt8]? {
        guard plan.isRepeatable, !namedTwice, matchedCount == object.count else { return nil }
        for position in values.indices where values[position] != nil && inputs[position] == nil {
            return nil
        }
        return ObjectFingerprint.encode(inputs)
    }

    /// Gives this preparation and the nested ones their `completeFingerprint` (on the reading
    /// thread, before the importer sees them).
    func makeFingerprints() {
        if plan.isRepeatable { fingerprint = completeFingerprint }
        for prepared in nested where prepared.plan.isRepeatable {
            prepared.fingerprint = prepared.completeFingerprint
        }
    }
}
