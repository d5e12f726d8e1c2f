public import AudioSessionModel

/// A device (sink or source) the agent reports.
public struct DeviceInfo: Hashable, Sendable {
    /// The device.
    public var id: DeviceID
    /// Whether it plays or captures.
    public var direction: StreamDirection
    /// The device as a route port.
    public var port: PortDescription

    /// Creates device facts.
    public init(id: DeviceID, direction: StreamDirection, port: PortDescription) {
        self.id = id
        self.direction = direction
        self.port = port
    }
}
