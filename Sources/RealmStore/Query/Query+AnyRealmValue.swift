/// Queries into the lists and dictionaries an `AnyRealmValue` holds, as Realm Swift's:
/// `$0.value[0]`, `$0.value["key"]`, `$0.value.any` (every element), chained as deep as the
/// value nests. A subscript that names no element (an index past the end, a missing key, a
/// value that holds no collection) compares as null.
///
/// For example:
///
///     realm.objects(Person.self).where { $0.extra["tags"][0] == "red" }
///     realm.objects(Person.self).where { $0.extra.any == .int(5) }
extension Query where T == AnyRealmValue {
    /// The element at `position` of the list the value holds (`value[0]`).
    public subscript(position: Int) -> Query<AnyRealmValue> {
        Query<AnyRealmValue>(.path(path.appending(.key(.int(Int64(position))))))
    }

    /// The value under `key` in the dictionary the value holds (`value['key']`).
    public subscript(key: String) -> Query<AnyRealmValue> {
        Query<AnyRealmValue>(.path(path.appending(.key(.string(key)))))
    }

    /// Every element of the list, or value of the dictionary, the value holds (`value[*]`),
    /// compared with `ANY`.
    public var any: Query<AnyRealmValue> {
        Query<AnyRealmValue>(.path(path.appending(.anyElement)))
    }

    /// The number of elements of the list or dictionary the value holds (`value.@size`), null
    /// for any other value: an extension beyond Realm Swift's `Query`.
    ///
    ///     realm.objects(Person.self).where { $0.extra.count > 2 }
    public var count: Query<Int> {
        Query<Int>(.path(path.appending(.operation("size"))))
    }
}
