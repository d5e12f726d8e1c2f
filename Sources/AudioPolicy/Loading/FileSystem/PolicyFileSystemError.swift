/// A file or directory that exists but could not be read.
public struct PolicyFileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for example "permission denied" or "is a directory".
    public var reason: String

    /// Creates an error with a reason a person can act on.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
