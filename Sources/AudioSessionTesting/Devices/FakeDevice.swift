/// A sound device to plug into a private server: a null sink (or source) with the properties a
/// real device of that kind carries, so that port-type detection sees what it would see.
///
/// ```swift
/// let usb = FakeDevice(name: "usb_dac", description: "USB DAC", properties: ["device.bus": "usb"])
/// ```
public struct FakeDevice: Sendable, Equatable {
    /// Whether the device plays (a sink) or records (a source).
    public enum Kind: String, Sendable { case sink, source }

    /// The device's name on the server (`sink_name`): letters, digits, `_`, `-`, `.`.
    public var name: String
    /// The human-readable description.
    public var description: String
    /// Device properties (`device.form_factor`, `device.bus`, ...); sinks only: PulseAudio's
    /// module-null-source takes none.
    public var properties: [String: String]
    /// Sink or source.
    public var kind: Kind

    public init(name: String, description: String, properties: [String: String] = [:], kind: Kind = .sink) {
        self.name = name
        self.description = description
        self.properties = properties
        self.kind = kind
    }

    /// Wired headphones.
    public static let headphones = FakeDevice(
        name: "headphones", description: "Headphones",
        properties: ["device.form_factor": "headphone", "device.bus": "pci", "device.icon_name": "audio-headphones"])
    /// A USB headset's output.
    public static let usbHeadset = FakeDevice(
        name: "usb_headset", description: "USB Headset",
        properties: ["device.form_factor": "headset", "device.bus": "usb", "device.icon_name": "audio-headset-usb"])
    /// An HDMI output.
    public static let hdmi = FakeDevice(
        name: "hdmi", description: "HDMI Output", properties: ["device.bus": "pci", "device.icon_name": "video-display"])
    /// A second speaker (an internal one is already plugged as `speaker`).
    public static let secondSpeaker = FakeDevice(
        name: "speaker2", description: "Second Speaker", properties: ["device.form_factor": "speaker"])
    /// An extra microphone.
    public static let microphone = FakeDevice(name: "mic2", description: "Second Microphone", kind: .source)

    /// `pactl load-module` arguments; property values are quoted as module-null-sink needs them.
    var moduleArguments: [String] {
        switch kind {
        case .sink:
            var arguments = ["module-null-sink", "sink_name=\(name)"]
            let pairs = ["device.description=\(quoted(description))"]
                + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value))" }
            arguments.append("sink_properties='\(pairs.joined(separator: " "))'")
            return arguments
        case .source:
            return ["module-null-source", "source_name=\(name)", "description=\(quoted(description))"]
        }
    }

    private func quoted(_ value: String) -> String {
        value.contains(" ") ? "\"\(value)\"" : value
    }
}
