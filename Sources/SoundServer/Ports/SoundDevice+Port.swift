public import AudioSessionModel

extension SoundDevice {
    /// What kind of port the device is (``PortTypeClassifier``).
    ///
    /// ```swift
    /// if sink.portType == .headphones { /* last-in wins: route music there */ }
    /// ```
    public var portType: PortType { PortTypeClassifier.portType(for: PortTypeEvidence(device: self)) }

    /// An identifier that survives server restarts: the device's name, and the active port's
    /// name for a device with ports (a laptop's headphone jack and speaker are two ports of one
    /// sink, and two different routes).
    ///
    /// ```swift
    /// sink.portUID  // "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-headphones"
    /// ```
    public var portUID: String { uid(ofPortNamed: activePortName) }

    /// The UID the device would have as a route port with `port` active (its name alone without one).
    ///
    /// ```swift
    /// sink.uid(ofPortNamed: "analog-output-speaker")  // "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-speaker"
    /// ```
    public func uid(ofPortNamed port: String?) -> String {
        guard let port, !port.isEmpty else { return name }
        return "\(name)#\(port)"
    }

    /// The device as a session sees it in a route.
    public var portDescription: PortDescription {
        PortDescription(name: description, uid: portUID, type: portType, channels: channelMap.count)
    }

    /// The device as a route port, or `nil` for a monitor source, which is not a device a user picks.
    ///
    /// ```swift
    /// let inputs = graph.sources.values.compactMap(\.routePort)
    /// ```
    public var routePort: PortDescription? { isMonitor ? nil : portDescription }
}
