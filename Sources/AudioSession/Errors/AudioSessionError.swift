public import AudioSessionModel

/// Why an ``AudioSession`` call was refused or failed: every throwing call of the session
/// throws this type (declared as plain `throws`, so `catch let error as AudioSessionError where
/// ...` works everywhere; Swift 6.3's compiler crashes on `catch where` over a typed-throws call
/// whose error type holds strings).
///
/// A struct around a code, so new cases can come without breaking your `switch`: match on
/// ``code``. The ``description`` says what was wrong and what would have been accepted.
///
/// ```swift
/// do {
///     try await session.setActive(true)
/// } catch let error as AudioSessionError where error.code == .insufficientPriority {
///     print("busy: \(error.holder ?? "another app") holds the audio")   // a call is going on
/// }
/// ```
public struct AudioSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    ///
    /// ```swift
    /// if error.code == .invalidConfiguration { print(error.configurationError?.description ?? "") }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case insufficientPriority = "insufficient priority"
            case invalidConfiguration = "invalid configuration"
            case agentUnavailable = "agent unavailable"
            case mediaServicesUnavailable = "media services unavailable"
            case soundServerUnavailable = "sound server unavailable"
            case noSuchPort = "no such port"
            case notSupported = "not supported"
            case agentRefused = "agent refused"
        }

        private let base: Base

        private init(_ base: Base) { self.base = base }

        /// Activation refused: a higher-ranked non-mixable session (a call) is active. ``holder`` names it.
        public static let insufficientPriority = Code(.insufficientPriority)
        /// The category, mode and options break a validity rule; ``configurationError`` names the rule.
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// The call needs the agent (`audiosessiond`) and none runs on the session bus.
        public static let agentUnavailable = Code(.agentUnavailable)
        /// The sound server is gone (between ``AudioSession/mediaServicesWereLost`` and
        /// ``AudioSession/mediaServicesWereReset``); activate again after the reset.
        public static let mediaServicesUnavailable = Code(.mediaServicesUnavailable)
        /// The call needs the sound server and the session cannot reach it.
        public static let soundServerUnavailable = Code(.soundServerUnavailable)
        /// A port that is not among the available ones.
        public static let noSuchPort = Code(.noSuchPort)
        /// The request cannot be honoured on this server or device (a fixed input gain, a value out of range).
        public static let notSupported = Code(.notSupported)
        /// The agent refused the call for a reason this version of the library does not know.
        public static let agentRefused = Code(.agentRefused)

        /// The kind in words (`insufficient priority`).
        ///
        /// ```swift
        /// print(error.code)   // no such port
        /// ```
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    ///
    /// ```swift
    /// if error.code == .agentUnavailable { showNoAgentBanner() }
    /// ```
    public let code: Code
    /// What happened and what would be accepted, for people.
    ///
    /// ```swift
    /// alert.text = error.message
    /// ```
    public let message: String
    /// For ``Code/insufficientPriority``: the participant that holds the audio, as the agent names
    /// it (`session:3`, `stream:12`), when the agent said.
    ///
    /// ```swift
    /// print("the audio is held by \(error.holder ?? "another app")")
    /// ```
    public let holder: String?
    /// For ``Code/invalidConfiguration`` found by the library: the broken rule.
    ///
    /// ```swift
    /// if let rule = error.configurationError { print(rule) }
    /// ```
    public let configurationError: SessionConfigurationError?

    init(_ code: Code, _ message: String, holder: String? = nil, configurationError: SessionConfigurationError? = nil) {
        self.code = code
        self.message = message
        self.holder = holder
        self.configurationError = configurationError
    }

    /// The configuration broke `rule`; the message is the rule's own, which names it.
    static func invalidConfiguration(_ rule: SessionConfigurationError) -> AudioSessionError {
        AudioSessionError(.invalidConfiguration, "invalid configuration: \(rule.description)", configurationError: rule)
    }

    /// The ``message``: what happened and what would be accepted.
    ///
    /// ```swift
    /// print(error)   // no input "usb-mic" is available; available inputs: mic
    /// ```
    public var description: String { message }
}
