/// A private server did not come up, twice.
public struct ServerStartFailure: Error, CustomStringConvertible, Sendable {
    /// What `scripts/private-server start` was given (without the directory).
    public var arguments: [String]
    /// Why each attempt failed.
    public var attempts: [String]

    public var description: String {
        "private-server start \(arguments.joined(separator: " ")) failed \(attempts.count) times: "
            + attempts.joined(separator: "; then: ")
    }
}
