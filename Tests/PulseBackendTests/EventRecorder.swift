import SoundServer
import Synchronization

/// Collects the events a mirror hands its synchronous handler, for tests to wait on.
final class EventRecorder: Sendable {
    private let events = Mutex<[GraphEvent]>([])

    /// The handler to give the mirror.
    var handler: @Sendable (GraphEvent, Graph) -> Void {
        { [self] event, _ in events.withLock { $0.append(event) } }
    }

    /// Every event recorded so far.
    var recorded: [GraphEvent] { events.withLock { $0 } }

    /// The first recorded event `match` accepts, if any.
    func first<Value>(_ match: (GraphEvent) -> Value?) -> Value? { recorded.lazy.compactMap(match).first }
}
