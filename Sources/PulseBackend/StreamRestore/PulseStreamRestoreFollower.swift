internal import CPulse
import Synchronization

/// Tells its handler, **on the loop thread**, that the stream-restore database changed: a client
/// wrote it, or module-stream-restore saved a stream's volume, mute state or device, which it does
/// at every change event of a stream whose values it keeps (a move, a mute, a property update).
/// The handler may submit commands without waiting, in order with a graph mirror's events on the
/// same connection; it must not block. The form of ``PulseConnection/streamRestoreChanges()`` for
/// an enforcer that answers on the loop.
///
/// ```swift
/// let follower = try await PulseStreamRestoreFollower.start(on: connection) {
///     connection.readStreamRestoreEntries { entries in /* compare with what should be saved */ }
/// }
/// defer { follower.stop() }
/// ```
///
/// The corresponding PulseAudio calls are `pa_ext_stream_restore_subscribe` and
/// `pa_ext_stream_restore_set_subscribe_cb`.
public final class PulseStreamRestoreFollower: Sendable {
    private let connection: PulseConnection
    private let token: Mutex<UInt64?>

    private init(connection: PulseConnection, token: UInt64) {
        self.connection = connection
        self.token = Mutex(token)
    }

    /// Subscribes to the database's changes and returns once the server took the subscription.
    ///
    /// - Throws: ``PulseError`` with code ``PulseError/Code/noExtension`` when the server keeps no
    ///   restore database (module-stream-restore not loaded), or the subscription's failure.
    public static func start(
        on connection: PulseConnection, changed: @escaping @Sendable () -> Void
    ) async throws(PulseError) -> PulseStreamRestoreFollower {
        let token = connection.core.withLoopLocked { loop in loop.addStreamRestoreListener(changed) }
        let follower = PulseStreamRestoreFollower(connection: connection, token: token)
        do throws(PulseError) {
            try await connection.awaiting { (done: @escaping @Sendable (Result<Void, PulseError>) -> Void) in
                connection.request("pa_ext_stream_restore_subscribe", done) {
                    pa_ext_stream_restore_subscribe($0, 1, OperationCallbacks.success, $1)
                }
            }
        } catch {
            follower.stop()
            throw error
        }
        return follower
    }

    /// Stops telling the handler; it is not called again once this returns.
    public func stop() {
        guard let token = token.withLock({ token in defer { token = nil }; return token }) else { return }
        connection.core.withLoopLocked { loop in loop.removeListener(token) }
    }
}
