public import AudioSessionModel

extension AudioSession {
    /// One input or output of a route, by AVAudioSessionPortDescription's names: its name, kind,
    /// identifier, channels and data sources.
    ///
    /// ```swift
    /// for output in session.currentRoute.outputs {
    ///     print(output.portName, output.portType, output.uid, output.channels.map(\.channelName))
    /// }
    /// ```
    ///
    /// Earlier releases gave the model's `PortDescription` here, with `name`, `type` and
    /// `channels` as a count: `name` and `type` remain as deprecated aliases of ``portName`` and
    /// ``portType``, the count is ``channelCount``, and `AudioSession.PortDescription(_:)` converts a
    /// model port (the agent's and the policy engine's type, still the top-level `PortDescription`).
    public struct PortDescription: Hashable, Sendable {
        /// The name shown to people (the device's description on the server).
        public var portName: String
        /// What kind of device it is.
        public var portType: Port
        /// A stable identifier across restarts: the sink, source or node name, with `#` and the
        /// active port's name for a device with ports.
        public var uid: String
        /// The port's channels, from the server's channel map of the device, numbered from 1.
        public var channels: [ChannelDescription]
        /// The port's data sources: always `nil` on the Linux desktop, where the server's ports of
        /// one device are route ports of their own (``DataSourceDescription`` says why).
        public var dataSources: [DataSourceDescription]? { nil }

        /// Creates a port description.
        ///
        /// ```swift
        /// let speaker = AudioSession.PortDescription(
        ///     portName: "Speaker", portType: .builtInSpeaker, uid: "speaker",
        ///     channels: [
        ///         .init(position: "front-left", number: 1, owningPortUID: "speaker"),
        ///         .init(position: "front-right", number: 2, owningPortUID: "speaker"),
        ///     ])
        /// ```
        public init(portName: String, portType: Port, uid: String, channels: [ChannelDescription]) {
            self.portName = portName
            self.portType = portType
            self.uid = uid
            self.channels = channels
        }

        /// A port whose channels are known by their server positions (`front-left`, ...), in order.
        ///
        /// ```swift
        /// let port = AudioSession.PortDescription(portName: "Speaker", portType: .builtInSpeaker, uid: "speaker",
        ///                                         positions: ["front-left", "front-right"])
        /// ```
        public init(portName: String, portType: Port, uid: String, positions: [String]) {
            let channels = positions.enumerated().map { offset, position in
                ChannelDescription(position: position, number: offset + 1, owningPortUID: uid)
            }
            self.init(portName: portName, portType: portType, uid: uid, channels: channels)
        }

        /// The session's port for a model port (the agent's and the engine's type), which knows
        /// only its channel count: the channels get no position (label `""`, name `Channel`).
        ///
        /// ```swift
        /// let port = AudioSession.PortDescription(AudioSessionModel.PortDescription(
        ///     name: "Speaker", uid: "speaker", type: .builtInSpeaker, channels: 2))
        /// ```
        public init(_ port: AudioSessionModel.PortDescription) {
            self.init(
                portName: port.name, portType: Port(port.type), uid: port.uid,
                positions: Array(repeating: "", count: max(0, port.channels)))
        }

        /// How many channels the port has: `channels.count`.
        ///
        /// ```swift
        /// let isStereo = port.channelCount == 2
        /// ```
        public var channelCount: Int { channels.count }
    }
}
