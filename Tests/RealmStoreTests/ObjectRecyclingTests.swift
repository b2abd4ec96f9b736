import Foundation
import RealmStore
import Testing

/// A model with a stored property of its own besides its `@Persisted` ones.
final class NotedPet: Object {
    @Persisted var name = ""
    var note = ""
}

/// A model with a `lazy` property (stored in an optional field of its own).
final class LazyPet: Object {
    @Persisted var name = ""
    lazy var seen: [String] = []
}

/// Holds an object unowned (kept apart from the loop, so only the unowned reference remains).
final class UnownedHolder {
    unowned let object: Pet
    init(_ object: Pet) { self.object = object }
}

/// Iteration re-points the object it returned last at the next row when nothing else can see
/// it (`ObjectRecycling`): one object then serves a whole loop that keeps none, across pages;
/// an object kept anywhere (an array, a weak or unowned reference, an observer) or a model
/// with stored properties of its own gets a new object per row, as before.
@Suite struct ObjectRecyclingTests {
    /// A Realm with `count` pets p0… aged 0….
    func pets(_ count: Int) throws -> Realm {
        let realm = try makeRealm()
        try realm.write {
            for i in 0..<count { realm.create(Pet.self, value: ["name": "p\(i)", "age": i]) }
        }
        return realm
    }

    @Test func aLoopThatKeepsNoObjectReusesOneAcrossPages() throws {
        let realm = try pets(700)
        // A new object would be made while the one before still exists: another identity.
        var previous: ObjectIdentifier?
        var reused = 0
        var names: [String] = []
        for pet in realm.objects(Pet.self) {
            if ObjectIdentifier(pet) == previous { reused += 1 }
            previous = ObjectIdentifier(pet)
            names.append(pet.name)
            #expect(pet.age == names.count - 1 && pet.realm != nil)
        }
        #expect(reused == 699)
        #expect(names == (0..<700).map { "p\($0)" })
    }

    @Test func objectsKeptInAnArrayAreDistinctAndReadTheirOwnRows() throws {
        let realm = try pets(600)
        var kept: [Pet] = []
        for pet in realm.objects(Pet.self) { kept.append(pet) }
        #expect(Set(kept.map(ObjectIdentifier.init)).count == 600)
        #expect(kept.map(\.name) == (0..<600).map { "p\($0)" })
        #expect(Array(realm.objects(Pet.self)).map(\.age) == Array(0..<600))
    }

    @Test func anObjectKeptOnlyEveryOtherRowIsNeverReused() throws {
        let realm = try pets(300)
        var kept: [Pet] = []
        var previous: Pet?
        for pet in realm.objects(Pet.self) {
            // The object of the row before, if it is still around, is not this one.
            #expect(previous !== pet)
            previous = pet.age % 2 == 0 ? pet : nil
            if pet.age % 50 == 0 { kept.append(pet) }
        }
        #expect(kept.map(\.age) == [0, 50, 100, 150, 200, 250])
    }

    @Test func aWeaklyHeldObjectIsNotReused() throws {
        let realm = try pets(300)
        weak var previous: Pet?
        var previousName = ""
        var previousIdentity: ObjectIdentifier?
        for pet in realm.objects(Pet.self) {
            #expect(ObjectIdentifier(pet) != previousIdentity)
            previousIdentity = ObjectIdentifier(pet)
            if let previous {
                #expect(previous !== pet)
                #expect(previous.name == previousName)
            }
            previous = pet
            previousName = pet.name
        }
    }

    @Test func anUnownedHeldObjectIsNotReused() throws {
        let realm = try pets(300)
        var previousIdentity: ObjectIdentifier?
        var holder: UnownedHolder?
        for pet in realm.objects(Pet.self) {
            // The object before is held unowned only: reusing it would give this row its identity
            // (its memory stays allocated while the unowned reference exists, so a new object
            // cannot have it).
            #expect(ObjectIdentifier(pet) != previousIdentity)
            previousIdentity = ObjectIdentifier(pet)
            holder = UnownedHolder(pet)
            #expect(holder?.object.name == pet.name)
        }
    }

    @Test func anObservedObjectKeepsItsRowAndItsNotifications() throws {
        let realm = try pets(300)
        var token: NotificationToken?
        var changed: [String] = []
        for pet in realm.objects(Pet.self) where pet.age == 7 {
            token = pet.observe(keyPaths: ["name"]) { (change: ObjectChange<Pet>) in
                if case .change(let object, _) = change { changed.append(object.name) }
            }
        }
        try realm.write { realm.objects(Pet.self).filter("age == 7").first!.name = "seven" }
        #expect(spin { changed == ["seven"] })
        token?.invalidate()
    }

    @Test func aModelWithPropertiesOfItsOwnGetsANewObjectPerRow() throws {
        let realm = try makeRealm([NotedPet.self, LazyPet.self])
        try realm.write {
            for i in 0..<300 {
                realm.create(NotedPet.self, value: ["name": "n\(i)"])
                realm.create(LazyPet.self, value: ["name": "l\(i)"])
            }
        }
        var notes: [String] = []
        for pet in realm.objects(NotedPet.self) {
            notes.append(pet.note)
            pet.note = pet.name
        }
        #expect(notes == Array(repeating: "", count: 300))
        var seen: [Int] = []
        for pet in realm.objects(LazyPet.self) {
            seen.append(pet.seen.count)
            pet.seen.append(pet.name)
        }
        #expect(seen == Array(repeating: 0, count: 300))
    }
}
