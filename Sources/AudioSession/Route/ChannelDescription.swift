extension AudioSession {
    /// One channel of a port, by AVAudioSessionChannelDescription's names: filled from the sound
    /// server's channel map of the device.
    ///
    /// ```swift
    /// for channel in session.currentRoute.outputs.first?.channels ?? [] {
    ///     print(channel.channelNumber, channel.channelName)   // 1 Front Left, 2 Front Right
    /// }
    /// ```
    public struct ChannelDescription: Hashable, Sendable {
        /// The channel's name shown to people, from its position: `Front Left`, `Low Frequency Emitter`,
        /// `Auxiliary 3` (PulseAudio's pretty names for positions).
        public var channelName: String
        /// The channel's number in the port, from 1.
        public var channelNumber: Int
        /// The ``PortDescription/uid`` of the port the channel belongs to.
        public var owningPortUID: String
        /// The channel's position as the server names it in its channel map (`front-left`, `lfe`,
        /// `aux3`): what `pactl list sinks` shows under "Channel Map". Where AVAudioSession has an
        /// `AudioChannelLabel` number, the server's position name is the label here.
        public var channelLabel: String

        /// Creates a channel description.
        ///
        /// ```swift
        /// let left = AudioSession.ChannelDescription(
        ///     channelName: "Front Left", channelNumber: 1, owningPortUID: "speaker", channelLabel: "front-left")
        /// ```
        public init(channelName: String, channelNumber: Int, owningPortUID: String, channelLabel: String) {
            self.channelName = channelName
            self.channelNumber = channelNumber
            self.owningPortUID = owningPortUID
            self.channelLabel = channelLabel
        }

        /// A channel at a server position, named as PulseAudio names the position to people.
        ///
        /// ```swift
        /// AudioSession.ChannelDescription(position: "lfe", number: 4, owningPortUID: "surround").channelName
        /// // "Low Frequency Emitter"
        /// ```
        public init(position: String, number: Int, owningPortUID: String) {
            self.init(
                channelName: Self.name(ofPosition: position), channelNumber: number, owningPortUID: owningPortUID,
                channelLabel: position)
        }
    }
}
