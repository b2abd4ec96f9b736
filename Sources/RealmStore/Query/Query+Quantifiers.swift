import RealmQuery

/// `ALL` and `NONE` from `where {}`: an extension beyond Realm Swift's `Query`, whose paths
/// through a collection always mean `ANY`. Put `all` or `none` right after the collection:
///
///     realm.objects(Person.self).where { $0.dogs.all.age > 3 }      // ALL dogs.age > 3
///     realm.objects(Person.self).where { $0.nums.none == 2 }         // NONE nums == 2
extension Query where T: RealmCollection {
    /// The comparison holds for every element (`ALL`); true for an empty collection.
    public var all: Query<T> { quantified(.all) }
    /// The comparison holds for no element (`NONE`); true for an empty collection.
    public var none: Query<T> { quantified(.no) }
}

extension Query where T: RealmKeyedCollection {
    /// The comparison holds for every value of the map (`ALL`).
    ///
    ///     realm.objects(Person.self).where { $0.scores.all > 50 }
    public var all: Query<T> { quantified(.all) }
    /// The comparison holds for no value of the map (`NONE`).
    public var none: Query<T> { quantified(.no) }
}

extension Query {
    /// This path with `quantifier` before the comparison it ends up in.
    func quantified(_ quantifier: QueryQuantifier) -> Query<T> {
        var path = self.path
        path.quantifier = quantifier
        return Query<T>(.path(path))
    }
}
