import RealmQuery
import RealmStore
import TestSupport
import Testing

/// NSPredicate's printf-style format specifiers (`%d`, `%f`, `%s`, …) stand for the next
/// argument as a value, as `%@` does: Realm Swift's `filter("int16Col = %d", Int16(0))`.
@Suite struct FormatSpecifierTests {
    @Test(arguments: ["%@", "%d", "%D", "%i", "%u", "%ld", "%lld", "%lu", "%llu", "%hd", "%hhd", "%qd", "%zd",
                      "%f", "%lf", "%g", "%e", "%s", "%c", "%x"])
    func everySpecifierIsTheNextArgument(_ specifier: String) throws {
        let query = try QueryParser.parse("a == \(specifier) AND b == \(specifier)")
        guard case .and(let terms) = query.predicate, terms.count == 2,
              case .comparison(let first) = terms[0], case .argument(0, _) = first.rhs,
              case .comparison(let second) = terms[1], case .argument(1, _) = second.rhs
        else { Issue.record("\(specifier): \(query.predicate)"); return }
    }

    @Test(arguments: [("a == %%", 6), ("a == %", 6), ("a == %w", 6), ("a == %l@", 6), ("a == %lK", 6)])
    func otherPercentsAreSyntaxErrors(_ text: String, _ column: Int) {
        let error = #expect(throws: QueryError.self) { try QueryParser.parse(text) }
        #expect(error?.column == column, "\(text)")
        #expect(error?.message.contains("%") == true, "\(String(describing: error?.message))")
    }

    @Test func integerAndFloatingSpecifiersFilterTypedCollections() throws {
        let realm = try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("t.realm", prefix: "query-format"),
                                                                 objectTypes: [Kennel.self, Hound.self]))
        try realm.write {
            for (name, age) in [("Rex", 3), ("rover", 7), ("Fido", 1)] {
                let hound = Hound()
                hound.name = name
                hound.age = age
                realm.add(hound)
            }
        }
        let all = realm.objects(Hound.self)
        #expect(all.filter("age = %d", Int16(3)).map(\.name) == ["Rex"])
        #expect(all.filter("age = %d", Int8(7)).map(\.name) == ["rover"])
        #expect(all.filter("age > %ld AND age < %lld", Int32(1), Int64(7)).map(\.name) == ["Rex"])
        #expect(all.filter("age < %f", 3.5).map(\.name) == ["Rex", "Fido"])
        #expect(all.filter("name == %s OR %K == %i", "Fido", "age", 7).map(\.name) == ["rover", "Fido"])
        #expect(all.index(matching: "age == %u", UInt8(1)) == 2)
    }

    @Test func collectionsAndObjectsOfOtherRealmsAsArguments() throws {
        let realm = try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("t.realm", prefix: "query-collections"),
                                                                 objectTypes: [Kennel.self, Hound.self]))
        let oslo = Kennel(), bergen = Kennel()
        try realm.write {
            oslo.id = 1
            bergen.id = 2
            for (name, age) in [("Rex", 3), ("rover", 7), ("Fido", 1)] {
                let hound = Hound()
                hound.name = name
                hound.age = age
                oslo.hounds.append(hound)
            }
            bergen.hounds.append(oslo.hounds[2])
            realm.add([oslo, bergen])
        }
        let kennels = realm.objects(Kennel.self)
        let old = realm.objects(Hound.self).filter("age > 2")
        #expect(kennels.filter("ANY hounds IN %@", old).map(\.id) == [1])
        #expect(kennels.filter("ANY hounds IN %@", bergen.hounds).map(\.id) == [1, 2])
        #expect(kennels.filter("ANY hounds IN %@", [oslo.hounds[0]]).map(\.id) == [1])
        #expect(kennels.filter("ANY hounds IN %@", AnyRealmCollection(old)).map(\.id) == [1])
        #expect(realm.objects(Hound.self).filter("age IN %@", [UInt8(1), UInt8(7)]).map(\.name) == ["rover", "Fido"])

        let stray = Hound()
        #expect(kennels.filter("ANY hounds == %@", stray).isEmpty, "an unmanaged object matches nothing")
        let other = try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("o.realm", prefix: "query-other"),
                                                                 objectTypes: [Kennel.self, Hound.self]))
        let elsewhere = Hound()
        try other.write { other.add(elsewhere) }
        #expect(kennels.filter("ANY hounds == %@", elsewhere).isEmpty, "an object of another Realm matches nothing")
        #expect(kennels.filter("ANY hounds == %@", oslo.hounds[0]).map(\.id) == [1])
    }

    @Test func allKeysAndAllValuesAreMapKeysAndValues() throws {
        let realm = try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("t.realm", prefix: "query-allkeys"),
                                                                 objectTypes: [Kennel.self, Hound.self]))
        try realm.write {
            let kennel = Kennel()
            kennel.id = 1
            let hound = Hound()
            hound.name = "Rex"
            hound.age = 4
            kennel.byRole["guard"] = hound
            realm.add(kennel)
            let empty = Kennel()
            empty.id = 2
            realm.add(empty)
        }
        let kennels = realm.objects(Kennel.self)
        #expect(kennels.filter("byRole.@allKeys == 'guard'").map(\.id) == [1])
        #expect(kennels.filter("ANY byRole.@allValues.age > %d", 3).map(\.id) == [1])
        #expect(kennels.filter("byRole.@allKeys == %@", "lead").isEmpty)
    }
}
