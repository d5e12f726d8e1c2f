/// The facts about a device that say what kind of port it is, gathered from the server's
/// device properties and its active port, the same for the pulse view and PipeWire's node view.
///
/// ```swift
/// let evidence = PortTypeEvidence(device: sink)
/// evidence.formFactor   // "headphone"
/// ```
public struct PortTypeEvidence: Hashable, Sendable {
    /// Whether the device plays (`true`) or records.
    public var isOutput: Bool
    /// `device.bus` (`pci`, `usb`, `bluetooth`, ...).
    public var bus: String?
    /// `device.api` (`alsa`, `bluez5`, `raop`, ...); `nil` for null sinks, filters and loopbacks.
    public var api: String?
    /// `device.form_factor` (`internal`, `speaker`, `handset`, `headset`, `headphone`, `car`, ...).
    public var formFactor: String?
    /// `device.class` (`sound`, `abstract` for null devices, `filter`, `monitor`).
    public var deviceClass: String?
    /// `device.icon_name` (`audio-headphones`, `video-display`, ...).
    public var iconName: String?
    /// The Bluetooth profile: `bluetooth.protocol` on PulseAudio (`a2dp_sink`, `headset_head_unit`),
    /// `api.bluez5.profile` on PipeWire (`a2dp-sink`, `headset-head-unit`, `bap-sink`).
    public var bluetoothProfile: String?
    /// `api.bluez5.codec` on PipeWire (`sbc`, `msbc`, `cvsd`, `lc3`).
    public var bluetoothCodec: String?
    /// The server's type of the active port (`headphones`, `speaker`, `hdmi`, ...; `unknown`).
    public var portTypeName: String?
    /// The active port's name (`analog-output-headphones`, `hdmi-output-0`, `[Out] Speaker`).
    public var portName: String?
    /// The device's and the active port's descriptions, for the words `HDMI` and `DisplayPort`.
    public var descriptions: [String]
    /// The device's name (`raop_output.livingroom`, `bluez_output.00_11_22_33_44_55.1`).
    public var deviceName: String

    /// Evidence with every fact given; the rest absent.
    public init(
        isOutput: Bool, deviceName: String = "", bus: String? = nil, api: String? = nil, formFactor: String? = nil,
        deviceClass: String? = nil, iconName: String? = nil, bluetoothProfile: String? = nil,
        bluetoothCodec: String? = nil, portTypeName: String? = nil, portName: String? = nil, descriptions: [String] = []
    ) {
        self.isOutput = isOutput
        self.deviceName = deviceName
        self.bus = bus
        self.api = api
        self.formFactor = formFactor
        self.deviceClass = deviceClass
        self.iconName = iconName
        self.bluetoothProfile = bluetoothProfile
        self.bluetoothCodec = bluetoothCodec
        self.portTypeName = portTypeName
        self.portName = portName
        self.descriptions = descriptions
    }

    /// The evidence a server's device carries.
    public init(device: SoundDevice) {
        let properties = device.properties
        func property(_ key: String) -> String? {
            guard let value = properties[key]?.lowercased(), !value.isEmpty else { return nil }
            return value
        }
        let port = device.activePort
        self.init(
            isOutput: device.kind == .sink, deviceName: device.name.lowercased(), bus: property("device.bus"),
            api: property("device.api"), formFactor: property("device.form_factor"),
            deviceClass: property("device.class"), iconName: property("device.icon_name"),
            bluetoothProfile: property("bluetooth.protocol") ?? property("api.bluez5.profile"),
            bluetoothCodec: property("api.bluez5.codec") ?? property("bluetooth.codec"),
            portTypeName: port?.typeName.lowercased(), portName: port?.name.lowercased(),
            descriptions: [device.description, port?.description].compactMap { $0?.lowercased() })
    }
}
