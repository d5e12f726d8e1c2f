import Synchronization

extension AudioSession {
    /// What the session's input goes through before the app reads it.
    ///
    /// The agent puts an echo canceller on the route of an active `voice-chat` or `video-chat`
    /// session (as the voice-processing unit does on iOS) when its policy says so, and on that of
    /// an active session whose app asked with ``AudioSession/setPrefersEchoCancelledInput(_:)``;
    /// `measurement` mode, and every other session, records straight from the device.
    ///
    /// ```swift
    /// switch await session.inputProcessing() {
    /// case .none: print("raw input")
    /// case .echoCancellation(let canceller): print("echo-cancelled by \(canceller)")
    /// }
    /// ```
    public enum InputProcessing: Hashable, Sendable {
        /// Straight from the device: nothing the agent controls is in the path.
        case none
        /// Through the sound server's echo canceller.
        case echoCancellation(Canceller)
    }

    /// An echo canceller by its name (`speex`, `webrtc`); names a newer agent adds are kept as they are.
    ///
    /// ```swift
    /// AudioSession.Canceller.webrtc.rawValue  // "webrtc"
    /// ```
    public struct Canceller: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The canceller's name.
        ///
        /// ```swift
        /// print(canceller.rawValue)   // webrtc
        /// ```
        public let rawValue: String
        /// Wraps a canceller name.
        ///
        /// ```swift
        /// let fromPolicy = AudioSession.Canceller(rawValue: "webrtc")   // == .webrtc
        /// ```
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Speex's acoustic echo canceller.
        ///
        /// ```swift
        /// if case .echoCancellation(.speex) = await session.inputProcessing() { print("speex") }
        /// ```
        public static let speex = Canceller(rawValue: "speex")
        /// The WebRTC audio processing module's canceller.
        ///
        /// ```swift
        /// if case .echoCancellation(.webrtc) = await session.inputProcessing() { print("webrtc") }
        /// ```
        public static let webrtc = Canceller(rawValue: "webrtc")
        /// The name, as ``rawValue``.
        ///
        /// ```swift
        /// print("echo-cancelled by \(canceller)")
        /// ```
        public var description: String { rawValue }
    }

    /// The processing applied to the session's input now, as the agent reports it; ``InputProcessing/none``
    /// while no agent runs (nothing then loads a canceller) or it cannot be asked.
    ///
    /// The agent's `GetInputProcessing`; `audiosessionctl status` shows the same.
    ///
    /// ```swift
    /// try session.setCategory(.playAndRecord, mode: .voiceChat)
    /// try await session.setActive(true)
    /// if case .echoCancellation = await session.inputProcessing() { hideEchoWarning() }
    /// ```
    public func inputProcessing() async -> InputProcessing {
        guard let registration = core.state.withLock({ $0.registration }) else { return .none }
        do throws(AgentCallFailure) {
            let (processing, canceller) = try await core.agent.inputProcessing(registration.sessionID)
            return processing == "echo-cancellation" ? .echoCancellation(Canceller(rawValue: canceller)) : .none
        } catch {
            return .none
        }
    }
}
