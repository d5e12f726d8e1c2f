extension BusConnection {
    /// Asks the bus for a well-known name.
    ///
    /// ```swift
    /// let result = try await bus.requestName("org.audiosession.Agent", options: [.doNotQueue])
    /// ```
    ///
    /// The corresponding bus call is `org.freedesktop.DBus.RequestName`.
    public func requestName(_ name: String, options: NameRequestOptions = []) async throws -> NameRequestResult {
        try LibDBus.validateBusName(name)
        let reply = try await callBus("RequestName", [.string(name), .uint32(options.rawValue)])
        let (code) = try reply.decode(UInt32.self)
        guard let result = NameRequestResult(rawValue: code) else {
            throw BusError(.failed, "the bus answered RequestName with unknown code \(code)")
        }
        return result
    }

    /// Gives a well-known name back (or leaves its queue).
    ///
    /// ```swift
    /// _ = try await bus.releaseName("org.audiosession.Agent")
    /// ```
    ///
    /// The corresponding bus call is `org.freedesktop.DBus.ReleaseName`.
    public func releaseName(_ name: String) async throws -> NameReleaseResult {
        try LibDBus.validateBusName(name)
        let reply = try await callBus("ReleaseName", [.string(name)])
        let (code) = try reply.decode(UInt32.self)
        guard let result = NameReleaseResult(rawValue: code) else {
            throw BusError(.failed, "the bus answered ReleaseName with unknown code \(code)")
        }
        return result
    }

    /// The unique name that owns `name` now; throws `NameHasNoOwner` when nobody does.
    ///
    /// ```swift
    /// let owner = try await bus.nameOwner(of: "org.audiosession.Agent")   // ":1.7"
    /// ```
    public func nameOwner(of name: String) async throws -> String {
        try LibDBus.validateBusName(name)
        let (owner) = try await callBus("GetNameOwner", [.string(name)]).decode(String.self)
        return owner
    }
}
