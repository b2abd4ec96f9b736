/// `@links` from `where {}`: an extension beyond Realm Swift's `Query` for the objects that
/// link to the queried one through a property that has no `LinkingObjects` declared for it.
/// The collection it gives takes what a `LinkingObjects` property does (`.count`, element
/// properties, aggregates, `where`).
///
/// For example:
///
///     realm.objects(Dog.self).where { $0.linkingObjects(fromType: Person.self, property: "dogs").age > 40 }
///     realm.objects(Dog.self).where { $0.linkingObjectsCount == 0 }
extension Query where T: ObjectBase {
    /// The objects of `type` whose link property `property` holds the queried object
    /// (`@links.Type.property`), named as `LinkingObjects(fromType:property:)` names them.
    public func linkingObjects<Origin: ObjectBase>(fromType type: Origin.Type, property: String) -> Query<LinkingObjects<Origin>> {
        Query<LinkingObjects<Origin>>(.path(path.appending(.links(type.className(), property), collection: true)))
    }

    /// How many links of any class and property point to the queried object (`@links.@count`).
    public var linkingObjectsCount: Query<Int> {
        Query<Int>(.path(path.appending(.allLinks, collection: true).appending(.operation("count"))))
    }
}
