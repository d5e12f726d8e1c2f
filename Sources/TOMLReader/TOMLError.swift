/// A TOML syntax or structure error, with the position it was found at.
///
/// The message says what was found and what was expected, so it can be shown to a person as is:
///
/// ```swift
/// do {
///     _ = try TOMLDocument(parsing: "level 0.3")
/// } catch {
///     print(error)   // 1:7: expected '=' after key 'level', found '0'
/// }
/// ```
public struct TOMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var position: SourcePosition
    /// What was found and what was expected, without the position.
    public var message: String

    /// Creates an error at a position.
    public init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }

    /// The line of the problem, starting at 1.
    public var line: Int { position.line }
    /// The column of the problem, starting at 1.
    public var column: Int { position.column }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
