/// The interface type of a registry global (`PipeWire:Interface:Node`, ...).
///
/// ```swift
/// let nodes = connection.globals.values.filter { $0.type == .node }
/// ```
public struct PipeWireObjectType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The type string as the server sends it.
    public var rawValue: String

    /// A type from its string, e.g. `PipeWire:Interface:Profiler`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Sources, sinks and streams.
    public static let node = PipeWireObjectType(rawValue: "PipeWire:Interface:Node")
    /// Sound cards and other devices (ALSA cards, Bluetooth devices).
    public static let device = PipeWireObjectType(rawValue: "PipeWire:Interface:Device")
    /// Connected clients (applications, pipewire-pulse, WirePlumber).
    public static let client = PipeWireObjectType(rawValue: "PipeWire:Interface:Client")
    /// Input and output ports of nodes.
    public static let port = PipeWireObjectType(rawValue: "PipeWire:Interface:Port")
    /// Links between an output port and an input port.
    public static let link = PipeWireObjectType(rawValue: "PipeWire:Interface:Link")
    /// Metadata objects (`default`, `settings`, `route-settings`, ...).
    public static let metadata = PipeWireObjectType(rawValue: "PipeWire:Interface:Metadata")

    /// The short name after the last colon (`Node`, `Metadata`, ...).
    public var description: String {
        rawValue.split(separator: ":").last.map(String.init) ?? rawValue
    }
}
