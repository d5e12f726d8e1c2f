/// One input or output of a route: a device as the session sees it.
///
/// ```swift
/// let speaker = PortDescription(name: "Speaker", uid: "alsa_output.pci.analog-stereo", type: .builtInSpeaker, channels: 2)
/// ```
public struct PortDescription: Hashable, Sendable {
    /// The name shown to people (the device description).
    public var name: String
    /// A stable identifier across restarts (the sink, source or node name, with the active port
    /// name for a device with ports).
    public var uid: String
    /// What kind of device it is.
    public var type: PortType
    /// How many channels it has.
    public var channels: Int

    /// Creates a port description.
    public init(name: String, uid: String, type: PortType, channels: Int) {
        self.name = name
        self.uid = uid
        self.type = type
        self.channels = channels
    }
}
