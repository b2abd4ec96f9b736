/// Realm Swift's object identity check.
extension ObjectBase {
    /// Whether `object` is this object: the same instance, or the same stored object read
    /// through the same Realm (two unmanaged objects are the same only when identical; a
    /// frozen object and its live original are not).
    ///
    /// For example:
    ///
    ///     realm.objects(Dog.self).first!.isSameObject(as: dog)   // true once dog is added
    public func isSameObject(as object: ObjectBase?) -> Bool {
        guard let object else { return false }
        return self == object
    }
}
