/// Why an ``AudioPlayer``, ``AudioStreamPlayer`` or ``AudioRecorder`` could not start or went on no further: what their
/// throwing calls throw. (They are declared plain `throws`, as the session's calls are: Swift
/// 6.3.1 crashes compiling a `catch … where` over a typed-throws call whose error holds strings.)
///
/// ```swift
/// do {
///     try await player.play()
/// } catch let error as AudioMediaError where error.code == .soundServerUnavailable {
///     print(error)   // sound server unavailable: ...
/// }
/// ```
public struct AudioMediaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; compare with the constants.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The file could not be read or written, or is not a WAV file this library reads.
        public static let file = Code("file")
        /// The session has no connection to the sound server (none runs, or it is restarting).
        public static let soundServerUnavailable = Code("sound server unavailable")
        /// The server refused or ended the stream.
        public static let stream = Code("stream")
        /// The format cannot be played or recorded (no frames, an invalid rate or channel count).
        public static let format = Code("format")
        /// An ``AudioStreamPlayer`` takes no more audio: its end of stream was marked (until
        /// ``AudioStreamPlayer/stop()``) or it was closed.
        public static let ended = Code("ended")

        /// The kind in words (`sound server unavailable`).
        ///
        /// ```swift
        /// print(error.code)   // stream
        /// ```
        public var description: String { name }
    }

    /// What kind of failure.
    ///
    /// ```swift
    /// if error.code == .format { print("unplayable: \(error.message)") }
    /// ```
    public var code: Code
    /// What happened, in words.
    ///
    /// ```swift
    /// statusLabel.text = error.message
    /// ```
    public var message: String

    /// An error of `code` explained by `message`.
    ///
    /// ```swift
    /// throw AudioMediaError(code: .file, message: "episode.wav: not a WAV file")
    /// ```
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The kind and the message (`stream: the server refused ...`), for logs and people.
    ///
    /// ```swift
    /// logger.error("cannot play: \(error)")
    /// ```
    public var description: String { "\(code): \(message)" }
}
