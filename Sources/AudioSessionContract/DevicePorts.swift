public import AudioSessionModel
public import SoundServer

/// How a sound-server device becomes a port the contract shows: the agent's routes and the app
/// library's own reads (when no agent runs) must name and type devices the same way.
///
/// ```swift
/// if let sink = graph.defaultSink, let port = DevicePorts.port(for: sink) {
///     print(port.name, port.type)   // "Speaker virtual"
/// }
/// ```
public enum DevicePorts {
    /// The device as a port: its description, a uid (``portUID(of:)``), a type from its properties
    /// and its channel count; `nil` for monitor sources, which are not devices a user picks.
    ///
    /// ```swift
    /// let inputs = graph.sources.values.compactMap(DevicePorts.port(for:))
    /// ```
    public static func port(for device: SoundDevice) -> PortDescription? {
        guard !device.isMonitor else { return nil }
        return PortDescription(
            name: device.description, uid: portUID(of: device), type: portType(of: device), channels: device.channelMap.count)
    }

    /// A uid that survives server restarts: the device's name, with `#` and the active port's name
    /// for a device with ports (a laptop's headphone jack and speaker are two routes of one sink).
    ///
    /// ```swift
    /// DevicePorts.portUID(of: sink)   // "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-headphones"
    /// ```
    public static func portUID(of device: SoundDevice) -> String {
        guard let port = device.activePortName, !port.isEmpty else { return device.name }
        return "\(device.name)#\(port)"
    }

    /// The port type from the device's properties, by the documented table (docs/port-types.md):
    /// the same classifier the agent uses, so the library's own reads type a device as the agent does.
    ///
    /// ```swift
    /// DevicePorts.portType(of: headphones)   // .headphones when device.form_factor=headphone
    /// ```
    public static func portType(of device: SoundDevice) -> PortType {
        device.portType
    }
}
