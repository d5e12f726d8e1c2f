public import AudioSessionContract
extension SessionRegistryError {
    /// The D-Bus error the agent replies with; ``description`` is the message that goes with it.
    ///
    /// ```swift
    /// SessionRegistryError.accessDenied("3").busErrorName  // .accessDenied
    /// ```
    public var busErrorName: AgentErrorName {
        switch code {
        case .accessDenied: .accessDenied
        case .noSuchSession: .noSuchSession
        case .tooManyForConnection, .tooManyForApp, .tooManyInAll: .tooManySessions
        case .unknownName, .unknownProperty: .unknownName
        case .invalidConfiguration: .invalidConfiguration
        case .invalidProperty: .invalidArguments
        case .tokenInUse: .failed
        case .tokenNotProven: .accessDenied
        }
    }
}
