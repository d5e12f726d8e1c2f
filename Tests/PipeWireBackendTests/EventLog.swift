import PipeWireBackend
import Synchronization

/// Collects what a synchronous handler receives, to check it from the test's task.
final class EventLog: Sendable {
    private let events = Mutex<[PipeWireEvent]>([])

    func record(_ event: PipeWireEvent) {
        events.withLock { $0.append(event) }
    }

    var all: [PipeWireEvent] { events.withLock { $0 } }

    func contains(_ predicate: (PipeWireEvent) -> Bool) -> Bool { all.contains(where: predicate) }
}
