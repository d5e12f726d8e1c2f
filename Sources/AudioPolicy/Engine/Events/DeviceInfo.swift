public import AudioSessionModel

/// A device (sink or source) the agent reports.
public struct DeviceInfo: Hashable, Sendable {
    /// The device.
    public var id: DeviceID
    /// Whether it plays or captures.
    public var direction: StreamDirection
    /// The device as a route port.
    public var port: PortDescription
    /// Whether something is plugged into its active port. A laptop's headphone jack is a port
    /// of a sink that stays: unplugging it makes the device unavailable instead of removing it.
    public var isAvailable: Bool
    /// Whether something is plugged into each of the device's ports, by port UID, where the server
    /// knows (ports it cannot tell about are absent); empty for devices without ports. When the
    /// active port switches on a device that stays, this tells a jack's plug from its unplug.
    ///
    /// ```swift
    /// let laptop = DeviceInfo(
    ///     id: "sink:alsa_output.pci-0000_00_1f.3.analog-stereo", direction: .playback, port: headphonesPort,
    ///     portAvailability: [headphonesPort.uid: true, speakerPort.uid: false])
    /// ```
    public var portAvailability: [String: Bool]
    /// Whether the user muted the device on the server (a capture device's mute interrupts the
    /// sessions that record from it).
    public var isMuted: Bool

    /// Creates device facts.
    public init(
        id: DeviceID, direction: StreamDirection, port: PortDescription, isAvailable: Bool = true,
        portAvailability: [String: Bool] = [:], isMuted: Bool = false
    ) {
        self.isMuted = isMuted
        self.id = id
        self.direction = direction
        self.port = port
        self.isAvailable = isAvailable
        self.portAvailability = portAvailability
    }
}
