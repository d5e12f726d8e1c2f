import Foundation

extension PulseProtocolServer {
    /// The process that speaks the PulseAudio protocol here: `pulseaudio`, or `pipewire-pulse`
    /// (PipeWire and WirePlumber go on running without it).
    public var pulseProtocolProcessName: String { self is PrivatePulseAudio ? "pulseaudio" : "pipewire-pulse" }

    /// Stops the process serving the PulseAudio protocol (by its recorded PID) and returns once it
    /// is gone; the directory, the socket path and the other processes stay, for
    /// ``resumeServerProcess()``. Clients see their connection drop, as when a user's server
    /// crashes or restarts.
    ///
    /// ```swift
    /// try await pulse.haltServerProcess()     // the agent hears the server go away
    /// try await pulse.resumeServerProcess()   // a new instance on the same socket
    /// ```
    public func haltServerProcess() async throws {
        try await runPrivateServerScript(["halt", directory, pulseProtocolProcessName])
    }

    /// Starts the process ``haltServerProcess()`` stopped again, on the same socket and
    /// directories, and returns once it answers. PulseAudio comes back as a new instance (a new
    /// cookie) with its configured devices; pipewire-pulse comes back with PipeWire's graph as it was.
    public func resumeServerProcess() async throws {
        try await runPrivateServerScript(["resume", directory, pulseProtocolProcessName])
    }

    /// Runs `scripts/private-server ARGUMENTS` to its end; throws with its output when it fails.
    func runPrivateServerScript(_ arguments: [String]) async throws {
        let child = try ChildProcess(
            [PackageLayout.privateServerScript] + arguments, environment: ProcessInfo.processInfo.environment,
            outputDirectory: directory)
        let status = await child.waitForExit()
        let result = ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
        child.removeOutputFiles()
        guard result.succeeded else { throw ToolFailure(command: ["private-server"] + arguments, result: result) }
    }
}
