import AudioSessionBus
import Synchronization

/// Every signal a connection received, in order, for a test to look back at.
final class SignalRecorder: Sendable {
    private let received = Mutex<[BusSignal]>([])
    private let source: BusSignals

    init(_ source: BusSignals) { self.source = source }

    /// The signals so far.
    var signals: [BusSignal] { received.withLock { $0 } }

    /// How many signals named `member` arrived so far.
    func count(_ member: String) -> Int { signals.filter { $0.member == member }.count }

    /// Records signals until the connection closes or the task is cancelled.
    func follow() async {
        for await signal in source { received.withLock { $0.append(signal) } }
    }
}
