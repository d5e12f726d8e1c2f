public import AudioPolicy
import Synchronization

/// What the bus service lists about streams and devices, kept from the events the coordinator
/// hands its sinks: the engine answers what policy does to a stream, this catalog what the stream
/// is (direction, app, session, whether it sounds).
///
/// Add it to the coordinator's sinks before any stream event; read it inside
/// ``PolicyCoordinator/read(_:)`` so it matches the engine's state of the same moment.
///
/// ```swift
/// let catalog = StreamCatalog()
/// let coordinator = PolicyCoordinator(engine: engine, sinks: [catalog])
/// let streams = coordinator.read { _ in catalog.streams }
/// ```
public final class StreamCatalog: DecisionSink {
    private struct Contents {
        var streams: [StreamID: StreamInfo] = [:]
        var devices: [DeviceID: DeviceInfo] = [:]
    }

    private let contents = Mutex(Contents())

    /// An empty catalog.
    public init() {}

    /// Every stream the engine was told about and that has not vanished, by id.
    public var streams: [StreamID: StreamInfo] { contents.withLock { $0.streams } }

    /// Every device the engine was told about and that has not gone away, by id.
    public var devices: [DeviceID: DeviceInfo] { contents.withLock { $0.devices } }

    /// The stream, if it is live.
    public func stream(_ id: StreamID) -> StreamInfo? { contents.withLock { $0.streams[id] } }

    public func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        contents.withLock { contents in
            switch event {
            case .streamAppeared(let info), .streamChanged(let info):
                contents.streams[info.id] = info
            case .streamSoundingChanged(let id, let isSounding):
                contents.streams[id]?.isSounding = isSounding
            case .streamVanished(let id):
                contents.streams[id] = nil
            case .deviceAdded(let device):
                contents.devices[device.id] = device
            case .deviceRemoved(let id):
                contents.devices[id] = nil
            case .sessionRegistered, .sessionConfigured, .sessionActivated, .sessionDeactivated, .sessionEnded,
                .defaultDeviceChanged, .cardAdded, .cardRemoved, .outputOverridden, .preferredInputChanged, .echoCancellationPreferred,
                .inputMuteChanged, .sessionPreferenceChanged, .policyReplaced,
                .desktopChanged, .timePassed:
                break
            }
        }
    }
}
