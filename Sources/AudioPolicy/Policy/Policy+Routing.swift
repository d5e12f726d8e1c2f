public import AudioSessionModel

extension Policy {
    /// Where audio goes when devices come and go, and which devices sessions prefer
    /// (`[routing]` in files).
    ///
    /// ```swift
    /// var routing = Policy.Routing()
    /// routing.lastInWins = false          // plugging headphones no longer makes them the default
    /// routing.unplugSilenceMilliseconds = 30_000
    /// ```
    public struct Routing: Hashable, Sendable {
        /// Plugging a device of ``lastInWinsPortTypes`` makes it the default device, so streams
        /// that follow the default move there; streams the user pinned stay.
        public var lastInWins: Bool
        /// The kinds of device that win when plugged (people plug headphones to use them; an
        /// HDMI monitor waking up is not a request to move the music).
        public var lastInWinsPortTypes: [PortType]
        /// Unplugging a device of ``pauseOnUnplugPortTypes`` pauses what played there: sessions
        /// get old-device-unavailable (the library's player pauses), other apps are paused over
        /// MPRIS or muted where they fell back to.
        public var pauseOnUnplug: Bool
        /// The kinds of device whose unplugging pauses (private listening devices).
        public var pauseOnUnplugPortTypes: [PortType]
        /// How long an app without the library stays muted after its device was unplugged, if it
        /// neither stops nor is moved; 0 keeps it muted until one of those happens.
        public var unplugSilenceMilliseconds: Int
        /// Output kinds a call (play-and-record in voice-chat or video-chat mode) prefers, best first.
        public var callOutputPortTypes: [PortType]
        /// Input kinds a call prefers, best first.
        public var callInputPortTypes: [PortType]

        /// The shipped defaults (policies/default.toml says the same).
        public init(
            lastInWins: Bool = true,
            lastInWinsPortTypes: [PortType] = [.headphones, .headsetMic, .usbAudio, .bluetoothA2DP, .bluetoothHFP, .bluetoothLE],
            pauseOnUnplug: Bool = true,
            pauseOnUnplugPortTypes: [PortType] = [.headphones, .usbAudio, .bluetoothA2DP, .bluetoothHFP, .bluetoothLE],
            unplugSilenceMilliseconds: Int = 0,
            callOutputPortTypes: [PortType] = [.bluetoothHFP, .headphones, .usbAudio, .bluetoothLE],
            callInputPortTypes: [PortType] = [.bluetoothHFP, .headsetMic, .usbAudio, .bluetoothLE]
        ) {
            self.lastInWins = lastInWins
            self.lastInWinsPortTypes = lastInWinsPortTypes
            self.pauseOnUnplug = pauseOnUnplug
            self.pauseOnUnplugPortTypes = pauseOnUnplugPortTypes
            self.unplugSilenceMilliseconds = unplugSilenceMilliseconds
            self.callOutputPortTypes = callOutputPortTypes
            self.callInputPortTypes = callInputPortTypes
        }
    }
}
