extension PrivatePipeWire {
    /// Stops the whole PipeWire stack, PipeWire first (as in a crash: every client loses it at once),
    /// then WirePlumber and pipewire-pulse if they have not ended with it (by their recorded PIDs),
    /// and returns once they are gone; the directory and the socket paths
    /// stay, for ``resumeStack()``. Native clients and pulse-protocol clients alike see their
    /// connection drop, as when a user's PipeWire crashes or `systemctl --user restart pipewire`
    /// runs. (``PulseProtocolServer/haltServerProcess()`` stops pipewire-pulse alone.)
    ///
    /// ```swift
    /// try await pipewire.haltStack()     // a native agent hears PipeWire go away
    /// try await pipewire.resumeStack()   // a new PipeWire instance on the same sockets
    /// ```
    public func haltStack() async throws {
        try await runPrivateServerScript(["halt", directory, "pipewire"])
    }

    /// Starts PipeWire, WirePlumber and pipewire-pulse again on the same sockets and directories
    /// (WirePlumber keeps its state), makes the null `speaker` and `mic` again (they lived in the
    /// PipeWire process that ended) and returns once pipewire-pulse reports them as the defaults.
    /// The new PipeWire is a new instance (another core cookie); devices plugged since the start
    /// are gone.
    public func resumeStack() async throws {
        try await runPrivateServerScript(["resume", directory, "pipewire"])
    }
}
