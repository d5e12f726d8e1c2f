/// One port of a device (a jack, a speaker, an HDMI output), as the server reports it.
///
/// ```swift
/// if let port = device.activePort, port.availability == .unavailable { /* unplugged */ }
/// ```
public struct DevicePort: Hashable, Sendable {
    /// Whether something is plugged into the port, as far as the server knows.
    public enum Availability: String, Hashable, Sendable {
        /// The server cannot tell (null devices, most internal speakers).
        case unknown
        /// Nothing is plugged in.
        case unavailable
        /// Something is plugged in.
        case available
    }

    /// The port's name on the server (`analog-output-headphones`).
    public var name: String
    /// The human-readable description.
    public var description: String
    /// The server's port type name (`headphones`, `speaker`, `hdmi`, `usb`, `bluetooth`, ...);
    /// `unknown` when the server does not classify the port.
    public var typeName: String
    /// Whether the port is plugged.
    public var availability: Availability
    /// The server's preference among the device's ports: higher wins.
    public var priority: UInt32

    /// A port with all its facts.
    public init(name: String, description: String, typeName: String, availability: Availability, priority: UInt32) {
        self.name = name
        self.description = description
        self.typeName = typeName
        self.availability = availability
        self.priority = priority
    }
}
