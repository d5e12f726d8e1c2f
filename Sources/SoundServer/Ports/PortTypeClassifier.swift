public import AudioSessionModel

/// Decides a device's ``PortType`` from its ``PortTypeEvidence``: an ordered table, the first
/// rule that matches wins, and a device no rule recognises is ``PortType/generic``, never an
/// error. docs/port-types.md is the same table in words.
///
/// The order matters: the transport (Bluetooth, AirPlay) says more than a form factor, an
/// explicit form factor says more than a port's name, and the port says more than the bus.
///
/// ```swift
/// PortTypeClassifier.portType(for: PortTypeEvidence(isOutput: true, formFactor: "headphone"))  // .headphones
/// PortTypeClassifier.portType(for: PortTypeEvidence(device: sink))
/// ```
public enum PortTypeClassifier {
    /// The port type of the device the evidence describes.
    public static func portType(for evidence: PortTypeEvidence) -> PortType {
        bluetooth(evidence) ?? airPlay(evidence) ?? formFactor(evidence) ?? activePort(evidence)
            ?? internalCard(evidence) ?? icon(evidence) ?? words(evidence) ?? bus(evidence) ?? fallback(evidence)
    }

    /// A Bluetooth device's profile decides: LE Audio (BAP, LC3), hands-free (HSP/HFP, mSBC, CVSD)
    /// or, by default, A2DP.
    static func bluetooth(_ evidence: PortTypeEvidence) -> PortType? {
        guard evidence.bus == "bluetooth" || evidence.api == "bluez5" || evidence.deviceName.hasPrefix("bluez_") else {
            return nil
        }
        let profile = evidence.bluetoothProfile ?? ""
        let codec = evidence.bluetoothCodec ?? ""
        if profile.contains("bap") || codec == "lc3" { return .bluetoothLE }
        let handsFreeMarkers = ["headset", "handsfree", "hands-free", "hsp", "hfp"]
        if handsFreeMarkers.contains(where: profile.contains) || codec == "msbc" || codec == "cvsd" { return .bluetoothHFP }
        return .bluetoothA2DP
    }

    /// RAOP (AirPlay) sinks: module-raop-sink on PulseAudio, the raop sink module on PipeWire.
    static func airPlay(_ evidence: PortTypeEvidence) -> PortType? {
        evidence.api == "raop" || evidence.deviceName.hasPrefix("raop") ? .airPlay : nil
    }

    /// `device.form_factor` as ALSA, UCM, udev and the null-sink test devices set it.
    static func formFactor(_ evidence: PortTypeEvidence) -> PortType? {
        let output = evidence.isOutput
        switch evidence.formFactor {
        case "headphone": return output ? .headphones : .headsetMic
        case "headset", "hands-free": return output ? .headphones : .headsetMic
        case "handset": return output ? .builtInReceiver : .builtInMic
        case "speaker": return output ? .builtInSpeaker : nil
        case "microphone": return output ? nil : .builtInMic
        case "car": return .carAudio
        case "tv": return output ? .hdmi : nil
        case "webcam": return output ? nil : (evidence.bus == "usb" ? .usbAudio : .builtInMic)
        default: return nil
        }
    }

    /// `device.form_factor=internal`, which udev gives the sound chips on the machine's own PCI bus: a built-in
    /// speaker or microphone, unless the active port says better (a laptop's one sink is
    /// "headphones" while its headphone jack is the active port).
    static func internalCard(_ evidence: PortTypeEvidence) -> PortType? {
        evidence.formFactor == "internal" ? (evidence.isOutput ? .builtInSpeaker : .builtInMic) : nil
    }

    /// The active port: the server's port type first, then the port's name (ALSA mixer paths
    /// and UCM names).
    static func activePort(_ evidence: PortTypeEvidence) -> PortType? {
        let output = evidence.isOutput
        switch evidence.portTypeName {
        case "headphones": return output ? .headphones : .headsetMic
        case "headset", "handsfree": return output ? .headphones : .headsetMic
        case "handset", "earpiece": return output ? .builtInReceiver : .builtInMic
        case "speaker": return output ? .builtInSpeaker : nil
        case "mic": return output ? nil : .builtInMic
        case "hdmi", "tv": return hdmiOrDisplayPort(evidence)
        case "spdif", "line", "aux", "analog", "hifi": return output ? .lineOut : .lineIn
        case "car": return .carAudio
        case "usb": return .usbAudio
        case "bluetooth": return .bluetoothA2DP
        default: break
        }
        guard let name = evidence.portName else { return nil }
        if name.contains("headphone") { return output ? .headphones : .headsetMic }
        if name.contains("headset") { return output ? .headphones : .headsetMic }
        if name.contains("hdmi") { return hdmiOrDisplayPort(evidence) }
        if name.contains("iec958") || name.contains("spdif") || name.contains("line") { return output ? .lineOut : .lineIn }
        if name.contains("speaker") { return output ? .builtInSpeaker : nil }
        if name.contains("mic") { return output ? nil : .builtInMic }
        return nil
    }

    /// freedesktop icon names the servers set from udev and ALSA.
    static func icon(_ evidence: PortTypeEvidence) -> PortType? {
        guard let icon = evidence.iconName else { return nil }
        let output = evidence.isOutput
        if icon.hasPrefix("audio-headphones") { return output ? .headphones : .headsetMic }
        if icon.hasPrefix("audio-headset") { return output ? .headphones : .headsetMic }
        if icon.hasPrefix("video-display") { return output ? hdmiOrDisplayPort(evidence) : nil }
        return nil
    }

    /// The words people read: a description saying HDMI or DisplayPort.
    static func words(_ evidence: PortTypeEvidence) -> PortType? {
        guard evidence.isOutput else { return nil }
        if evidence.descriptions.contains(where: { $0.contains("displayport") }) { return .displayPort }
        if evidence.descriptions.contains(where: { $0.contains("hdmi") }) { return .hdmi }
        return nil
    }

    /// USB: the bus alone says enough.
    static func bus(_ evidence: PortTypeEvidence) -> PortType? {
        evidence.bus == "usb" ? .usbAudio : nil
    }

    /// No hint: a device of a hardware API is the computer's own speaker or microphone (the API
    /// says more than a class, which test devices built on null sinks cannot shed); a device with
    /// no API that is a null device or filter, or has no bus either, is virtual.
    static func fallback(_ evidence: PortTypeEvidence) -> PortType {
        switch evidence.api {
        case "alsa", "oss": return evidence.isOutput ? .builtInSpeaker : .builtInMic
        case nil:
            let isVirtual = ["abstract", "filter"].contains(evidence.deviceClass) || evidence.bus == nil
            return isVirtual ? .virtual : .generic
        default: return .generic
        }
    }

    private static func hdmiOrDisplayPort(_ evidence: PortTypeEvidence) -> PortType {
        let displayPortMarkers = ["displayport", "display port"]
        let saysDisplayPort = (evidence.descriptions + [evidence.portName ?? ""]).contains { text in
            displayPortMarkers.contains(where: text.contains)
        }
        return saysDisplayPort ? .displayPort : .hdmi
    }
}
