import Foundation
import RealmStore
import TestSupport
import Testing

/// The standard error of an exit test's child process.
func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// Realm instances per thread, each reading one version until it refreshes or writes, as in
/// Realm Swift.
@Suite struct ThreadingTests {
    @Test func eachThreadHasItsOwnInstanceAndTheSameOneWithin() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        #expect(try openRealm(url) == realm)
        let others = Collected<Bool>()
        onNewThread {
            let other = try! openRealm(url)
            others.append(other == (try! openRealm(url)))
        }
        #expect(others.values == [true])
    }

    @Test func theFirstOpenMigratesAndOtherThreadsOpenTheMigratedFile() throws {
        let url = try makeRealmURL()
        do {
            let old = try openRealm(url)
            try old.write { old.add(Owner(value: ["id": 1, "name": "a"])) }
        }
        let migrations = Collected<UInt64>()
        let configuration = { @Sendable in
            Realm.Configuration(fileURL: url, schemaVersion: 2, migrationBlock: { _, oldVersion in migrations.append(oldVersion) },
                                objectTypes: [Owner.self, Pet.self, Place.self])
        }
        let realm = try Realm(configuration: configuration())
        let counts = Collected<Int>()
        onNewThread {
            let other = try! Realm(configuration: configuration())
            counts.append(other.objects(Owner.self).count)
            counts.append(Int(other.store.schema.schemaVersion))
        }
        #expect(migrations.values == [0])
        #expect(counts.values == [1, 2])
        #expect(realm.objects(Owner.self).count == 1)
    }

    @Test func aReaderSeesItsVersionUntilItRefreshes() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        try realm.write {
            realm.add(Owner(value: ["id": 1, "name": "doomed"]))
            realm.add(Owner(value: ["id": 2, "name": "old"]))
        }
        let doomed = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        let owner = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 2))
        onNewThread {
            let writer = try! openRealm(url)
            try! writer.write {
                writer.object(ofType: Owner.self, forPrimaryKey: 2)!.name = "new"
                writer.delete(writer.object(ofType: Owner.self, forPrimaryKey: 1)!)
                writer.add(Owner(value: ["id": 3]))
            }
        }
        // Fresh queries still read this instance's version.
        #expect(realm.objects(Owner.self).map(\.id) == [1, 2])
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 2)?.name == "old")
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1) != nil)
        #expect(owner.name == "old" && !doomed.isInvalidated)
        #expect(realm.refresh())
        #expect(realm.objects(Owner.self).map(\.id) == [2, 3])
        #expect(owner.name == "new")
        #expect(doomed.isInvalidated)
        #expect(!realm.refresh())
    }

    @Test func aWriteFirstMovesToTheNewestVersion() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        #expect(realm.objects(Owner.self).isEmpty)
        onNewThread {
            let writer = try! openRealm(url)
            try! writer.write { writer.add(Owner(value: ["id": 1, "name": "theirs"])) }
        }
        #expect(realm.objects(Owner.self).isEmpty)
        try realm.write {
            #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1)?.name == "theirs")
            realm.add(Owner(value: ["id": 2]))
        }
        #expect(realm.objects(Owner.self).count == 2)
    }

    @Test func autorefreshMovesAnInstanceWhenItsRunLoopTurns() throws {
        let url = try makeRealmURL()
        let writer = try openRealm(url)
        let ready = DispatchSemaphore(value: 0)
        let wrote = DispatchSemaphore(value: 0)
        let seen = Collected<String>()
        let done = DispatchSemaphore(value: 0)
        for autorefresh in [true, false] {
            Thread.detachNewThread {
                let realm = try! openRealm(url)
                realm.autorefresh = autorefresh
                seen.append("\(autorefresh) before: \(realm.objects(Owner.self).count)")
                ready.signal()
                wrote.wait()
                seen.append("\(autorefresh) no turn: \(realm.objects(Owner.self).count)")
                let deadline = Date().addingTimeInterval(autorefresh ? 10 : 0.5)
                while realm.objects(Owner.self).isEmpty, Date() < deadline {
                    _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.05))
                    Thread.sleep(forTimeInterval: 0.005)
                }
                seen.append("\(autorefresh) after turns: \(realm.objects(Owner.self).count)")
                done.signal()
            }
        }
        ready.wait()
        ready.wait()
        try writer.write { writer.add(Owner(value: ["id": 1])) }
        wrote.signal()
        wrote.signal()
        done.wait()
        done.wait()
        #expect(Set(seen.values) == [
            "true before: 0", "true no turn: 0", "true after turns: 1",
            "false before: 0", "false no turn: 0", "false after turns: 0",
        ])
    }

    @Test func aThreadSafeReferenceCarriesAnObjectToAnotherThread() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let owner = Owner(value: ["id": 1, "name": "Ada"])
        try realm.write { realm.add(owner) }
        let reference = ThreadSafeReference(to: owner)
        let gone = Owner(value: ["id": 2])
        try realm.write { realm.add(gone) }
        let goneReference = ThreadSafeReference(to: gone)
        try realm.write { realm.delete(gone) }
        let names = Collected<String>()
        onNewThread {
            let other = try! openRealm(url)
            names.append(other.resolve(reference)?.name ?? "nil")
            names.append(other.resolve(goneReference)?.name ?? "nil")
        }
        #expect(names.values == ["Ada", "nil"])
        #expect(reference.isInvalidated)
    }

    @Test func aReferenceMovesAnOlderRealmToItsVersion() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let ready = DispatchSemaphore(value: 0)
        let handed = DispatchSemaphore(value: 0)
        let names = Collected<String>()
        let box = Collected<ThreadSafeReference<Owner>>()
        Thread.detachNewThread {
            let other = try! openRealm(url)
            _ = other.objects(Owner.self).count
            ready.signal()
            handed.wait()
            names.append(other.resolve(box.values[0])?.name ?? "nil")
            ready.signal()
        }
        ready.wait()
        let owner = Owner(value: ["id": 1, "name": "new"])
        try realm.write { realm.add(owner) }
        box.append(ThreadSafeReference(to: owner))
        handed.signal()
        ready.wait()
        #expect(names.values == ["new"])
    }

    @Test func aWriteWaitsForAnotherThreadsWrite() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        _ = realm.objects(Owner.self).count
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let other = try! openRealm(url)
            other.beginWrite()
            other.add(Owner(value: ["id": 1]))
            started.signal()
            Thread.sleep(forTimeInterval: 0.5)
            try! other.commitWrite()
            done.signal()
        }
        started.wait()
        try realm.write {
            #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1) != nil)
            realm.add(Owner(value: ["id": 2]))
        }
        done.wait()
        #expect(realm.objects(Owner.self).count == 2)
    }

    @Test func aWriteLockHeldTooLongFailsWithTheStoresBusyError() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let other = try! openRealm(url)
            other.beginWrite()
            started.signal()
            release.wait()
            other.cancelWrite()
            done.signal()
        }
        started.wait()
        #expect {
            try realm.write { realm.add(Owner(value: ["id": 1])) }
        } throws: { error in
            message(error) == "\(url.path) is busy: another process is writing to it (gave up after waiting 10 s)"
        }
        release.signal()
        done.wait()
        try realm.write { realm.add(Owner(value: ["id": 1])) }
        #expect(realm.objects(Owner.self).count == 1)
    }

    @Test func useFromAnotherThreadTrapsWithRealmsMessage() async throws {
        let read = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            let owner = Owner(value: ["id": 1])
            try realm.write { realm.add(owner) }
            let box = Collected<Owner>()
            box.append(owner)
            onNewThread { _ = box.values[0].name }
        }
        #expect(standardError(read).contains("Realm accessed from incorrect thread."))
        let query = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            let box = Collected<Realm>()
            box.append(realm)
            onNewThread { _ = box.values[0].objects(Owner.self).count }
        }
        #expect(standardError(query).contains("Realm accessed from incorrect thread."))
        let write = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            let box = Collected<Realm>()
            box.append(realm)
            onNewThread { box.values[0].beginWrite() }
        }
        #expect(standardError(write).contains("Realm accessed from incorrect thread."))
        let list = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            let owner = Owner(value: ["id": 1, "pets": [["name": "Rex"]]])
            try realm.write { realm.add(owner) }
            let box = Collected<List<Pet>>()
            box.append(owner.pets)
            onNewThread { _ = box.values[0].count }
        }
        #expect(standardError(list).contains("Realm accessed from incorrect thread."))
    }

    @Test func referencesTrapAsRealmsDo() async throws {
        let unmanaged = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ThreadSafeReference(to: Owner())
        }
        #expect(standardError(unmanaged).contains("Cannot construct reference to unmanaged object, which can be passed across threads directly"))
        let twice = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            let owner = Owner(value: ["id": 1])
            try realm.write { realm.add(owner) }
            let reference = ThreadSafeReference(to: owner)
            _ = realm.resolve(reference)
            _ = realm.resolve(reference)
        }
        #expect(standardError(twice).contains("Can only resolve a thread safe reference once."))
    }
}
