import AudioSessionBus

/// The agent's own error names (docs/dbus-api.md, Errors).
enum AgentErrorName {
    static let noSuchSession: BusErrorName = "org.audiosession.Error.NoSuchSession"
    static let noSuchStream: BusErrorName = "org.audiosession.Error.NoSuchStream"
    static let unknownName: BusErrorName = "org.audiosession.Error.UnknownName"
    static let invalidConfiguration: BusErrorName = "org.audiosession.Error.InvalidConfiguration"
    static let tooManySessions: BusErrorName = "org.audiosession.Error.TooManySessions"
    static let insufficientPriority: BusErrorName = "org.audiosession.Error.InsufficientPriority"
    static let mediaServicesUnavailable: BusErrorName = "org.audiosession.Error.MediaServicesUnavailable"
}
