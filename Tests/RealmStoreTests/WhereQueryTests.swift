import Foundation
import RealmEngine
import RealmStore
import Testing

/// Type-safe `where { … }` queries give the same results as the same query in the Realm
/// Query Language, on the same data, for every operator family.
@Suite struct WhereQueryTests {
    func check(_ query: PersonCase) throws {
        let realm = try QueryData.realm()
        let people = realm.objects(QPerson.self)
        let typed = query.typed(people).map(\.name)
        let text = query.text(people).map(\.name)
        #expect(typed == text, "\(query.label)")
        #expect(typed == query.expected, "\(query.label)")
    }

    @Test(arguments: WhereCases.comparisons) func comparisons(_ query: PersonCase) throws { try check(query) }
    @Test(arguments: WhereCases.strings) func strings(_ query: PersonCase) throws { try check(query) }
    @Test(arguments: WhereCases.collections) func collections(_ query: PersonCase) throws { try check(query) }
    @Test(arguments: WhereCases.maps) func maps(_ query: PersonCase) throws { try check(query) }
    @Test(arguments: WhereCases.subqueries) func subqueries(_ query: PersonCase) throws { try check(query) }
    @Test(arguments: WhereCases.enums) func enums(_ query: PersonCase) throws { try check(query) }
    @Test(arguments: WhereCases.mixed) func anyRealmValue(_ query: PersonCase) throws { try check(query) }

    @Test(arguments: WhereExtensionCases.quantifiers) func allAndNone(_ query: PersonCase) throws { try check(query) }
    @Test(arguments: WhereExtensionCases.mixedTypes) func mixedType(_ query: PersonCase) throws { try check(query) }

    @Test(arguments: WhereExtensionCases.links) func links(_ query: DogCase) throws {
        let dogs = try QueryData.realm().objects(QDog.self)
        let typed = query.typed(dogs).map(\.name)
        #expect(typed == query.text(dogs).map(\.name), "\(query.label)")
        #expect(typed == query.expected, "\(query.label)")
    }

    @Test func linkingObjectsInAQuery() throws {
        let realm = try QueryData.realm()
        let dogs = realm.objects(QDog.self)
        #expect(dogs.where { $0.owners.count > 1 }.map(\.name) == ["Rex", "Fido"])
        #expect(dogs.where { $0.owners.name == "Bob" }.map(\.name) == dogs.filter("ANY owners.name == 'Bob'").map(\.name))
        #expect(dogs.where { $0.owners.name == "Bob" }.map(\.name) == ["Fido"])
        #expect(dogs.where { $0.owners.age.max >= 45 }.map(\.name) == ["Rex", "Spot", "Bella"])
    }

    @Test func whereOnEachKindOfCollection() throws {
        let realm = try QueryData.realm()
        let people = realm.objects(QPerson.self)
        let al = people.where { $0.name == QueryData.al }.first!
        #expect(al.dogs.where { $0.age > 4 }.map(\.name) == ["Rex", "Spot"])
        #expect(al.dogs.where { $0.age > 4 }.map(\.name) == al.dogs.filter("age > 4").map(\.name))
        #expect(Set(al.pack.where { $0.age < 8 }.map(\.name)) == ["Bella", "Fido"])
        #expect(al.pack.where { $0.age < 8 }.map(\.name) == al.pack.filter("age < 8").map(\.name))
        let rex = realm.objects(QDog.self).where { $0.name == "Rex" }.first!
        #expect(rex.owners.where { $0.age > 40 }.map(\.name) == [QueryData.al])
        #expect(AnyRealmCollection(people).where { $0.active }.map(\.name) == ["Ann", QueryData.al])
        #expect(al.pets.where { $0.age > 5 }.map { $0?.name } == ["Spot"])
        #expect(al.pets.where { $0.age > 5 }.map { $0?.name } == al.pets.filter("age > 5").map { $0?.name })
        let unmanaged = List<QDog>()
        unmanaged.append(objectsIn: realm.objects(QDog.self))
        #expect(unmanaged.where { $0.age < 5 }.map(\.name) == ["Fido", "Bella"])
        #expect(unmanaged.where { $0.age < 5 }.map(\.name) == unmanaged.filter("age < 5").map(\.name))
    }

    @Test func whereChainsWithFilterAndSortAndStaysLive() throws {
        let realm = try QueryData.realm()
        let adults = realm.objects(QPerson.self).where { $0.age >= 17 }.filter("active == false").sorted(byKeyPath: "age")
        #expect(adults.map(\.name) == ["Bob"])
        try realm.write { realm.create(QPerson.self, value: ["name": "Cy", "age": 20]) }
        #expect(adults.map(\.name) == ["Bob", "Cy"])
        let chained = realm.objects(QPerson.self).where { $0.age > 10 }.where { $0.name.starts(with: "C") }
        #expect(chained.map(\.name) == ["Cy"])
    }

    @Test func valuesAreArgumentsNotText() throws {
        let realm = try QueryData.realm()
        let people = realm.objects(QPerson.self)
        let injected = "Bob' OR name != '"
        #expect(people.where { $0.name == injected }.isEmpty)
        #expect(people.where { $0.name != injected }.count == 4)
        #expect(people.where { $0.name.contains("%@") }.map(\.name) == [QueryData.al])
        #expect(people.where { $0.name.like("*\"*") }.map(\.name) == [QueryData.al])
    }
}
