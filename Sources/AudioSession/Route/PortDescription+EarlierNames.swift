// The names of the model's PortDescription, which earlier releases gave apps: kept so code
// written against them compiles, with a warning that names the porter's spelling.
extension AudioSession.PortDescription {
    /// ``portName`` by the name earlier releases used.
    ///
    /// ```swift
    /// print(port.portName)   // rather than port.name
    /// ```
    @available(*, deprecated, renamed: "portName")
    public var name: String { portName }

    /// ``portType`` by the name earlier releases used.
    ///
    /// ```swift
    /// if port.portType == .headphones { showHeadphoneIcon() }   // rather than port.type
    /// ```
    @available(*, deprecated, renamed: "portType")
    public var type: AudioSession.Port { portType }

    /// A port with `channels` unnamed channels, as earlier releases made one.
    ///
    /// ```swift
    /// let port = AudioSession.PortDescription(portName: "Gone", portType: .usbAudio, uid: "gone", positions: ["mono"])
    /// ```
    @available(*, deprecated, message: "use init(portName:portType:uid:positions:) or init(portName:portType:uid:channels:)")
    public init(name: String, uid: String, type: AudioSession.Port, channels: Int) {
        self.init(portName: name, portType: type, uid: uid, positions: Array(repeating: "", count: max(0, channels)))
    }
}
