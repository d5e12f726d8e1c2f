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

    /// Creates device facts.
    public init(id: DeviceID, direction: StreamDirection, port: PortDescription, isAvailable: Bool = true) {
        self.id = id
        self.direction = direction
        self.port = port
        self.isAvailable = isAvailable
    }
}
