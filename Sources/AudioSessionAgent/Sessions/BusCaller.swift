/// Who made a call, as the bus and the caller's process say: never taken from the call's arguments.
///
/// The agent fills it from the message's sender and `GetConnectionCredentials`; the process binary
/// and Flatpak app id come from the caller's process (`/proc/PID`), which the app cannot choose.
/// For a Flatpak app the bus reports the PID of the sandbox's bus proxy: the agent then gives the
/// Flatpak id (the proxy shares the app's `/.flatpak-info`) and no process binary.
///
/// ```swift
/// let caller = BusCaller(uniqueName: ":1.42", processID: 4242, userID: 1000, processBinary: "maps")
/// ```
public struct BusCaller: Hashable, Sendable {
    /// The connection's unique bus name, for example `:1.42`; a session belongs to it.
    public var uniqueName: String
    /// The caller's process id, when the bus knows it.
    public var processID: Int32?
    /// The caller's user id, when the bus knows it.
    public var userID: UInt32?
    /// The caller's executable name, read from its process.
    public var processBinary: String?
    /// The caller's Flatpak app id, read from its sandbox.
    public var flatpakID: String?

    /// Creates a caller's identity; everything but the unique name is optional.
    public init(
        uniqueName: String, processID: Int32? = nil, userID: UInt32? = nil, processBinary: String? = nil,
        flatpakID: String? = nil
    ) {
        self.uniqueName = uniqueName
        self.processID = processID
        self.userID = userID
        self.processBinary = processBinary
        self.flatpakID = flatpakID
    }
}
