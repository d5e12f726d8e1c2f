/// A scenario file that does not follow the format: the file, the line where known, and what was
/// expected there.
///
/// ```swift
/// do { _ = try parser.parse(text) } catch let error as ScenarioFormatError {
///     print(error)  // "demo.toml:12: `dance song`: unknown action \"dance\"; accepted: register, ..."
/// }
/// ```
public struct ScenarioFormatError: Error, Sendable, CustomStringConvertible {
    /// The scenario file's name.
    public var file: String
    /// The line the problem is on, when known.
    public var line: Int?
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error; parsers and worlds that read scenario files use it.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, or `file: message` when the line is unknown.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
