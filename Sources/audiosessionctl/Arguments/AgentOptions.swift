import ArgumentParser

/// Options every command that talks to the agent shares: which bus, and how long to wait for a reply.
struct AgentOptions: ParsableArguments {
    @Option(
        name: .customLong("bus"),
        help: ArgumentHelp(
            "The session bus address (default: $DBUS_SESSION_BUS_ADDRESS).", valueName: "address"))
    var busAddress: String?

    @Option(help: ArgumentHelp("Seconds to wait for each reply from the agent.", valueName: "seconds"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout > 0, timeout <= 600 else {
            throw ValidationError("--timeout takes seconds between 0 and 600, not \(timeout)")
        }
    }

    /// Connects to the bus these options name.
    func connect() throws(CtlFailure) -> AgentClient {
        try AgentClient.connect(address: busAddress, timeout: .milliseconds(Int(timeout * 1000)))
    }
}
