public import Logging

extension AudioSession {
    /// Where a session finds the session bus and the sound server, and how it logs. The defaults
    /// come from the environment, as for any desktop app; tests and apps with unusual set-ups
    /// give them explicitly.
    ///
    /// ```swift
    /// let options = AudioSession.ConnectionOptions(
    ///     busAddress: "unix:path=/tmp/test-bus", soundServer: "unix:/tmp/pulse/native")
    /// let session = AudioSession(applicationID: "org.example.Test", options: options)
    /// ```
    public struct ConnectionOptions: Sendable {
        /// The D-Bus address of the session bus; `nil` means `DBUS_SESSION_BUS_ADDRESS`.
        ///
        /// ```swift
        /// let options = AudioSession.ConnectionOptions(busAddress: "unix:path=/run/user/1000/bus")
        /// ```
        public var busAddress: String?
        /// The sound server's address (`unix:/run/user/1000/pulse/native`); `nil` means libpulse's
        /// default (`PULSE_SERVER`, then client.conf, then the user's socket). PipeWire is reached
        /// through pipewire-pulse.
        ///
        /// ```swift
        /// let options = AudioSession.ConnectionOptions(soundServer: "unix:/run/user/1000/pulse/native")
        /// ```
        public var soundServer: String?
        /// Not used since the second edition, kept so existing code compiles: the agent, not the
        /// app's process, forces PipeWire's graph clock for the session's hardware preferences
        /// (``AudioSession/setPreferredSampleRate(_:)``), on the PipeWire it serves.
        ///
        /// ```swift
        /// let options = AudioSession.ConnectionOptions(pipeWireRemote: nil)   // ignored
        /// ```
        public var pipeWireRemote: String?
        /// How long a call to the agent may take before the session treats the agent as gone.
        ///
        /// ```swift
        /// var options = AudioSession.ConnectionOptions()
        /// options.agentCallTimeout = .seconds(2)
        /// ```
        public var agentCallTimeout: Duration
        /// Where the session logs what it cannot return as an error (the agent's absence, a
        /// re-registration), with `session.id` and `application.id` metadata.
        ///
        /// ```swift
        /// var options = AudioSession.ConnectionOptions()
        /// options.logger = Logger(label: "org.example.Player.audio")
        /// ```
        public var logger: Logger

        /// Options from the environment, or as given.
        ///
        /// ```swift
        /// var options = AudioSession.ConnectionOptions()
        /// options.agentCallTimeout = .seconds(2)
        /// ```
        public init(
            busAddress: String? = nil, soundServer: String? = nil, pipeWireRemote: String? = nil,
            agentCallTimeout: Duration = .seconds(10), logger: Logger = Logger(label: "audiosession")
        ) {
            self.busAddress = busAddress
            self.soundServer = soundServer
            self.pipeWireRemote = pipeWireRemote
            self.agentCallTimeout = agentCallTimeout
            self.logger = logger
        }
    }
}
