import Foundation

/// The changes of an observed Realm collection or object as an `AsyncSequence`: each element
/// is a notification of `observe`, its collections and objects frozen (readable on any thread
/// or task). The observation starts when the sequence is made and ends when its iteration
/// ends: breaking out of `for await`, the task's cancellation, or dropping the sequence
/// releases its `NotificationToken`. Elements wait in order while the consumer is busy; one
/// iteration per sequence, as with `AsyncStream`.
///
/// For example:
///
///     for await change in realm.objects(Dog.self).changesetSequence() {
///         if case .update(let dogs, _, let insertions, _) = change { print(dogs.count, insertions) }
///         if done { break }  // ends the observation
///     }
public struct RealmNotificationSequence<Element>: AsyncSequence {
    public typealias Failure = Never
    private let stream: AsyncStream<Unchecked<Element>>
    private let token: NotificationToken

    /// A sequence fed by `start`, which observes and calls its argument with each element (nil
    /// ends the sequence) until the returned token is released.
    init(_ start: (@escaping (Element?) -> Void) -> NotificationToken) {
        let (stream, continuation) = AsyncStream<Unchecked<Element>>.makeStream()
        let token = start { element in
            if let element { continuation.yield(Unchecked(element)) } else { continuation.finish() }
        }
        continuation.onTermination = { _ in token.invalidate() }
        self.stream = stream
        self.token = token
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(inner: stream.makeAsyncIterator(), ending: Ending(token))
    }

    /// Iterates the notifications; `nil` once the observation ended. Dropping the iterator
    /// (leaving the `for await` loop) ends the observation.
    public struct Iterator: AsyncIteratorProtocol {
        var inner: AsyncStream<Unchecked<Element>>.Iterator
        let ending: Ending

        public mutating func next() async -> Element? {
            await inner.next()?.value
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await inner.next(isolation: actor)?.value
        }
    }
}

/// Ends an observation when the last copy of its sequence's iterator is gone.
final class Ending: Sendable {
    private let token: NotificationToken

    init(_ token: NotificationToken) {
        self.token = token
    }

    deinit {
        token.invalidate()
    }
}
