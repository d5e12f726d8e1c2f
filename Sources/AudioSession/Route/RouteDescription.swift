public import AudioSessionModel

extension AudioSession {
    /// The inputs and outputs a session's audio uses, as ``AudioSession/currentRoute`` and
    /// ``AudioSession/RouteChange/previousRoute`` give them.
    ///
    /// ```swift
    /// let onHeadphones = session.currentRoute.outputs.contains { $0.portType == .headphones }
    /// ```
    public struct RouteDescription: Hashable, Sendable {
        /// The ports audio is captured from.
        public var inputs: [PortDescription]
        /// The ports audio is played to.
        public var outputs: [PortDescription]

        /// Creates a route description.
        ///
        /// ```swift
        /// let silent = AudioSession.RouteDescription()
        /// ```
        public init(inputs: [PortDescription] = [], outputs: [PortDescription] = []) {
            self.inputs = inputs
            self.outputs = outputs
        }

        /// The session's route for a model route (the agent's and the engine's type).
        ///
        /// ```swift
        /// let route = AudioSession.RouteDescription(AudioSessionModel.RouteDescription())
        /// ```
        public init(_ route: AudioSessionModel.RouteDescription) {
            self.init(inputs: route.inputs.map(PortDescription.init), outputs: route.outputs.map(PortDescription.init))
        }
    }
}
