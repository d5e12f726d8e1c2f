extension BusConnection {
    /// Asks the bus for the PID and UID behind a connection (an incoming call's
    /// ``BusMethodCall/sender``).
    ///
    /// ```swift
    /// let caller = try await bus.callerIdentity(of: call.sender)
    /// print(caller.processID, caller.userID)
    /// ```
    ///
    /// The corresponding bus call is `org.freedesktop.DBus.GetConnectionCredentials`.
    public func callerIdentity(of uniqueName: String) async throws -> BusCallerIdentity {
        try LibDBus.validateBusName(uniqueName)
        let (credentials) = try await callBus("GetConnectionCredentials", [.string(uniqueName)])
            .decode([String: BusVariant].self)
        guard case .uint32(let pid)? = credentials["ProcessID"]?.value, let processID = Int32(exactly: pid) else {
            throw BusError(.failed, "the bus did not report a process ID for \(uniqueName)")
        }
        guard case .uint32(let userID)? = credentials["UnixUserID"]?.value else {
            throw BusError(.failed, "the bus did not report a user ID for \(uniqueName)")
        }
        return BusCallerIdentity(uniqueName: uniqueName, processID: processID, userID: userID)
    }
}
