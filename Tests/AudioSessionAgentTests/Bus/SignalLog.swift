import AudioSessionBus
import Synchronization

/// Every signal a connection received, in order.
final class SignalLog: Sendable {
    private let received = Mutex<[BusSignal]>([])
    private let source: BusSignals

    init(_ source: BusSignals) { self.source = source }

    /// The signals so far.
    var signals: [BusSignal] { received.withLock { $0 } }

    /// Records signals until the connection closes or the task is cancelled.
    func follow() async {
        for await signal in source { received.withLock { $0.append(signal) } }
    }
}
