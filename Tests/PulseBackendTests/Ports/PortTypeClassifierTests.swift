import AudioSessionModel
import SoundServer
import Testing

/// The port-type table (docs/port-types.md), fact by fact: each property alone, then the
/// precedence between them when they disagree.
@Suite("Port types from device facts")
struct PortTypeClassifierTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let evidence: PortTypeEvidence
        let expected: PortType
        let label: String
        var testDescription: String { "\(label) → \(expected.kebabName)" }
    }

    static func output(_ label: String, _ expected: PortType, _ evidence: PortTypeEvidence) -> Row {
        Row(evidence: evidence, expected: expected, label: "output: \(label)")
    }

    static func input(_ label: String, _ expected: PortType, _ evidence: PortTypeEvidence) -> Row {
        Row(evidence: evidence, expected: expected, label: "input: \(label)")
    }

    static let formFactors: [Row] = [
        output("form factor headphone", .headphones, .init(isOutput: true, formFactor: "headphone")),
        input("form factor headphone", .headsetMic, .init(isOutput: false, formFactor: "headphone")),
        output("form factor headset", .headphones, .init(isOutput: true, formFactor: "headset")),
        input("form factor headset", .headsetMic, .init(isOutput: false, formFactor: "headset")),
        input("form factor hands-free", .headsetMic, .init(isOutput: false, formFactor: "hands-free")),
        output("form factor handset", .builtInReceiver, .init(isOutput: true, formFactor: "handset")),
        output("form factor speaker", .builtInSpeaker, .init(isOutput: true, formFactor: "speaker")),
        input("form factor microphone", .builtInMic, .init(isOutput: false, formFactor: "microphone")),
        output("form factor internal", .builtInSpeaker, .init(isOutput: true, formFactor: "internal")),
        input("form factor internal", .builtInMic, .init(isOutput: false, formFactor: "internal")),
        output("form factor car", .carAudio, .init(isOutput: true, formFactor: "car")),
        output("form factor tv", .hdmi, .init(isOutput: true, formFactor: "tv")),
        input("form factor webcam on usb", .usbAudio, .init(isOutput: false, bus: "usb", formFactor: "webcam")),
        input("form factor webcam built in", .builtInMic, .init(isOutput: false, formFactor: "webcam")),
    ]

    static let ports: [Row] = [
        output("port type headphones", .headphones, .init(isOutput: true, api: "alsa", portTypeName: "headphones")),
        input("port type headset", .headsetMic, .init(isOutput: false, api: "alsa", portTypeName: "headset")),
        output("port type earpiece", .builtInReceiver, .init(isOutput: true, api: "alsa", portTypeName: "earpiece")),
        output("port type speaker", .builtInSpeaker, .init(isOutput: true, api: "alsa", portTypeName: "speaker")),
        input("port type mic", .builtInMic, .init(isOutput: false, api: "alsa", portTypeName: "mic")),
        output("port type hdmi", .hdmi, .init(isOutput: true, api: "alsa", portTypeName: "hdmi")),
        output(
            "port type hdmi described as DisplayPort", .displayPort,
            .init(isOutput: true, api: "alsa", portTypeName: "hdmi", descriptions: ["displayport 1 output"])),
        output("port type spdif", .lineOut, .init(isOutput: true, api: "alsa", portTypeName: "spdif")),
        output("port type line", .lineOut, .init(isOutput: true, api: "alsa", portTypeName: "line")),
        input("port type line", .lineIn, .init(isOutput: false, api: "alsa", portTypeName: "line")),
        output("port type car", .carAudio, .init(isOutput: true, portTypeName: "car")),
        output("port type usb", .usbAudio, .init(isOutput: true, portTypeName: "usb")),
        output(
            "port name analog-output-headphones", .headphones,
            .init(isOutput: true, api: "alsa", portTypeName: "unknown", portName: "analog-output-headphones")),
        input(
            "port name analog-input-headset-mic", .headsetMic,
            .init(isOutput: false, api: "alsa", portName: "analog-input-headset-mic")),
        output("port name hdmi-output-1", .hdmi, .init(isOutput: true, api: "alsa", portName: "hdmi-output-1")),
        output("port name iec958-stereo-output", .lineOut, .init(isOutput: true, api: "alsa", portName: "iec958-stereo-output")),
        input("port name analog-input-linein", .lineIn, .init(isOutput: false, api: "alsa", portName: "analog-input-linein")),
        output("UCM port [Out] Speaker", .builtInSpeaker, .init(isOutput: true, api: "alsa", portName: "[out] speaker")),
        input("UCM port [In] Mic1", .builtInMic, .init(isOutput: false, api: "alsa", portName: "[in] mic1")),
    ]

    static let transports: [Row] = [
        output("bluetooth bus, no profile", .bluetoothA2DP, .init(isOutput: true, bus: "bluetooth")),
        output(
            "bluez5 a2dp_sink (PulseAudio)", .bluetoothA2DP,
            .init(isOutput: true, api: "bluez5", bluetoothProfile: "a2dp_sink")),
        output(
            "bluez5 headset_head_unit (PulseAudio)", .bluetoothHFP,
            .init(isOutput: true, bus: "bluetooth", bluetoothProfile: "headset_head_unit")),
        input(
            "bluez5 headset-head-unit (PipeWire)", .bluetoothHFP,
            .init(isOutput: false, api: "bluez5", bluetoothProfile: "headset-head-unit")),
        output("bluez5 codec msbc", .bluetoothHFP, .init(isOutput: true, api: "bluez5", bluetoothCodec: "msbc")),
        output("bluez5 bap-sink", .bluetoothLE, .init(isOutput: true, api: "bluez5", bluetoothProfile: "bap-sink")),
        output("bluez5 codec lc3", .bluetoothLE, .init(isOutput: true, api: "bluez5", bluetoothCodec: "lc3")),
        output("bluez_output name only", .bluetoothA2DP, .init(isOutput: true, deviceName: "bluez_output.00_11_22.1")),
        output("raop api", .airPlay, .init(isOutput: true, api: "raop")),
        output("raop_output name", .airPlay, .init(isOutput: true, deviceName: "raop_output.livingroom.local")),
        output("usb bus alone", .usbAudio, .init(isOutput: true, bus: "usb", api: "alsa")),
    ]

    static let fallbacks: [Row] = [
        output("icon audio-headphones", .headphones, .init(isOutput: true, iconName: "audio-headphones")),
        input("icon audio-headset-usb", .headsetMic, .init(isOutput: false, iconName: "audio-headset-usb")),
        output("icon video-display", .hdmi, .init(isOutput: true, bus: "pci", iconName: "video-display")),
        output("description says HDMI", .hdmi, .init(isOutput: true, descriptions: ["hdmi output"])),
        output("description says DisplayPort", .displayPort, .init(isOutput: true, descriptions: ["displayport"])),
        output("alsa with no other hint", .builtInSpeaker, .init(isOutput: true, api: "alsa")),
        input("alsa with no other hint", .builtInMic, .init(isOutput: false, api: "alsa")),
        output("null sink (no api, no bus)", .virtual, .init(isOutput: true)),
        output("device.class abstract, no api", .virtual, .init(isOutput: true, bus: "pci", deviceClass: "abstract")),
        output("a null sink dressed as an ALSA card: the API wins", .builtInSpeaker, .init(isOutput: true, api: "alsa", deviceClass: "abstract")),
        output("device.class filter", .virtual, .init(isOutput: true, deviceClass: "filter")),
        output("an api nobody knows", .generic, .init(isOutput: true, api: "jack")),
        output("a bus but no api", .generic, .init(isOutput: true, bus: "firewire")),
    ]

    @Test("a form factor alone", arguments: formFactors)
    func formFactor(_ row: Row) { #expect(PortTypeClassifier.portType(for: row.evidence) == row.expected) }

    @Test("the active port alone: the server's type, then its name", arguments: ports)
    func port(_ row: Row) { #expect(PortTypeClassifier.portType(for: row.evidence) == row.expected) }

    @Test("Bluetooth profiles and codecs, AirPlay, USB", arguments: transports)
    func transport(_ row: Row) { #expect(PortTypeClassifier.portType(for: row.evidence) == row.expected) }

    @Test("icons, descriptions and the last resorts; unknown is generic, never an error", arguments: fallbacks)
    func fallback(_ row: Row) { #expect(PortTypeClassifier.portType(for: row.evidence) == row.expected) }

    @Test("precedence: transport over form factor over port over bus")
    func precedence() {
        // A Bluetooth headset says "headset" too: the transport decides.
        #expect(
            PortTypeClassifier.portType(
                for: .init(isOutput: true, bus: "bluetooth", formFactor: "headset", bluetoothProfile: "a2dp_sink"))
                == .bluetoothA2DP)
        // A USB headset is headphones to the user, not "a USB thing".
        #expect(PortTypeClassifier.portType(for: .init(isOutput: true, bus: "usb", formFactor: "headset")) == .headphones)
        // A laptop sink whose active port is the headphone jack is headphones, whatever the card is.
        #expect(
            PortTypeClassifier.portType(
                for: .init(isOutput: true, api: "alsa", formFactor: nil, portTypeName: "headphones", descriptions: ["built-in audio"]))
                == .headphones)
        // A USB DAC's line port: the port says more than the bus.
        #expect(PortTypeClassifier.portType(for: .init(isOutput: true, bus: "usb", api: "alsa", portTypeName: "line")) == .lineOut)
    }

    @Test("a device's port UID is its name, with the active port's name when it has ports")
    func portUID() {
        let jack = DevicePort(
            name: "analog-output-headphones", description: "Headphones", typeName: "headphones", availability: .available,
            priority: 100)
        let laptop = SoundDevice(
            kind: .sink, index: 3, name: "alsa_output.pci-0000_00_1f.3.analog-stereo", description: "Built-in Audio",
            properties: ["device.api": "alsa", "device.bus": "pci"], ports: [jack], activePortName: jack.name,
            channelMap: ChannelMap([.frontLeft, .frontRight]))
        #expect(laptop.portUID == "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-headphones")
        #expect(laptop.portDescription == PortDescription(name: "Built-in Audio", uid: laptop.portUID, type: .headphones, channels: 2))
        let nullSink = SoundDevice(kind: .sink, index: 1, name: "speaker", description: "Speaker")
        #expect(nullSink.portUID == "speaker")
        #expect(nullSink.portType == .virtual)
    }
}
