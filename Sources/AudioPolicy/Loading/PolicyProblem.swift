public import TOMLReader

/// One thing wrong with a policy file: where it is, which setting, what was found and what was expected.
///
/// Its description is the line a person sees from `audiosessionctl policy check`:
///
/// ```
/// office.toml:12:11: roles.music.options[1]: unknown option "duck-other"; expected one of: mix-with-others, duck-others, ...
/// ```
public struct PolicyProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the loader was given or found it.
    public var file: String
    /// Where in the file, when known (a missing key has no position of its own; its table's is used).
    public var position: SourcePosition?
    /// The setting, as a path from the top of the file: `ducking.level`, `rank[2].modes[0]`, `roles.music.options[1]`.
    /// Empty for a problem with the whole file.
    public var keyPath: String
    /// What was found and what was expected.
    public var message: String

    /// Creates a problem.
    public init(file: String, position: SourcePosition?, keyPath: String, message: String) {
        self.file = file
        self.position = position
        self.keyPath = keyPath
        self.message = message
    }

    /// `file:line:column: key.path: message`, leaving out the parts that are not known.
    public var description: String {
        var text = file
        if let position { text += ":\(position.line):\(position.column)" }
        text += ": "
        if !keyPath.isEmpty { text += keyPath + ": " }
        return text + message
    }
}
