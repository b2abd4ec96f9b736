/// An `AnyRealmCollection` is a value a List or MutableSet property takes (in `create`,
/// `init(value:)` and `setValue(_:forKey:)`), as Results, Lists and MutableSets are.
///
/// For example:
///
///     realm.create(Owner.self, value: ["id": 2, "pets": AnyRealmCollection(owner.pets)])
extension AnyRealmCollection: _AnyElements {
    var _anyElements: [Any] { _rlmElements }
}
