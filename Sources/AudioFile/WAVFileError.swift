/// Why a WAV file could not be read or written, with what was expected.
///
/// ```swift
/// do {
///     _ = try WAVFile(bytes: Array("not a wav".utf8))
/// } catch {
///     print(error)   // not a WAV file: expected "RIFF" at byte 0, found "not "
/// }
/// ```
public struct WAVFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure; compare with the constants, new ones may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The bytes are not a RIFF/WAVE file.
        public static let notWAV = Code("not a WAV file")
        /// The file ends inside a header or a chunk.
        public static let truncated = Code("truncated WAV file")
        /// A chunk is missing or inconsistent (no `fmt `, no `data`, wrong block size).
        public static let malformed = Code("malformed WAV file")
        /// Valid WAV, but an encoding or layout this reader does not handle.
        public static let unsupported = Code("unsupported WAV file")
        /// The file could not be read or written.
        public static let io = Code("WAV file I/O failed")

        public var description: String { name }
    }

    /// What kind of failure.
    public var code: Code
    /// What was expected and what was found.
    public var message: String

    /// An error of `code` explained by `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
