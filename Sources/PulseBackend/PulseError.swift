/// A failure reported by libpulse or the sound server, with the call that failed.
///
/// The code is PulseAudio's error code (`pa_context_errno`), the message its text
/// (`pa_strerror`): an unknown stream index gives ``Code/noEntity`` and "No such entity".
///
/// ```swift
/// do {
///     try await connection.setSinkInputMute(999, muted: true)
/// } catch where error.code == .noEntity {
///     print(error)   // pa_context_get_sink_input_info: No such entity
/// }
/// ```
public struct PulseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// PulseAudio's error codes (`PA_ERR_*`). New codes may appear; compare with the constants.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The numeric code.
        public let rawValue: Int32
        /// Wraps a numeric code.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// Access failure.
        public static let accessDenied = Code(rawValue: 1)
        /// Unknown command.
        public static let unknownCommand = Code(rawValue: 2)
        /// Invalid argument (for instance a volume with the wrong channel count).
        public static let invalidArgument = Code(rawValue: 3)
        /// The entity exists already.
        public static let exists = Code(rawValue: 4)
        /// No such entity (an unknown index or name).
        public static let noEntity = Code(rawValue: 5)
        /// Connection refused (no server listens at the address).
        public static let connectionRefused = Code(rawValue: 6)
        /// Protocol error.
        public static let protocolError = Code(rawValue: 7)
        /// Timeout.
        public static let timeout = Code(rawValue: 8)
        /// No authentication key.
        public static let authenticationKey = Code(rawValue: 9)
        /// Internal error.
        public static let internalError = Code(rawValue: 10)
        /// The connection was terminated (the server died or closed it, or the client disconnected).
        public static let connectionTerminated = Code(rawValue: 11)
        /// The entity was killed.
        public static let killed = Code(rawValue: 12)
        /// Invalid server address.
        public static let invalidServer = Code(rawValue: 13)
        /// A module failed to initialise (bad module name or argument).
        public static let moduleInitializationFailed = Code(rawValue: 14)
        /// Bad state.
        public static let badState = Code(rawValue: 15)
        /// No data.
        public static let noData = Code(rawValue: 16)
        /// Incompatible protocol version.
        public static let incompatibleVersion = Code(rawValue: 17)
        /// Data too large.
        public static let tooLarge = Code(rawValue: 18)
        /// Operation not supported.
        public static let notSupported = Code(rawValue: 19)
        /// The error code was unknown.
        public static let unknown = Code(rawValue: 20)
        /// Extension does not exist (for instance module-stream-restore is not loaded).
        public static let noExtension = Code(rawValue: 21)
        /// Obsolete functionality.
        public static let obsolete = Code(rawValue: 22)
        /// Missing implementation.
        public static let notImplemented = Code(rawValue: 23)
        /// The caller forked without calling exec.
        public static let forked = Code(rawValue: 24)
        /// An I/O error.
        public static let inputOutput = Code(rawValue: 25)
        /// Device or resource busy.
        public static let busy = Code(rawValue: 26)
    }

    /// What went wrong.
    public var code: Code
    /// The PulseAudio call that failed (`pa_context_set_sink_input_volume`).
    public var operation: String
    /// The explanation: PulseAudio's text for the code, or ours where we refused a call ourselves.
    public var message: String

    /// An error for `operation` with PulseAudio's `code` and `message`.
    public init(code: Code, operation: String, message: String) {
        self.code = code
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(operation): \(message)" }
}
