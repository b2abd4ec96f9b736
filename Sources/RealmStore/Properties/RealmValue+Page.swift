import RealmEngine

// The managed reads of the common scalars: from the object's page of rows, while it is
// current, decoded straight into the Swift value (`RowPage+Typed.swift`); otherwise as every
// scalar reads (`_RealmScalar._rlmGet`), which also reports a stored value of the wrong type.
// For example, `for dog in realm.objects(Dog.self) { _ = dog.name }` reads each name here.

extension String {
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> String {
        object.pageRead { $0.text($1, at: index) } ?? _rlmFromStore(object.storedValue(at: index), nil)
    }
}

extension Double {
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Double {
        object.pageRead { $0.double($1, at: index) } ?? _rlmFromStore(object.storedValue(at: index), nil)
    }
}

extension Bool {
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Bool {
        object.pageRead { $0.bool($1, at: index) } ?? _rlmFromStore(object.storedValue(at: index), nil)
    }
}

extension _RealmInteger {
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Self {
        object.pageRead { page, slot in page.integer(slot, at: index).flatMap { Self(exactly: $0) } }
            ?? _rlmFromStore(object.storedValue(at: index), nil)
    }
}
