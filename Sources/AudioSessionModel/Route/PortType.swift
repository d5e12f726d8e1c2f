/// What kind of device an input or output port is, derived from the server's device properties.
public enum PortType: String, KebabNamed {
    /// A speaker built into the computer.
    case builtInSpeaker = "built-in-speaker"
    /// An earpiece-style receiver built into the device.
    case builtInReceiver = "built-in-receiver"
    /// A microphone built into the computer.
    case builtInMic = "built-in-mic"
    /// Wired headphones.
    case headphones = "headphones"
    /// The microphone of a wired headset.
    case headsetMic = "headset-mic"
    /// An analogue line output.
    case lineOut = "line-out"
    /// An analogue line input.
    case lineIn = "line-in"
    /// HDMI output.
    case hdmi = "hdmi"
    /// DisplayPort output.
    case displayPort = "display-port"
    /// A USB audio device.
    case usbAudio = "usb-audio"
    /// Bluetooth high-quality output (A2DP).
    case bluetoothA2DP = "bluetooth-a2dp"
    /// Bluetooth hands-free (HFP/HSP) input and output.
    case bluetoothHFP = "bluetooth-hfp"
    /// Bluetooth LE Audio.
    case bluetoothLE = "bluetooth-le"
    /// A network audio receiver (AirPlay, RAOP).
    case airPlay = "air-play"
    /// A car audio system.
    case carAudio = "car-audio"
    /// A virtual device (null sink, filter, loopback).
    case virtual = "virtual"
    /// A device whose kind the properties do not reveal.
    case generic = "generic"

    /// Says `port type` in messages.
    public static var kindName: String { "port type" }
}
