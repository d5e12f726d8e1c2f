public import AudioPolicy
import PulseBackend
import Synchronization

/// Where one server connection's parts plug into a ``PolicyCoordinator`` that outlives the
/// connection, so sessions, their configuration and activity survive the sound server going away.
///
/// The seat is the coordinator's ``OuterLock`` (the seated connection's loop lock; a plain lock
/// while no server is connected) and its first ``DecisionSink`` (the seated connection's session
/// watcher, module steward and enforcer; nothing while no server is connected).
///
/// Changing the occupant keeps every holder of the outer lock consistent: a connection leaves
/// the seat only while its loop lock is held, and one arrives only while the vacancy lock is
/// held; ``withLock(_:)`` checks again, once it holds a lock, that it is still the right one.
///
/// ```swift
/// let seat = PulseServerSeat()
/// let coordinator = PolicyCoordinator(engine: engine, sinks: [seat, catalog, notifier], outerLock: seat)
/// let agent = try await PulseAgent.start(in: seat, coordinator: coordinator, configuration: configuration)
/// ```
public final class PulseServerSeat: OuterLock, DecisionSink {
    private struct Occupant: Sendable {
        let connection: PulseConnection
        let sinks: [any DecisionSink]
    }

    private let occupant = Mutex<Occupant?>(nil)
    /// Held by callers of ``withLock(_:)`` while no connection is seated, and while one arrives.
    private let vacancy = Mutex(())

    /// An empty seat.
    public init() {}

    /// Whether a connection is seated.
    public var isOccupied: Bool { occupant.withLock { $0 != nil } }

    /// Runs `body` holding the seated connection's loop lock (directly on its loop thread), or the
    /// vacancy lock while no connection is seated.
    public func withLock<Result>(_ body: () -> Result) -> Result {
        while true {
            var result: Result?
            var ran = false
            if let connection = occupant.withLock({ $0?.connection }) {
                connection.withLoopLocked {
                    guard occupant.withLock({ $0?.connection === connection }) else { return }
                    result = body()
                    ran = true
                }
            } else {
                vacancy.withLock { _ in
                    guard occupant.withLock({ $0 == nil }) else { return }
                    result = body()
                    ran = true
                }
            }
            // The occupant changed between the look and the lock: look again.
            if ran, let result { return result }
        }
    }

    public func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        let sinks = occupant.withLock { $0?.sinks ?? [] }
        for sink in sinks { sink.carryOut(decisions, after: event, in: view) }
    }

    /// Seats `connection` with the sinks that carry decisions out on it; call without holding its
    /// loop lock. A connection still seated is unseated first.
    func seat(_ connection: PulseConnection, sinks: [any DecisionSink]) {
        if let previous = occupant.withLock({ $0?.connection }) { unseat(previous) }
        vacancy.withLock { _ in
            occupant.withLock { $0 = Occupant(connection: connection, sinks: sinks) }
        }
    }

    /// Empties the seat if `connection` holds it; decisions then reach no server until the next
    /// ``seat(_:sinks:)``.
    func unseat(_ connection: PulseConnection) {
        connection.withLoopLocked {
            occupant.withLock { seated in
                if seated?.connection === connection { seated = nil }
            }
        }
    }
}
