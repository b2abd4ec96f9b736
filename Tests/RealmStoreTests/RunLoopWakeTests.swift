import Foundation
import RealmStore
import Synchronization
import TestSupport
import Testing

/// How another thread's commit reaches a Realm's thread: its run loop is woken from sleep, and
/// announcing commits makes nothing that accumulates (swift-corelibs-foundation never frees a
/// `Timer`, so one per announcement would grow the process with every commit).
struct RunLoopWakeTests {
    /// A thread sleeping in one long turn of its run loop hears another thread's commit
    /// during that turn, long before the turn would have ended by itself.
    @Test func aSleepingRunLoopIsWokenByAnotherThreadsCommit() throws {
        let url = try makeRealmURL()
        try addPets(try openRealm(url), [("a", 1)])
        let turn: TimeInterval = 2
        let heard = Collected<Date>()
        let started = Collected<Date>()
        let ready = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let realm = try! openRealm(url)
            let token = realm.observe { notification, _ in
                if notification == .didChange { heard.append(Date()) }
            }
            RunLoop.current.run(until: Date().addingTimeInterval(0.05))  // the observer's first turn
            ready.signal()
            let start = Date()
            started.append(start)
            RunLoop.current.run(until: start.addingTimeInterval(turn))  // sleeps until woken
            token.invalidate()
            finished.signal()
        }
        ready.wait()
        Thread.sleep(forTimeInterval: 0.1)
        onNewThread { try! addPets(try! openRealm(url), [("b", 2)]) }
        finished.wait()
        let start = try #require(started.values.first)
        let first = try #require(heard.values.first)
        #expect(first.timeIntervalSince(start) < turn / 2)
    }

    /// Many commits announced to a thread make no timer beyond the one of each thread that
    /// opened a Realm, and leave nothing waiting (in a process of its own, so that other
    /// tests' threads do not count).
    @Test func announcingCommitsMakesNoTimers() async {
        await #expect(processExitsWith: .success) { try Self.announceCommits() }
    }

    /// The child of `announcingCommitsMakesNoTimers`: 200 commits of another thread heard on
    /// this one; exits 0 when they made at most the two threads' timers.
    private static func announceCommits() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        var changes = 0
        let token = realm.observe { notification, _ in if notification == .didChange { changes += 1 } }
        let writes = 200
        let wrote = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let writer = try! openRealm(url)
            for index in 0..<writes {
                try! addPets(writer, [("p\(index)", index)])
                wrote.signal()
            }
        }
        for _ in 0..<writes {
            while wrote.wait(timeout: .now()) == .timedOut {
                RunLoop.current.run(until: Date().addingTimeInterval(0.002))
            }
        }
        guard spin(seconds: 10, until: { realm.objects(Pet.self).count == writes }) else { exit(2) }
        // An announcement of the last commit may still be on its way (the file watcher is
        // slower under load): the run loop drains it; nothing may stay waiting.
        guard spin(seconds: 10, until: { RunLoopWaker.current.pendingCount == 0 }) else { exit(3) }
        token.invalidate()
        // One timer for this thread's waker, one for the writer's.
        guard RunLoopWaker.timersMade.load(ordering: .relaxed) <= 2 else { exit(4) }
        guard changes >= 1 else { exit(5) }
        exit(0)
    }

    /// With autorefresh off, Realm observers hear `.refreshRequired` once for each commit of
    /// another thread (announced by its committer and again by the file watcher), and never
    /// for the Realm's own commits.
    @Test func refreshRequiredIsHeardOncePerCommitOfAnotherThread() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        realm.autorefresh = false
        var notifications: [Realm.Notification] = []
        let token = realm.observe { notification, _ in notifications.append(notification) }
        _ = spin(seconds: 0.2) { false }  // the file watcher starts, and will see every commit
        try addPets(realm, [("a", 1)])
        _ = spin(seconds: 0.2) { false }
        #expect(notifications == [.didChange])
        onNewThread { try! addPets(try! openRealm(url), [("b", 2)]) }
        _ = spin(seconds: 0.2) { false }
        #expect(notifications == [.didChange, .refreshRequired])
        onNewThread { try! addPets(try! openRealm(url), [("c", 3)]) }
        _ = spin(seconds: 0.2) { false }
        #expect(notifications == [.didChange, .refreshRequired, .refreshRequired])
        #expect(realm.refresh())
        #expect(notifications.last == .didChange)
        token.invalidate()
    }

    /// RealmStore makes timers in one place only, the one whose timers `timersMade` counts.
    @Test func onlyTheWakerMakesTimers() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/RealmStore")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        let makers = try files.filter { $0.hasSuffix(".swift") }.filter { file in
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            return text.contains("Timer(") || text.contains("scheduledTimer")
        }
        #expect(files.count > 50)
        #expect(makers == ["Notifications/RunLoopWaker.swift"])
    }
}
