/// One change of the sound-server graph, as a mirror reports it after applying it to its ``Graph``.
///
/// Changes carry the object before and after; vanishings carry the last known object, so a
/// consumer never needs to have kept its own copy.
///
/// ```swift
/// switch event {
/// case .streamChanged(let old, let new) where old.volume != new.volume:
///     print("stream \(new.index) volume \(old.volume) -> \(new.volume)")
/// case .connectionLost(let reason):
///     print("server gone: \(reason)")
/// default: break
/// }
/// ```
public enum GraphEvent: Hashable, Sendable {
    /// A sink or source appeared.
    case deviceAppeared(SoundDevice)
    /// A sink or source changed (volume, mute, active port, availability, properties, ...).
    case deviceChanged(old: SoundDevice, new: SoundDevice)
    /// A sink or source went away.
    case deviceVanished(SoundDevice)
    /// A sink input or source output appeared.
    case streamAppeared(SoundStream)
    /// A sink input or source output changed (volume, mute, cork, device, properties, ...).
    case streamChanged(old: SoundStream, new: SoundStream)
    /// A sink input or source output went away.
    case streamVanished(SoundStream)
    /// A client connected.
    case clientAppeared(SoundClient)
    /// A client's properties changed.
    case clientChanged(old: SoundClient, new: SoundClient)
    /// A client disconnected.
    case clientVanished(SoundClient)
    /// A module was loaded.
    case moduleAppeared(SoundModule)
    /// A module changed.
    case moduleChanged(old: SoundModule, new: SoundModule)
    /// A module was unloaded.
    case moduleVanished(SoundModule)
    /// The server's facts changed (typically its default sink or source).
    case serverChanged(old: ServerInfo?, new: ServerInfo)
    /// The connection to the server ended (the server died or closed it). It is the last event:
    /// the graph keeps its last state and no further event follows.
    case connectionLost(reason: String)

    /// The graph object the event is about; `nil` for server-wide events.
    public var objectID: GraphObjectID? {
        switch self {
        case .deviceAppeared(let device), .deviceChanged(_, let device), .deviceVanished(let device): device.id
        case .streamAppeared(let stream), .streamChanged(_, let stream), .streamVanished(let stream): stream.id
        case .clientAppeared(let client), .clientChanged(_, let client), .clientVanished(let client): client.id
        case .moduleAppeared(let module), .moduleChanged(_, let module), .moduleVanished(let module): module.id
        case .serverChanged, .connectionLost: nil
        }
    }
}
