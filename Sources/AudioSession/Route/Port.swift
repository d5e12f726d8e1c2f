public import AudioSessionModel

extension AudioSession {
    /// What kind of device a port is, open to the kinds a newer agent tells apart.
    /// `AudioSessionModel.PortType` is the exhaustive enum the agent's classifier gives.
    ///
    /// ```swift
    /// if session.currentRoute.outputs.contains(where: { $0.portType == .headphones }) { showHeadphoneIcon() }
    /// ```
    public struct Port: ExtensibleName {
        /// The model's exhaustive enum of the values this version knows.
        public typealias Known = AudioSessionModel.PortType

        /// The contract's spelling of the value, as on the bus and in policy files (`play-and-record`).
        public let rawValue: String

        /// The value spelled `rawValue`, known to this version or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A speaker built into the computer.
        public static let builtInSpeaker = Self(Known.builtInSpeaker)

        /// An earpiece-style receiver built into the device.
        public static let builtInReceiver = Self(Known.builtInReceiver)

        /// A microphone built into the computer.
        public static let builtInMic = Self(Known.builtInMic)

        /// Wired headphones.
        public static let headphones = Self(Known.headphones)

        /// The microphone of a wired headset.
        public static let headsetMic = Self(Known.headsetMic)

        /// An analogue line output.
        public static let lineOut = Self(Known.lineOut)

        /// An analogue line input.
        public static let lineIn = Self(Known.lineIn)

        /// HDMI output.
        public static let hdmi = Self(Known.hdmi)

        /// DisplayPort output.
        public static let displayPort = Self(Known.displayPort)

        /// A USB audio device.
        public static let usbAudio = Self(Known.usbAudio)

        /// Bluetooth high-quality output (A2DP).
        public static let bluetoothA2DP = Self(Known.bluetoothA2DP)

        /// Bluetooth hands-free (HFP/HSP) input and output.
        public static let bluetoothHFP = Self(Known.bluetoothHFP)

        /// Bluetooth LE Audio.
        public static let bluetoothLE = Self(Known.bluetoothLE)

        /// A network audio receiver (AirPlay, RAOP).
        public static let airPlay = Self(Known.airPlay)

        /// A car audio system.
        public static let carAudio = Self(Known.carAudio)

        /// A virtual device (null sink, filter, loopback).
        public static let virtual = Self(Known.virtual)

        /// A device whose kind the properties do not reveal.
        public static let generic = Self(Known.generic)
    }
}
