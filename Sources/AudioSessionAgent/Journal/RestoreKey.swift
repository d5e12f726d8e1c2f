/// What a pending restore puts back: one stream's volume, silence (mute or pause) or device, or
/// one module.
///
/// ```swift
/// try journal.clear(.volume(4711))     // the duck has been ramped back up
/// ```
public enum RestoreKey: Hashable, Sendable, CustomStringConvertible {
    /// The stream's volume.
    case volume(StreamSerial)
    /// Whether the stream sounds: its mute state, or a node's playing state.
    case silence(StreamSerial)
    /// The stream's device.
    case device(StreamSerial)
    /// A module unloaded with this argument.
    case module(name: String, argument: String)
    /// The name of the stream's entry in the server's restore database.
    case restoreEntry(StreamSerial)
    /// The profile of the card with this name.
    case cardProfile(card: String)
    /// A helper process the agent started, by PID and start time.
    case process(pid: Int32, startTime: UInt64)
    /// A key of PipeWire's `settings` metadata (the graph clock).
    case clockSetting(key: String)

    /// Every key a stream's changes are journalled under: its volume, silence, device and
    /// restore-database entry.
    public static func all(of stream: StreamSerial) -> [RestoreKey] {
        [.volume(stream), .silence(stream), .device(stream), .restoreEntry(stream)]
    }

    /// The stream this key belongs to, if it belongs to a stream.
    public var stream: StreamSerial? {
        switch self {
        case .volume(let stream), .silence(let stream), .device(let stream), .restoreEntry(let stream): stream
        case .module, .cardProfile, .process, .clockSetting: nil
        }
    }

    /// `volume of stream 4711`, `module module-role-cork`.
    public var description: String {
        switch self {
        case .volume(let stream): "volume of stream \(stream)"
        case .silence(let stream): "silence of stream \(stream)"
        case .device(let stream): "device of stream \(stream)"
        case .module(let name, let argument): argument.isEmpty ? "module \(name)" : "module \(name) \(argument)"
        case .restoreEntry(let stream): "restore-database entry of stream \(stream)"
        case .cardProfile(let card): "profile of card \(card)"
        case .process(let pid, let startTime): "process \(pid) started at tick \(startTime)"
        case .clockSetting(let key): "PipeWire setting \(key)"
        }
    }
}
