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
    /// The device as a port: its description, its server name as uid, a type from its properties and
    /// its channel count; `nil` for monitor sources, which are not devices a user picks.
    ///
    /// ```swift
    /// let inputs = graph.sources.values.compactMap(DevicePorts.port(for:))
    /// ```
    public static func port(for device: SoundDevice) -> PortDescription? {
        guard !device.isMonitor else { return nil }
        return PortDescription(
            name: device.description, uid: device.name, type: portType(of: device), channels: device.channelMap.count)
    }

    /// A first guess at the port type from the device's properties (`device.bus`,
    /// `device.form_factor`, `device.api`, the active port's name).
    ///
    /// ```swift
    /// DevicePorts.portType(of: headphones)   // .headphones when device.form_factor=headphone
    /// ```
    public static func portType(of device: SoundDevice) -> PortType {
        let properties = device.properties
        let bus = properties["device.bus"]
        let formFactor = properties["device.form_factor"]
        if bus == "bluetooth" { return .bluetoothA2DP }
        if formFactor == "headphone" { return .headphones }
        if formFactor == "headset" { return device.kind == .sink ? .headphones : .headsetMic }
        if bus == "usb" { return .usbAudio }
        if device.activePortName?.contains("hdmi") == true { return .hdmi }
        if properties["device.api"] == nil { return .virtual }
        return device.kind == .sink ? .builtInSpeaker : .builtInMic
    }
}
