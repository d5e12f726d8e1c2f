import AudioSessionBus
import Synchronization

/// Every `PlaybackStatus` the players announce over the bus, by sender, as a desktop's media
/// widget sees them.
final class PlaybackStatusLog: Sendable {
    private let entries = Mutex<[(sender: String, status: String)]>([])
    private let signals: BusSignals

    init(bus: BusConnection) async throws {
        signals = try await bus.signals(
            matching: BusMatchRule(
                interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: "/org/mpris/MediaPlayer2",
                arguments: [0: "org.mpris.MediaPlayer2.Player"]))
    }

    /// Records announcements until the task is cancelled.
    func run() async {
        for await signal in signals {
            guard let (_, changed, _) = try? signal.arguments.decode(String.self, [String: BusVariant].self, [String].self),
                case .string(let status)? = changed["PlaybackStatus"]?.value
            else { continue }
            entries.withLock { $0.append((signal.sender, status)) }
        }
    }

    /// How many times the connection `owner` has announced `status`.
    func count(_ status: String, from owner: String) -> Int {
        entries.withLock { $0.filter { $0.sender == owner && $0.status == status }.count }
    }
}
